import { useEffect, useState } from 'react';
import { Link, MessageBar, MessageBarBody, MessageBarTitle, makeStyles, tokens } from '@fluentui/react-components';
import type { OutageBanner } from '../../schemas';
import { useAppData } from './startup/appData';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
});

type Intent = 'info' | 'warning' | 'error';

const ended = (banner: OutageBanner, now: number) => !!banner.EndsAt && Date.parse(banner.EndsAt) <= now;

/**
 * The outage notices of the remote settings (SPEC §1): by default a warning as info and an
 * outage as error, or the severity the administrator chose; gone once their end time passes.
 * They come from the replica, so a notice put up in the admin area reaches open clients live.
 */
export function OutageBanners() {
  const styles = useStyles();
  const { settings } = useAppData().data;
  const [now, setNow] = useState(() => Date.now());
  const notices: [OutageBanner | null | undefined, Intent][] = [[settings.outagewarningbanner, 'info'], [settings.outagebanner, 'error']];
  const shown = notices.filter((pair): pair is [OutageBanner, Intent] => !!pair[0] && !ended(pair[0], now));
  // Re-render when the next shown notice ends.
  const nextEnd = Math.min(...shown.map(([b]) => (b.EndsAt ? Date.parse(b.EndsAt) : Infinity)));
  useEffect(() => {
    if (!Number.isFinite(nextEnd)) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(Math.max(nextEnd - Date.now(), 0) + 50, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [nextEnd]);

  if (shown.length === 0) return null;
  return (
    <div className={styles.root}>
      {shown.map(([banner, fallback]) => (
        <Banner key={fallback} banner={banner} intent={banner.Severity ?? fallback} />
      ))}
    </div>
  );
}

function Banner({ banner, intent }: { banner: OutageBanner; intent: Intent }) {
  return (
    <MessageBar intent={intent} layout="multiline">
      <MessageBarBody>
        <MessageBarTitle>{banner.Title}</MessageBarTitle>
        {banner.Message}
        {banner.Link ? (
          <>
            {' '}
            <Link href={banner.Link} target="_blank" rel="noopener noreferrer" inline>
              {banner.LinkText || banner.Link}
            </Link>
          </>
        ) : null}
        {banner.EndsAt ? ` (until ${new Date(banner.EndsAt).toLocaleString()})` : null}
      </MessageBarBody>
    </MessageBar>
  );
}
