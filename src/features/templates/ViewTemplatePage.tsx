import { Badge, Body1, Button, Caption1, Card, Spinner, Subtitle2, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { templateActions } from '../../../domain/templates/workflow';
import { useAppData } from '../../app/startup/appData';
import { TemplateEditor } from './TemplateEditor';
import { TemplateError } from './TemplateNotFound';
import { TemplateStateBadge, personName } from './TemplateStateBadge';
import { useRouteTemplate } from './useTemplate';
import { ACTION_LABELS, useTemplateActionRunner } from './useTemplateActionRunner';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  title: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  facts: { display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: tokens.spacingHorizontalL, rowGap: tokens.spacingVerticalXS },
  comments: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, margin: 0, padding: 0, listStyle: 'none' },
});

/** /admin/templates/{id}: a template read-only, its workflow actions, its approval and its comments. */
export function ViewTemplatePage() {
  const styles = useStyles();
  const { data } = useAppData();
  const found = useRouteTemplate();
  const { run, dialogs } = useTemplateActionRunner();
  if (found === undefined) return <Spinner label="Loading the template…" />;
  if (found === null) return <TemplateError title="Template not found" message="This template does not exist or has been deleted." />;
  const t = found.doc;
  const actions = templateActions(t.State, data.abilities.forms).filter((a) => a !== 'view');
  return (
    <section className={styles.root}>
      <div className={styles.title}>
        <Title2 as="h1">{t.Name}</Title2>
        <TemplateStateBadge state={t.State} />
        {found.pending && <Badge appearance="outline" color="warning">Pending</Badge>}
      </div>
      <div className={styles.actions} role="toolbar" aria-label="Template actions">
        {actions.map((a) => (
          <Button key={a} appearance={a === 'approve' || a === 'review' ? 'primary' : 'secondary'} onClick={() => run(a, t)}>
            {ACTION_LABELS[a]}
          </Button>
        ))}
      </div>
      <div className={styles.facts}>
        <Caption1>Form</Caption1>
        <Body1>{t.FormKey || '—'}</Body1>
        <Caption1>Created By</Caption1>
        <Body1>{personName(t.CreatedBy)}</Body1>
        <Caption1>Approval</Caption1>
        <Body1>{t.ApprovedBy ? `Approved by ${personName(t.ApprovedBy)} on ${(t.ApprovedOn ?? '').slice(0, 10)}` : 'Not approved'}</Body1>
      </div>
      {t.Type === 'permit' && <TemplateEditor key={`${t.PermitTemplateId}:${t.DateChanged}`} template={t} readOnly />}
      <section aria-label="Comments">
        <Subtitle2 as="h2">{`Comments (${t.Comments.length})`}</Subtitle2>
        <ul className={styles.comments}>
          {t.Comments.map((c, i) => (
            <li key={i}>
              <Card size="small">
                <Caption1>{`${c.CommentType} · ${personName(c.CreatedBy)} · ${c.CreatedOn.slice(0, 16).replace('T', ' ')}`}</Caption1>
                <Body1>{c.Comment}</Body1>
              </Card>
            </li>
          ))}
        </ul>
      </section>
      {dialogs}
    </section>
  );
}
