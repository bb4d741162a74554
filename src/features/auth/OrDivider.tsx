import { makeStyles, tokens, useId } from '@fluentui/react-components';

// Fluent's Divider as the sign-in page uses it (horizontal, centred text, default appearance),
// with the same markup for assistive technology. Divider's styles cover every orientation,
// alignment and appearance (~2.5 KB gzip of the first load, issue 13) for this one line.
const line = {
  content: '""',
  flexGrow: 1,
  minWidth: '8px',
  borderTopStyle: 'solid',
  borderTopWidth: tokens.strokeWidthThin,
  borderTopColor: tokens.colorNeutralStroke2,
} as const;

const useStyles = makeStyles({
  root: {
    display: 'flex',
    alignItems: 'center',
    width: '100%',
    boxSizing: 'border-box',
    color: tokens.colorNeutralForeground2,
    fontFamily: tokens.fontFamilyBase,
    fontSize: tokens.fontSizeBase200,
    fontWeight: tokens.fontWeightRegular,
    lineHeight: tokens.lineHeightBase200,
    '::before': { ...line, marginRight: '12px' },
    '::after': { ...line, marginLeft: '12px' },
  },
});

/** "or" between the two ways to sign in. */
export function OrDivider() {
  const styles = useStyles();
  const id = useId('divider-');
  return (
    <div role="separator" aria-orientation="horizontal" aria-labelledby={id} className={styles.root}>
      <div id={id}>or</div>
    </div>
  );
}
