import { Badge, Spinner, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { Navigate, useNavigate } from 'react-router-dom';
import { templateActions } from '../../../domain/templates/workflow';
import { useAppData } from '../../app/startup/appData';
import { TemplateEditor } from './TemplateEditor';
import { TemplateError } from './TemplateNotFound';
import { TemplateStateBadge } from './TemplateStateBadge';
import { useRouteTemplate } from './useTemplate';
import { useTemplateWrites } from './useTemplateWrites';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  title: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM },
});

/** /admin/templates/{id}/edit: the editor of a DRAFT template; any other state is view-only (SPEC §4), so it opens the view. */
export function EditTemplatePage() {
  const styles = useStyles();
  const navigate = useNavigate();
  const { data } = useAppData();
  const writes = useTemplateWrites();
  const found = useRouteTemplate();
  if (found === undefined) return <Spinner label="Loading the template…" />;
  if (found === null) return <TemplateError title="Template not found" message="This template does not exist or has been deleted." />;
  const template = found.doc;
  if (!templateActions(template.State, data.abilities.forms).includes('edit')) {
    return <Navigate to={`/admin/templates/${encodeURIComponent(template.PermitTemplateId)}`} replace />;
  }
  return (
    <section className={styles.root}>
      <div className={styles.title}>
        <Title2 as="h1">Edit Permit Template</Title2>
        <TemplateStateBadge state={template.State} />
        {found.pending && <Badge appearance="outline" color="warning">Pending</Badge>}
      </div>
      <TemplateEditor
        key={template.PermitTemplateId}
        template={template}
        onCancel={() => navigate('/admin/templates')}
        onSave={(draft) => {
          const changes = Object.fromEntries(Object.entries(draft).filter(([k, v]) => template[k as keyof typeof draft] !== v));
          if (Object.keys(changes).length > 0) void writes.update(template.PermitTemplateId, changes);
        }}
      />
    </section>
  );
}
