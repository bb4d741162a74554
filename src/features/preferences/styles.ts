import { makeStyles, tokens } from '@fluentui/react-components';

/** Shared by the preference cards so they line up side by side. */
export const useCardStyles = makeStyles({
  card: { flex: '1 1 320px', maxWidth: '460px' },
  fields: {
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalS,
    margin: 0,
  },
  term: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0, overflowWrap: 'anywhere' },
});
