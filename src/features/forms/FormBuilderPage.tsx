import { Button, Checkbox, Field, Input, Link, MessageBar, MessageBarBody, Spinner, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { messages } from '../../../domain/messages';
import { listForms, saveForm } from '../../../replication/forms';
import type { BuilderForm } from '../../../schemas';
import { useLoad } from '../../app/useLoad';
import { useNotify } from '../../app/toaster';
import type { FormBuilder } from './formioBuilder';
import { usePublish } from './usePublish';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  bar: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'center', flexWrap: 'wrap' },
  nested: { display: 'flex', flexDirection: 'column' },
});

/** /admin/forms/{formId}: a resource in the Form.io builder; a form as the resources it nests. Save, and publish a form. */
export function FormBuilderPage() {
  const styles = useStyles();
  const navigate = useNavigate();
  const notify = useNotify();
  const { formId = '' } = useParams();
  const load = useCallback(() => listForms(), []);
  const project = useLoad(load);
  const form = project.data?.find((f) => f._id === formId);
  const [title, setTitle] = useState<string | null>(null);
  const components = useRef<Record<string, unknown>[] | null>(null);
  const [saving, setSaving] = useState(false);
  const { publish, busy } = usePublish(project.reload);

  if (project.data === undefined) return project.error ? <MessageBar intent="error"><MessageBarBody>{project.error}</MessageBarBody></MessageBar> : <Spinner label="Loading the form…" />;
  if (!form) return <MessageBar intent="error"><MessageBarBody>This form does not exist. Go back to the list of forms and refresh it.</MessageBarBody></MessageBar>;

  const save = () => {
    setSaving(true);
    saveForm(form._id, { title: (title ?? form.title).trim() || form.title, display: form.display === 'wizard' ? 'wizard' : 'form', components: components.current ?? form.components }).then(
      () => {
        setSaving(false);
        notify('success', messages.forms.updated);
        project.reload();
      },
      (error: unknown) => {
        setSaving(false);
        notify('error', error instanceof Error ? error.message : String(error));
      },
    );
  };

  return (
    <section className={styles.root}>
      <Link href="/admin/forms" onClick={(e) => (e.preventDefault(), navigate('/admin/forms'))}>
        Back to Forms
      </Link>
      <Title2 as="h1">{`${form.type === 'form' ? 'Form' : 'Resource'}: ${form.title}`}</Title2>
      <Field label="Title">
        <Input value={title ?? form.title} onChange={(_e, d) => setTitle(d.value)} />
      </Field>
      {form.type === 'resource' ? (
        <Builder key={`${form._id}:${form._vid}`} form={form} onChange={(c) => (components.current = c)} />
      ) : (
        <NestedResources form={form} project={project.data} onChange={(c) => (components.current = c)} />
      )}
      <div className={styles.bar}>
        <Button appearance="primary" disabled={saving} icon={saving ? <Spinner size="tiny" /> : undefined} onClick={save}>
          Save
        </Button>
        {form.type === 'form' && (
          <Button disabled={busy !== null} icon={busy ? <Spinner size="tiny" /> : undefined} onClick={() => publish(form._id)}>
            Publish
          </Button>
        )}
      </div>
    </section>
  );
}

/** The Form.io builder over a resource; reports the components after every change. */
function Builder({ form, onChange }: { form: BuilderForm; onChange(components: Record<string, unknown>[]): void }) {
  const host = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | string>('loading');
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  }, [onChange]);
  useEffect(() => {
    let cancelled = false;
    let builder: FormBuilder | null = null;
    const element = host.current!;
    void import('./formioBuilder')
      .then(({ loadBuilder }) => loadBuilder())
      .then((Formio) => Formio.builder(element, { display: form.display, components: structuredClone(form.components) }, { noDefaultSubmitButton: true }))
      .then((created) => {
        builder = created;
        if (cancelled) return created.destroy(true);
        const report = () => changed.current(structuredClone(created.form.components));
        created.on('change', report);
        created.on('saveComponent', report);
        created.on('deleteComponent', report);
        setStatus('ready');
      })
      // Said on the page: a builder that never appears leaves the editor waiting with no way to know why.
      .catch((error: unknown) => !cancelled && setStatus(`The form builder could not be loaded: ${(error as Error).message}`));
    return () => {
      cancelled = true;
      builder?.destroy(true);
    };
  }, [form]);
  return (
    <div className="op-formio op-formio-builder">
      {status === 'loading' && <Spinner size="small" label="Loading the form builder…" />}
      {status !== 'loading' && status !== 'ready' && <MessageBar intent="error"><MessageBarBody>{status}</MessageBarBody></MessageBar>}
      <div ref={host} />
    </div>
  );
}

/** A form nests the site's resources (one sub-form per permit type): which, and in what order, is what it is made of. */
function NestedResources({ form, project, onChange }: { form: BuilderForm; project: BuilderForm[]; onChange(components: Record<string, unknown>[]): void }) {
  const styles = useStyles();
  const resources = project.filter((f) => f.type === 'resource' && f.properties.SiteId === form.properties.SiteId);
  const [nested, setNested] = useState(form.components.filter((c) => c.type === 'form'));
  const toggle = (resource: BuilderForm, on: boolean) => {
    const next = on
      ? [...nested, { type: 'form', key: resource.name, label: resource.title, form: resource._id, input: true, tableView: true }]
      : nested.filter((c) => c.form !== resource._id);
    setNested(next);
    onChange(next);
  };
  return (
    <div className={styles.nested} role="group" aria-label="Nested resources">
      {resources.map((r) => (
        <Checkbox key={r._id} label={r.title} checked={nested.some((c) => c.form === r._id)} onChange={(_e, d) => toggle(r, d.checked === true)} />
      ))}
    </div>
  );
}
