import type { MouseEvent } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { Nav, NavItem, NavSectionHeader, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArchiveRegular, DocumentBulletListRegular, FormRegular, PeopleRegular } from '@fluentui/react-icons';
import { useAppData } from '../../app/startup/appData';

const useStyles = makeStyles({
  root: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: tokens.spacingHorizontalXXL },
  panel: {
    flex: '0 0 240px',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingVerticalM,
    borderRadius: tokens.borderRadiusLarge,
    // The navigation items' own background, so they read as one panel rather than grey tiles.
    backgroundColor: tokens.colorNeutralBackground4,
  },
  home: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, padding: `0 ${tokens.spacingHorizontalS}` },
  ids: { color: tokens.colorNeutralForeground3 },
  content: { flex: '1 1 480px', minWidth: 0 },
});

/** The admin area's links (SPEC §2); later issues fill Forms, Lists and Permit Cache. */
const LINKS = [
  { to: '/admin/external-users', label: 'External Users', icon: <PeopleRegular /> },
  { to: '/admin/forms', label: 'Forms', icon: <FormRegular /> },
  { to: '/admin/lists', label: 'Lists', icon: <DocumentBulletListRegular /> },
  { to: '/admin/permit-cache', label: 'Permit Cache', icon: <ArchiveRegular /> },
];

/** The admin area: a left panel with the home location the admin works from, and its pages. */
export function AdminLayout() {
  const styles = useStyles();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { homeLocation } = useAppData().data;
  const selected = LINKS.find((link) => pathname === link.to || pathname.startsWith(`${link.to}/`))?.to ?? '';

  /** Client-side navigation that keeps real links (middle-click, copy link address). */
  const go = (to: string) => (event: MouseEvent) => {
    event.preventDefault();
    navigate(to);
  };

  return (
    <div className={styles.root}>
      <aside className={styles.panel} aria-label="Admin area">
        {homeLocation ? (
          <div className={styles.home}>
            <Text weight="semibold">{homeLocation.Title}</Text>
            <Text size={200} className={styles.ids}>
              {`SiteId ${homeLocation.SiteId} · LocationId ${homeLocation.LocationId}`}
            </Text>
          </div>
        ) : null}
        {/* Fluent's Nav is a plain div: the landmark comes from the element around it. */}
        <nav aria-label="Admin">
          <Nav selectedValue={selected}>
            <NavSectionHeader>Administration</NavSectionHeader>
            {LINKS.map((link) => (
              <NavItem key={link.to} value={link.to} href={link.to} icon={link.icon} onClick={go(link.to)}>
                {link.label}
              </NavItem>
            ))}
          </Nav>
        </nav>
      </aside>
      <div className={styles.content}>
        <Outlet />
      </div>
    </div>
  );
}
