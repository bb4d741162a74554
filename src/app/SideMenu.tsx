import { lazy, Suspense, useCallback, useMemo, useState, type MouseEvent, type ReactElement } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { NavDrawerFooter, NavItem, Text, makeStyles, tokens } from '@fluentui/react-components';
import {
  AddCircleRegular,
  BoardRegular,
  CheckmarkCircleRegular,
  ClipboardTaskListLtrRegular,
  DataBarVerticalRegular,
  DocumentEditRegular,
  DocumentSearchRegular,
  ListRegular,
  ProhibitedRegular,
  SearchRegular,
  SettingsRegular,
  ShieldRegular,
  SignOutRegular,
  WrenchRegular,
} from '@fluentui/react-icons';
import { TvRegular } from '@fluentui/react-icons/svg/tv';
import { MENU, visibleMenu } from '../../domain/access';
import { InlineNavDrawer } from './InlineNavDrawer';
import { NavMenuBody } from './NavMenuBody';
import { useAppData } from './startup/appData';

/** The overlay menu (below the breakpoint) loads when first opened: it is not part of the first load (issue 13). */
const OverlayNavDrawer = lazy(() => import('./OverlayNavDrawer'));

/** One icon per menu path; imported by name so the bundle carries only these. */
const ICONS: Record<string, ReactElement> = {
  '/': <BoardRegular />,
  '/permits/create': <AddCircleRegular />,
  '/permits/drafts': <DocumentEditRegular />,
  '/permits/list': <ListRegular />,
  [MENU[4]!.to]: <ClipboardTaskListLtrRegular />,
  [MENU[5]!.to]: <CheckmarkCircleRegular />,
  '/permits/search': <DocumentSearchRegular />,
  '/permits/revoke': <ProhibitedRegular />,
  '/board': <TvRegular />,
  '/workorders/list': <WrenchRegular />,
  '/workorders/search': <SearchRegular />,
  '/admin': <ShieldRegular />,
  '/reports/open-permits': <DataBarVerticalRegular />,
  '/preferences': <SettingsRegular />,
};

const useStyles = makeStyles({
  // A flex item beside the page: without this, a page whose content is wide (the drafts table)
  // squeezes the inline menu to a pixel, and Signout can no longer be clicked.
  drawer: { flexShrink: 0 },
  version: { color: tokens.colorNeutralForeground3, paddingLeft: tokens.spacingHorizontalM },
  footer: { flexDirection: 'column', alignItems: 'stretch' },
});

interface SideMenuProps {
  open: boolean;
  type: 'inline' | 'overlay';
  onOpenChange(open: boolean): void;
}

/** The side menu of SPEC §2: the entries the user's abilities allow, Signout and the version. */
export function SideMenu({ open, type, onOpenChange }: SideMenuProps) {
  const styles = useStyles();
  const navigate = useNavigate();
  const [overlayUsed, setOverlayUsed] = useState(false);
  if (type === 'overlay' && open && !overlayUsed) setOverlayUsed(true);
  const { pathname, search } = useLocation();
  const { abilities, flags, anyAbility } = useAppData().data;
  const entries = useMemo(() => visibleMenu(abilities, flags, anyAbility), [abilities, flags, anyAbility]);
  // The exact entry (Open Permits vs List Current Permits), else the one for the path.
  const selected =
    entries.find((e) => e.to === pathname + search)?.to ?? entries.find((e) => e.to === pathname)?.to ?? '';

  /** Client-side navigation that keeps real links (middle-click, copy link address). */
  const go = useCallback(
    (to: string) => (event: MouseEvent) => {
      event.preventDefault();
      navigate(to);
      if (type === 'overlay') onOpenChange(false);
    },
    [navigate, type, onOpenChange],
  );
  // The same items while only the location changes (a list filter written into the URL).
  const items = useMemo(
    () =>
      entries.map((entry) => (
        <NavItem key={entry.to} value={entry.to} href={entry.to} icon={ICONS[entry.to]} onClick={go(entry.to)}>
          {entry.label}
        </NavItem>
      )),
    [entries, go],
  );

  const menu = (
    <>
      <NavMenuBody>{items}</NavMenuBody>
      <NavDrawerFooter className={styles.footer}>
        <NavItem value="/auth/signout" href="/auth/signout" icon={<SignOutRegular />} onClick={go('/auth/signout')}>
          Signout
        </NavItem>
        <Text size={200} className={styles.version}>{`v${__APP_VERSION__} (${__APP_REVISION__})`}</Text>
      </NavDrawerFooter>
    </>
  );
  if (type === 'inline') {
    return (
      <InlineNavDrawer open={open} selectedValue={selected} aria-label="Main menu" className={styles.drawer}>
        {menu}
      </InlineNavDrawer>
    );
  }
  // A closed overlay shows nothing: until it is first opened there is nothing to load.
  if (!overlayUsed) return null;
  return (
    <Suspense fallback={null}>
      {/* Over the page it is modal (aria-modal), which a navigation landmark may not be: a dialog then. */}
      <OverlayNavDrawer
        open={open}
        selectedValue={selected}
        onOpenChange={(_, data) => onOpenChange(data.open)}
        role="dialog"
        aria-label="Main menu"
        className={styles.drawer}
      >
        {menu}
      </OverlayNavDrawer>
    </Suspense>
  );
}
