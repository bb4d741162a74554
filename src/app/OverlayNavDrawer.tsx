import { NavDrawer, type NavDrawerProps } from '@fluentui/react-components';

/** Fluent's NavDrawer as an overlay (its default type), in a chunk of its own that SideMenu loads when the menu is first opened. */
export default function OverlayNavDrawer(props: NavDrawerProps & { type?: 'overlay' }) {
  return <NavDrawer {...props} />;
}
