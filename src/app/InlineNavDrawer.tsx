import { forwardRef } from 'react';
import {
  InlineDrawer,
  mergeClasses,
  renderNavDrawer_unstable,
  slot,
  useNavContextValues_unstable,
  useNavDrawerStyles_unstable,
  useNav_unstable,
  type NavDrawerProps,
  type NavDrawerState,
} from '@fluentui/react-components';

/** What an inline menu takes: NavDrawer's props less the overlay's. */
export type InlineNavDrawerProps = Omit<NavDrawerProps, 'type' | 'onOpenChange' | 'modalType' | 'inertTrapFocus'>;

/**
 * Fluent's NavDrawer with `type="inline"`, composed from the same hooks over InlineDrawer.
 * NavDrawer's Drawer chooses between inline and overlay when it renders, so it brings the
 * overlay (a Dialog, its focus trap and motions: ~7 KB gzip) into every first load (issue 13);
 * the overlay menu loads when first opened instead (SideMenu.tsx).
 */
export const InlineNavDrawer = forwardRef<HTMLDivElement, InlineNavDrawerProps>((props, ref) => {
  const nav = { ...useNav_unstable(props, ref), size: props.size, tabbable: props.tabbable ?? false };
  const contextValues = useNavContextValues_unstable(nav);
  const state = {
    ...nav,
    components: { root: InlineDrawer },
    // As Drawer does for its inline type, with NavDrawer's role.
    root: slot.always({ ref, role: 'navigation', ...props, className: mergeClasses('fui-Drawer', props.className) }, { elementType: InlineDrawer }),
  } as NavDrawerState;
  useNavDrawerStyles_unstable(state);
  return renderNavDrawer_unstable(state, contextValues);
});
InlineNavDrawer.displayName = 'InlineNavDrawer';
