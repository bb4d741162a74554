import { useState, type MouseEvent, type ReactElement } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { Dropdown, Field, Nav, NavItem, NavSectionHeader, Option, Text, makeStyles, tokens } from '@fluentui/react-components';
import {
  ArchiveRegular, DocumentBulletListRegular, DocumentCopyRegular, FormRegular, MapRegular, PeopleRegular, PrintRegular, SettingsRegular, FingerprintRegular,
} from '@fluentui/react-icons';
import { BeakerRegular } from '@fluentui/react-icons/svg/beaker';
import { TableSimpleRegular } from '@fluentui/react-icons/svg/table-simple';
import { ClockRegular } from '@fluentui/react-icons/svg/clock';
import { useAppData } from '../../app/startup/appData';
import { adminSites, type AdminOutlet } from './adminSites';

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
  site: { padding: `0 ${tokens.spacingHorizontalS}` },
  content: { flex: '1 1 480px', minWidth: 0 },
});

/**
 * The admin area's links (SPEC §2, issues 11, 14 and 40); Printers, Settings and Audit Trail are for
 * administrators only, Plot Plans for those who may upload one somewhere in the chosen site (forms edit).
 */
const LINKS: { to: string; label: string; icon: ReactElement; administrators?: boolean; editors?: boolean }[] = [
  { to: '/admin/external-users', label: 'External Users', icon: <PeopleRegular /> },
  { to: '/admin/forms', label: 'Forms', icon: <FormRegular /> },
  { to: '/admin/lists', label: 'Lists', icon: <DocumentBulletListRegular /> },
  { to: '/admin/templates', label: 'Templates', icon: <DocumentCopyRegular /> },
  { to: '/admin/permit-cache', label: 'Permit Cache', icon: <ArchiveRegular /> },
  { to: '/admin/plot-plans', label: 'Plot Plans', icon: <MapRegular />, editors: true },
  { to: '/admin/gas-tests', label: 'Gas Tests', icon: <BeakerRegular /> },
  { to: '/admin/simops', label: 'SIMOPS Matrix', icon: <TableSimpleRegular /> },
  { to: '/admin/shifts', label: 'Shifts and Handover', icon: <ClockRegular /> },
  { to: '/admin/printers', label: 'Printers', icon: <PrintRegular />, administrators: true },
  { to: '/admin/settings', label: 'Settings', icon: <SettingsRegular />, administrators: true },
  { to: '/admin/audit', label: 'Audit Trail', icon: <FingerprintRegular />, administrators: true },
];

/**
 * The admin area: a left panel with the home location the admin works from, the site the pages
 * work on (only sites they administer, SPEC §6) and the links; the pages beside it.
 */
export function AdminLayout() {
  const styles = useStyles();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { data } = useAppData();
  const { homeLocation } = data;
  const administrator = data.profile.SysAdminFlag;
  const sites = adminSites(data);
  const [chosen, setChosen] = useState<number | null>(null);
  const site = sites.find((s) => s.SiteId === chosen) ?? sites.find((s) => s.SiteId === homeLocation?.SiteId) ?? sites[0] ?? null;
  const links = LINKS.filter((link) => (!link.administrators || administrator) && (!link.editors || site?.canEdit === true));
  const selected = links.find((link) => pathname === link.to || pathname.startsWith(`${link.to}/`))?.to ?? '';
  const outlet: AdminOutlet = { site, sites, administrator };

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
        {sites.length > 1 && site ? (
          <Field label="Site" className={styles.site}>
            <Dropdown
              value={site.name}
              selectedOptions={[String(site.SiteId)]}
              onOptionSelect={(_, option) => setChosen(Number(option.optionValue))}
            >
              {sites.map((s) => (
                <Option key={s.SiteId} value={String(s.SiteId)} text={s.name}>
                  {`${s.name} (SiteId ${s.SiteId})`}
                </Option>
              ))}
            </Dropdown>
          </Field>
        ) : null}
        {/* Fluent's Nav is a plain div: the landmark comes from the element around it. */}
        <nav aria-label="Admin">
          <Nav selectedValue={selected}>
            <NavSectionHeader>Administration</NavSectionHeader>
            {links.map((link) => (
              <NavItem key={link.to} value={link.to} href={link.to} icon={link.icon} onClick={go(link.to)}>
                {link.label}
              </NavItem>
            ))}
          </Nav>
        </nav>
      </aside>
      <div className={styles.content}>
        <Outlet context={outlet} />
      </div>
    </div>
  );
}
