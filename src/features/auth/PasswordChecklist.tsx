import { Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { CheckmarkCircleFilled, CircleRegular, DismissCircleFilled, InfoRegular } from '@fluentui/react-icons';
import { passwordProblems } from '../../../domain/passwords';

const useStyles = makeStyles({
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  item: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  met: { color: tokens.colorPaletteGreenForeground1 },
  unmet: { color: tokens.colorPaletteRedForeground1 },
  pending: { color: tokens.colorNeutralForeground3 },
  advice: { color: tokens.colorNeutralForeground3 },
});

/**
 * Every rule of domain/passwords, in its own words: a password breaking all of them ('~' is
 * one character, not allowed, with no digit and no symbol) lists them all.
 */
const RULES = passwordProblems('~');

/** Advice beyond the rule, never a condition: SPEC §5's helper text asks for 8, the rule for 6. */
const PASSWORD_ADVICE = 'For a stronger password, use 8 or more characters mixing letters, numbers and symbols.';

const sentence = (rule: string) => rule.charAt(0).toUpperCase() + rule.slice(1);

/** The registration password rule as a live checklist: each line turns green as it is met. */
export function PasswordChecklist({ password, id }: { password: string; id: string }) {
  const styles = useStyles();
  const problems = passwordProblems(password);
  return (
    <ul id={id} className={styles.list} aria-label="Requirements">
      {RULES.map((rule) => {
        // Before anything is typed, nothing is wrong yet: the rules are just listed.
        const state = password === '' ? 'pending' : problems.includes(rule) ? 'unmet' : 'met';
        const Icon = state === 'met' ? CheckmarkCircleFilled : state === 'unmet' ? DismissCircleFilled : CircleRegular;
        return (
          <li key={rule} className={mergeClasses(styles.item, styles[state])}>
            <Icon role="img" aria-label={state === 'met' ? 'Met:' : 'Not met:'} />
            <Text>{sentence(rule)}</Text>
          </li>
        );
      })}
      <li className={mergeClasses(styles.item, styles.advice)}>
        <InfoRegular aria-hidden />
        <Text size={200}>{PASSWORD_ADVICE}</Text>
      </li>
    </ul>
  );
}
