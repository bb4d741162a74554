import { Body1, Link, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { useNavigate } from 'react-router-dom';

const useStyles = makeStyles({ root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM } });

/** An error page of the templates area: an unknown template or an invalid template type. */
export function TemplateError({ title, message }: { title: string; message: string }) {
  const styles = useStyles();
  const navigate = useNavigate();
  return (
    <section className={styles.root} role="alert">
      <Title2 as="h1">{title}</Title2>
      <Body1>{message}</Body1>
      <Link href="/admin/templates" onClick={(e) => (e.preventDefault(), navigate('/admin/templates'))}>
        Back to Templates
      </Link>
    </section>
  );
}
