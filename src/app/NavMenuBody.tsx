import type { ReactNode } from 'react';
import {
  getIntrinsicElementProps,
  renderDrawerBody_unstable,
  slot,
  useArrowNavigationGroup,
  useNavDrawerBodyStyles_unstable,
  type DrawerBodyState,
} from '@fluentui/react-components';

/**
 * Fluent's NavDrawerBody without its scroll measurement: it reads the body's scroll height in a
 * layout effect, a forced layout of the whole page while the app starts (~45 ms at CPU ×4 in a
 * profile, issue 13's cold start), to draw a line above the footer when the menu scrolls.
 * Arrow keys move between the items as in NavDrawerBody (the menu's items are not tabbable).
 */
export function NavMenuBody({ children }: { children: ReactNode }) {
  const focus = useArrowNavigationGroup({ axis: 'vertical', circular: true, tabbable: false });
  const state: DrawerBodyState = {
    components: { root: 'div' },
    root: slot.always(getIntrinsicElementProps('div', { ...focus, children }), { elementType: 'div' }),
  };
  useNavDrawerBodyStyles_unstable(state);
  return renderDrawerBody_unstable(state);
}
