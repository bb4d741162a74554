import { cloneElement, useId, useRef, useState, type FocusEvent, type PointerEvent, type ReactElement, type Ref } from 'react';
import { flushSync } from 'react-dom';
import type { LoadedTooltip as LoadedTooltipComponent } from './tooltip';

/** The tooltip once its chunk has loaded: triggers mounted after that have it from the start. */
let loadedTooltip: typeof LoadedTooltipComponent | null = null;
const loadTooltip = () => import('./tooltip').then((m) => (loadedTooltip = m.LoadedTooltip));

/** The props LazyTooltip gives its trigger (a Fluent Button or Badge takes them all). */
interface TriggerProps {
  ref?: Ref<HTMLElement>;
  'aria-label'?: string;
  'aria-describedby'?: string;
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
  onPointerDown?: (event: PointerEvent<HTMLElement>) => void;
  onPointerUp?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
}

export interface LazyTooltipProps {
  /** The tooltip's text. */
  content: string;
  /** As Fluent's Tooltip: the trigger's accessible name, or its description. */
  relationship: 'label' | 'description';
  children: ReactElement<TriggerProps>;
}

/** Where the pointer and focus are while the tooltip loads, to show it on arrival. */
export interface Presence {
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
  const [Loaded, setLoaded] = useState(() => loadedTooltip);
  const presence = useRef<Presence>({ hovered: false, focused: false, pressed: false });
  const show = () => {
    if (loadedTooltip && !presence.current.pressed) flushSync(() => setLoaded(() => loadedTooltip));
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
          // A press that leaves the trigger, or that the browser cancels (a scroll), makes no click on it.
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
  if (!Loaded) return plain;
  return (
    <Loaded content={content} relationship={relationship} presence={presence.current}>
      {children}
    </Loaded>
  );
}
