import { MessageBar, MessageBarBody, MessageBarTitle, makeStyles, tokens } from '@fluentui/react-components';
import type { OutageBanner } from '../../schemas';
import { useAppData } from './startup/appData';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
});

/** The outage notices of the remote settings (SPEC §1): a warning as info, an outage as error. */
export function OutageBanners() {
  const styles = useStyles();
  const { settings } = useAppData().data;
  const warning = settings.outagewarningbanner;
  const outage = settings.outagebanner;
  if (!warning && !outage) return null;
  return (
    <div className={styles.root}>
      {warning ? <Banner banner={warning} intent="info" /> : null}
      {outage ? <Banner banner={outage} intent="error" /> : null}
    </div>
  );
}

function Banner({ banner, intent }: { banner: OutageBanner; intent: 'info' | 'error' }) {
  return (
    <MessageBar intent={intent} layout="multiline">
      <MessageBarBody>
        <MessageBarTitle>{banner.Title}</MessageBarTitle>
        {banner.Message}
      </MessageBarBody>
    </MessageBar>
  );
}
