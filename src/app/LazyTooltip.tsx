import { cloneElement, lazy, startTransition, Suspense, useEffect, useId, useRef, useState, type FocusEvent, type PointerEvent, type ReactElement, type Ref } from 'react';

const Tooltip = lazy(() => import('./tooltip').then((m) => ({ default: m.Tooltip })));

/** The props LazyTooltip gives its trigger (a Fluent Button or Badge takes them all). */
interface TriggerProps {
  ref?: Ref<HTMLElement>;
  'aria-label'?: string;
  'aria-describedby'?: string;
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
}

interface LazyTooltipProps {
  /** The tooltip's text. */
  content: string;
  /** As Fluent's Tooltip: the trigger's accessible name, or its description. */
  relationship: 'label' | 'description';
  children: ReactElement<TriggerProps>;
}

/** Where the pointer and focus are while the tooltip loads, to show it on arrival. */
interface Presence {
  hovered: boolean;
  focused: boolean;
}

/**
 * Fluent's Tooltip, loaded when the pointer or focus first reaches its trigger: with the
 * positioning engine under it, it is ~13 KB gzip that no page needs to paint (issue 13's
 * first-load budget). Until then the trigger carries the text as Fluent gives it to assistive
 * technology: its name for a label, a description from a hidden element otherwise.
 */
export function LazyTooltip({ content, relationship, children }: LazyTooltipProps) {
  const descriptionId = useId();
  const [wanted, setWanted] = useState(false);
  const presence = useRef<Presence>({ hovered: false, focused: false });
  const track = (change: Partial<Presence>) => {
    Object.assign(presence.current, change);
    // A transition keeps this trigger on screen (no Suspense fallback) until the tooltip has loaded.
    if (change.hovered || change.focused) startTransition(() => setWanted(true));
  };
  const own = children.props;
  const plain = (
    <>
      {cloneElement(children, {
        ...(relationship === 'label' ? { 'aria-label': content } : { 'aria-describedby': descriptionId }),
        onPointerEnter: (event) => {
          own.onPointerEnter?.(event);
          track({ hovered: true });
        },
        onPointerLeave: (event) => {
          own.onPointerLeave?.(event);
          track({ hovered: false });
        },
        onFocus: (event) => {
          own.onFocus?.(event);
          track({ focused: true });
        },
        onBlur: (event) => {
          own.onBlur?.(event);
          track({ focused: false });
        },
      })}
      {relationship === 'description' ? (
        <span id={descriptionId} hidden>
          {content}
        </span>
      ) : null}
    </>
  );
  if (!wanted) return plain;
  return (
    <Suspense fallback={plain}>
      <LoadedTooltip content={content} relationship={relationship} presence={presence.current}>
        {children}
      </LoadedTooltip>
    </Suspense>
  );
}

/**
 * The loaded tooltip, shown at once if the pointer or focus is still on the trigger. Its trigger
 * is a new element: focus moves to it from the one it replaces, if it was there.
 */
function LoadedTooltip({ presence, children, ...props }: LazyTooltipProps & { presence: Presence }) {
  const [visible, setVisible] = useState(presence.hovered || presence.focused);
  const trigger = useRef<HTMLElement>(null);
  useEffect(() => {
    // Focus went down with the element it was on, to the page's body: it goes to the new one. Not
    // when something else took it meanwhile, as a dialog the trigger opened does.
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (presence.focused && lost) trigger.current?.focus();
  }, [presence]);
  return (
    <Tooltip {...props} visible={visible} onVisibleChange={(_, data) => setVisible(data.visible)}>
      {cloneElement(children, { ref: trigger })}
    </Tooltip>
  );
}
