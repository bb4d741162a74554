import {
  Badge, Body1, Button, Caption1, Card, CardHeader, MessageBar, MessageBarBody, Spinner, Subtitle2, Title2, makeStyles, tokens,
} from '@fluentui/react-components';
import { ArrowClockwiseRegular } from '@fluentui/react-icons';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { abilitiesAt } from '../../../domain/abilities';
import { listForms } from '../../../replication/forms';
import type { BuilderForm } from '../../../schemas';
import { useAppData } from '../../app/startup/appData';
import { useLoad } from '../../app/useLoad';
import { usePublish, type FormAct } from './usePublish';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  rows: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, margin: 0, padding: 0, listStyle: 'none' },
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  nested: { paddingLeft: tokens.spacingHorizontalXXL },
  grow: { flex: '1 1 auto', display: 'flex', flexDirection: 'column' },
  muted: { color: tokens.colorNeutralForeground3 },
});

const day = (iso: string | null) => (iso ? iso.slice(0, 16).replace('T', ' ') : 'never');

/** /admin/forms (SPEC §2): one card per top-level site with its forms, their nested resources and their publish status. */
export function FormsPage() {
  const styles = useStyles();
  const { data } = useAppData();
  const load = useCallback(() => listForms(), []);
  const forms = useLoad(load);
  const { publish, rebuild, busy } = usePublish(forms.reload);
  const sites = data.tree.childrenOf(0).filter((site) => forms.data?.some((f) => f.properties.SiteId === site.SiteId));

  return (
    <section className={styles.root}>
      <Title2 as="h1">Forms</Title2>
      {forms.error && (
        <MessageBar intent="error">
          <MessageBarBody>{forms.error}</MessageBarBody>
        </MessageBar>
      )}
      {forms.data === undefined && forms.loading && <Spinner label="Loading the forms…" />}
      {sites.map((site) => (
        <SiteCard
          key={site.SiteId}
          title={site.Title}
          forms={forms.data!.filter((f) => f.properties.SiteId === site.SiteId)}
          canEdit={editableAt(data, site.LocationId)}
          refreshing={forms.loading}
          onRefresh={forms.reload}
          busy={busy}
          onPublish={publish}
          onRebuild={rebuild}
        />
      ))}
    </section>
  );
}

/** Publishing needs forms.edit (SPEC §6) where the site's forms are administered. */
const editableAt = (data: ReturnType<typeof useAppData>['data'], locationId: number) => abilitiesAt(data.profile, data.tree, locationId).forms.edit;

interface SiteCardProps {
  title: string;
  forms: BuilderForm[];
  canEdit: boolean;
  refreshing: boolean;
  onRefresh(): void;
  busy: FormAct;
  onPublish(formId: string): void;
  onRebuild(formId: string, definitionId: string): void;
}

function SiteCard({ title, forms, canEdit, refreshing, onRefresh, busy, onPublish, onRebuild }: SiteCardProps) {
  const styles = useStyles();
  const navigate = useNavigate();
  const byId = new Map(forms.map((f) => [f._id, f]));
  const spinnerFor = (formId: string, act: 'publish' | 'rebuild') => (busy?.formId === formId && busy.act === act ? <Spinner size="tiny" /> : undefined);
  const parents = forms.filter((f) => f.type === 'form');
  const orphans = forms.filter((f) => f.type === 'resource' && f.related.length === 0);
  const line = (f: BuilderForm, nested: boolean) => (
    <li key={`${nested ? 'n' : 'f'}${f._id}`} className={`${styles.row} ${nested ? styles.nested : ''}`}>
      <span className={styles.grow}>
        <Body1>{f.title}</Body1>
        <Caption1 className={styles.muted}>{`${f.type === 'form' ? 'Form' : 'Resource'} · changed ${day(f.modified)}${f.type === 'form' ? ` · published ${day(f.publishedAt)}` : ''}`}</Caption1>
      </span>
      <Badge appearance="tint" color={f.status === 'Published' ? 'success' : 'warning'}>
        {f.status}
      </Badge>
      <Button size="small" onClick={() => navigate(`/admin/forms/${encodeURIComponent(f._id)}`)} aria-label={`Edit ${f.title}`}>
        Edit
      </Button>
      {f.type === 'form' && canEdit && (
        <Button size="small" appearance="primary" disabled={busy !== null} icon={spinnerFor(f._id, 'publish')} onClick={() => onPublish(f._id)} aria-label={`Publish ${f.title}`}>
          Publish
        </Button>
      )}
      {f.type === 'form' && canEdit && f.publishedDefinitionId && (
        <Button size="small" disabled={busy !== null} icon={spinnerFor(f._id, 'rebuild')} onClick={() => onRebuild(f._id, f.publishedDefinitionId!)} aria-label={`Rebuild metadata of ${f.title}`}>
          Rebuild Metadata
        </Button>
      )}
    </li>
  );
  return (
    <Card aria-label={title}>
      <CardHeader
        header={<Subtitle2 as="h2">{title}</Subtitle2>}
        action={
          <Button icon={<ArrowClockwiseRegular />} disabled={refreshing} onClick={onRefresh}>
            Refresh List
          </Button>
        }
      />
      <ul className={styles.rows}>
        {parents.flatMap((f) => [line(f, false), ...f.related.flatMap((id) => (byId.get(id) ? [line(byId.get(id)!, true)] : []))])}
        {orphans.map((f) => line(f, false))}
      </ul>
    </Card>
  );
}
