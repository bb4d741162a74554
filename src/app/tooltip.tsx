// Fluent's Tooltip with its trigger, for LazyTooltip's dynamic import: the chunk holds the tooltip
// and its positioning, nothing else of the component library.
import { cloneElement, useEffect, useRef, useState } from 'react';
import { Tooltip } from '@fluentui/react-components';
import type { LazyTooltipProps, Presence } from './LazyTooltip';

/**
 * The loaded tooltip, shown at once if the pointer or focus is still on the trigger. Its trigger
 * is a new element: focus moves to it from the one it replaces, if it was there.
 */
export function LoadedTooltip({ presence, children, ...props }: LazyTooltipProps & { presence: Presence }) {
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
