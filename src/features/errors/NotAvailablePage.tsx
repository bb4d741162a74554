import { Body1, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { usePageTitle } from '../../app/pageTitle';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

/** An honest placeholder for screens that later issues build (permits, work orders, admin, reports). */
export function NotAvailablePage() {
  const styles = useStyles();
  return (
    <section className={styles.root}>
      <Title2 as="h1">{usePageTitle()}</Title2>
      <Body1>This page is not available in this version yet.</Body1>
    </section>
  );
}
