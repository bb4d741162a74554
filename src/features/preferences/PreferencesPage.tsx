import { Title2, makeStyles, tokens } from '@fluentui/react-components';
import { AbilitiesTable } from './AbilitiesTable';
import { CurrentUserCard } from './CurrentUserCard';
import { HomeLocationCard } from './HomeLocationCard';
import { StorageNotice } from './StorageNotice';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '960px' },
  cards: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalL },
});

/** /preferences: who the user is, their home location and what they may do there (SPEC §2), and whether the device keeps its data. */
export function PreferencesPage() {
  const styles = useStyles();
  return (
    <section className={styles.root}>
      <Title2 as="h1">Preferences</Title2>
      <StorageNotice />
      <div className={styles.cards}>
        <CurrentUserCard />
        <HomeLocationCard />
      </div>
      <AbilitiesTable />
    </section>
  );
}
