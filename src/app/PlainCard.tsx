import type { ReactNode } from 'react';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  // Fluent's Card as it looks when nothing in it is interactive: filled, medium, vertical.
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: '12px',
    padding: '12px',
    position: 'relative',
    boxSizing: 'border-box',
    overflow: 'hidden',
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground1,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
    // A transparent border that forced-colors mode (Windows high contrast) shows, as Fluent's Card has.
    '::after': {
      content: '""',
      position: 'absolute',
      inset: 0,
      pointerEvents: 'none',
      borderRadius: tokens.borderRadiusMedium,
      border: `${tokens.strokeWidthThin} solid ${tokens.colorTransparentStroke}`,
    },
  },
});

interface PlainCardProps {
  className?: string;
  role?: string;
  'aria-label'?: string;
  children: ReactNode;
}

/**
 * A card that is only a surface: the sign-in page's frame and the dashboard's counts. Fluent's
 * Card carries styles and focus handling for selectable and clickable cards (~7 KB gzip that the
 * first load of issue 13 does without); pages whose cards do more keep Fluent's.
 */
export function PlainCard({ className, children, ...aria }: PlainCardProps) {
  const styles = useStyles();
  return (
    <div className={mergeClasses(styles.root, className)} {...aria}>
      {children}
    </div>
  );
}
