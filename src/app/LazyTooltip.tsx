import { cloneElement, useEffect, useId, useRef, useState, type FocusEvent, type PointerEvent, type ReactElement, type Ref } from 'react';
import { flushSync } from 'react-dom';
import type { Tooltip as FluentTooltip } from './tooltip';

type TooltipComponent = typeof FluentTooltip;

/** Fluent's Tooltip once its chunk has loaded: triggers mounted after that have it from the start. */
let loadedTooltip: TooltipComponent | null = null;
const loadTooltip = () => import('./tooltip').then((m) => (loadedTooltip = m.Tooltip));

/** The props LazyTooltip gives its trigger (a Fluent Button or Badge takes them all). */
interface TriggerProps {
  ref?: Ref<HTMLElement>;
  'aria-label'?: string;
  'aria-describedby'?: string;
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
  onPointerDown?: (event: PointerEvent<HTMLElement>) => void;
  onPointerUp?: (event: PointerEvent<HTMLElement>) => void;
  onPointerCancel?: (event: PointerEvent<HTMLElement>) => void;
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
  /** A press on the trigger is under way: it must end on the element it began on, or it is no click. */
  pressed: boolean;
}

/**
 * Fluent's Tooltip, loaded when the pointer or focus first reaches its trigger: with the
 * positioning engine under it, it is ~13 KB gzip that no page needs to paint (issue 13's
 * first-load budget). Until then the trigger carries the text as Fluent gives it to assistive
 * technology: its name for a label, a description from a hidden element otherwise.
 *
 * The tooltip's trigger is a new element. It replaces this one once the chunk has loaded, in
 * one synchronous render, and never during a press: a press that begins on one element and
 * ends on another is no click (a slow tap on "1 not synced" opened nothing).
 */
export function LazyTooltip({ content, relationship, children }: LazyTooltipProps) {
  const descriptionId = useId();
  const [Tooltip, setTooltip] = useState(() => loadedTooltip);
  const presence = useRef<Presence>({ hovered: false, focused: false, pressed: false });
  const show = () => {
    if (loadedTooltip && !presence.current.pressed) flushSync(() => setTooltip(() => loadedTooltip));
  };
  const track = (change: Partial<Presence>) => {
    Object.assign(presence.current, change);
    if (change.hovered || change.focused) void loadTooltip().then(show);
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
          // A press that leaves the trigger makes no click on it.
          track({ hovered: false, pressed: false });
        },
        onPointerDown: (event) => {
          own.onPointerDown?.(event);
          presence.current.pressed = true;
        },
        onPointerUp: (event) => {
          own.onPointerUp?.(event);
          presence.current.pressed = false;
          // After the click this press makes, which follows in the same task.
          setTimeout(show);
        },
        onPointerCancel: (event) => {
          own.onPointerCancel?.(event);
          presence.current.pressed = false;
          show();
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
  if (!Tooltip) return plain;
  return (
    <LoadedTooltip Tooltip={Tooltip} content={content} relationship={relationship} presence={presence.current}>
      {children}
    </LoadedTooltip>
  );
}

/**
 * The loaded tooltip, shown at once if the pointer or focus is still on the trigger. Its trigger
 * is a new element: focus moves to it from the one it replaces, if it was there.
 */
function LoadedTooltip({ Tooltip, presence, children, ...props }: LazyTooltipProps & { Tooltip: TooltipComponent; presence: Presence }) {
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
