import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
// An icon of its own module: one from the package's index would join the first load (issue 13) with its whole group.
import { WarningRegular } from '@fluentui/react-icons/svg/warning';
import { useBadgeClassName, useBadgeStyles } from '../permits/badgeStyles';

const useStyles = makeStyles({
  badge: { gap: tokens.spacingHorizontalXXS, whiteSpace: 'nowrap' },
});

/** The red Suspended badge of stopped work, as on the permit list's cards: an icon and the word, not the colour alone. */
export function SuspendedBadge() {
  const styles = useStyles();
  const badges = useBadgeStyles();
  return (
    <span className={mergeClasses(useBadgeClassName(), badges.circular, badges.dangerTint, styles.badge)}>
      <WarningRegular aria-hidden />
      Suspended
    </span>
  );
}
