import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { Badge, Button, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular, ArrowSyncRegular, SignOutRegular } from '@fluentui/react-icons';
import { LazyTooltip } from './LazyTooltip';
import { usePageTitle } from './pageTitle';
import { useAppData } from './startup/appData';
import { SyncIndicators } from './sync/SyncIndicators';
import { useOnline } from './useOnline';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    alignItems: 'center',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  title: { flexGrow: 1, minWidth: 0 },
  user: { display: 'flex', flexDirection: 'column', alignItems: 'flex-end' },
  home: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, color: tokens.colorNeutralForeground3 },
});

interface HeaderProps {
  /** The hamburger that opens the menu below the breakpoint; absent when the menu is inline or hidden. */
  menuButton?: ReactNode;
  /** The menu is hidden (no abilities): offer sign-out here, or the user would be stuck. */
  showSignOut: boolean;
}

/**
 * The top bar of SPEC §1: page name, user and home location, refresh, connection, create permit;
 * and the user's changes waiting to sync or refused by the server.
 */
export function Header({ menuButton, showSignOut }: HeaderProps) {
  const styles = useStyles();
  const navigate = useNavigate();
  const online = useOnline();
  const title = usePageTitle();
  const { data, refresh, refreshing, preferencesPending } = useAppData();
  const { profile, homeLocation, abilities } = data;

  return (
    <header className={styles.root}>
      {menuButton}
      <Text size={500} weight="semibold" truncate wrap={false} className={styles.title}>
        {title ?? 'OpenPermit'}
        {online ? '' : ' (Working Offline)'}
      </Text>
      <div className={styles.user}>
        <Text weight="semibold">{`${profile.FirstName} ${profile.LastName}`}</Text>
        <div className={styles.home}>
          <Text size={200}>{homeLocation?.Title ?? 'No home location'}</Text>
          {preferencesPending ? (
            <Badge size="small" appearance="tint" color="warning">
              Pending
            </Badge>
          ) : null}
        </div>
      </div>
      <LazyTooltip content="Refresh data" relationship="label">
        <Button
          appearance="subtle"
          icon={refreshing ? <Spinner size="tiny" /> : <ArrowSyncRegular />}
          disabled={refreshing}
          onClick={() => void refresh()}
        />
      </LazyTooltip>
      <SyncIndicators />
      <Badge appearance="filled" color={online ? 'success' : 'danger'}>
        {online ? 'Online' : 'Offline'}
      </Badge>
      {abilities.permits.edit ? (
        <Button appearance="primary" icon={<AddRegular />} onClick={() => navigate('/permits/create')}>
          Create Permit
        </Button>
      ) : null}
      {showSignOut ? (
        <Button appearance="subtle" icon={<SignOutRegular />} onClick={() => navigate('/auth/signout')}>
          Sign out
        </Button>
      ) : null}
    </header>
  );
}
