import { Body1, Button, Dropdown, Field, Option, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useReplica } from '../../app/replica';
import { useAppData } from '../../app/startup/appData';
import { useObservable } from '../../app/useObservable';
import { TemplateEditor } from './TemplateEditor';
import { TemplateError } from './TemplateNotFound';
import { templatesAt, templates$ } from './templateQueries';
import { useTemplateWrites } from './useTemplateWrites';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  picker: { display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
});

/** /admin/templates/create?type=work|permit (SPEC §2). */
export function CreateTemplatePage() {
  const type = useSearchParams()[0].get('type');
  if (type === 'work') return <WorkTemplatePlaceholder />;
  if (type === 'permit') return <CreatePermitTemplate />;
  return <TemplateError title="Invalid template type" message={`"${type ?? ''}" is not a template type. Create a Work Template or a Permit Template from the Templates page.`} />;
}

function CreatePermitTemplate() {
  const styles = useStyles();
  const navigate = useNavigate();
  const { data } = useAppData();
  const writes = useTemplateWrites();
  const home = data.homeLocation;
  return (
    <section className={styles.root}>
      <Title2 as="h1">Create Permit Template</Title2>
      <TemplateEditor
        template={null}
        onCancel={() => navigate('/admin/templates')}
        onSave={(draft) => {
          if (!home) return;
          void writes
            .create({ ...draft, Type: 'permit', SiteId: home.SiteId, LocationId: home.LocationId })
            .then((id) => id && navigate(`/admin/templates/${encodeURIComponent(id)}/edit`, { replace: true }));
        }}
      />
    </section>
  );
}

/**
 * Work templates are a placeholder in the product (SPEC §2): a picker of the location's permit
 * templates and an Update button that does nothing yet.
 */
function WorkTemplatePlaceholder() {
  const styles = useStyles();
  const db = useReplica();
  const { data, email } = useAppData();
  const all = useObservable(useMemo(() => templates$(db, email), [db, email]), []);
  const permitTemplates = templatesAt(all, data.homeLocation?.LocationId ?? null, 'permit');
  const [chosen, setChosen] = useState<string[]>([]);
  return (
    <section className={styles.root}>
      <Title2 as="h1">Create Work Template</Title2>
      <Body1>A work template will bundle the permit templates a job needs. Choosing them is shown here; saving work templates comes in a later version.</Body1>
      <div className={styles.picker}>
        <Field label="Permit templates">
          <Dropdown multiselect placeholder="Choose permit templates" selectedOptions={chosen} onOptionSelect={(_e, d) => setChosen(d.selectedOptions)}>
            {permitTemplates.map(({ doc }) => (
              <Option key={doc.PermitTemplateId} value={doc.PermitTemplateId}>
                {doc.Name}
              </Option>
            ))}
          </Dropdown>
        </Field>
        {/* Inert by design (SPEC §2): nothing to update until work templates are saved. */}
        <Button appearance="primary">Update</Button>
      </div>
    </section>
  );
}
