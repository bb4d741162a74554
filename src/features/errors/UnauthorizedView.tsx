import { Body1, Link, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { AppLink } from '../../app/AppLink';
import { AuthLayout } from '../auth/AuthLayout';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '640px' },
});

interface UnauthorizedViewProps {
  serviceDeskEmail: string;
  /** Without the app shell (the profile lookup failed, so there is no user to show): offer sign-out. */
  standalone?: boolean;
}

/** 'Unauthorized' with the way to get access (SPEC §2). */
export function UnauthorizedView({ serviceDeskEmail, standalone = false }: UnauthorizedViewProps) {
  const styles = useStyles();
  const content = (
    <div className={styles.root}>
      <Title2 as="h1">Unauthorized</Title2>
      <Body1>
        You do not have access to this page. Please contact the service desk by email at{' '}
        <Link href={`mailto:${serviceDeskEmail}`}>{serviceDeskEmail}</Link> to request access.
      </Body1>
      {standalone ? (
        <Body1>
          <AppLink to="/auth/signout">Sign out</AppLink>
        </Body1>
      ) : null}
    </div>
  );
  return standalone ? <AuthLayout>{content}</AuthLayout> : content;
}
