import { useState } from 'react';
import { Outlet } from 'react-router-dom';
import { Hamburger, makeStyles, tokens } from '@fluentui/react-components';
import { Header } from './Header';
import { OutageBanners } from './OutageBanners';
import { SideMenu } from './SideMenu';
import { useAppData } from './startup/appData';
import { FirstSyncProgress } from './sync/FirstSyncProgress';
import { SignInBanner } from './sync/SignInBanner';
import { UpdateBanner } from './UpdateBanner';
import { useWideLayout } from './useWideLayout';

const useStyles = makeStyles({
  root: { display: 'flex', height: '100vh', backgroundColor: tokens.colorNeutralBackground2 },
  column: { display: 'flex', flexDirection: 'column', flexGrow: 1, minWidth: 0 },
  main: { flexGrow: 1, overflowY: 'auto', padding: tokens.spacingHorizontalXXL },
});

/**
 * The signed-in frame: side menu (inline from 960 px, an overlay with a hamburger below),
 * header, banners (a new version ready, outage notices, sign-in needed to sync, first sync
 * under way) and the page. No menu at all for a user without abilities.
 */
export function Shell() {
  const styles = useStyles();
  const wide = useWideLayout();
  const { anyAbility } = useAppData().data;
  const [overlayOpen, setOverlayOpen] = useState(false);
  const open = wide || overlayOpen;

  return (
    <div className={styles.root}>
      {anyAbility ? (
        <SideMenu
          open={open}
          type={wide ? 'inline' : 'overlay'}
          onOpenChange={(next) => setOverlayOpen(next)}
        />
      ) : null}
      <div className={styles.column}>
        <Header
          showSignOut={!anyAbility}
          menuButton={
            anyAbility && !wide ? (
              <Hamburger aria-label="Open menu" onClick={() => setOverlayOpen(true)} />
            ) : undefined
          }
        />
        <UpdateBanner />
        <OutageBanners />
        <SignInBanner />
        <FirstSyncProgress />
        <main className={styles.main}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}
