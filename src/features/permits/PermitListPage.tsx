import { Badge, Body1, Button, Caption1, Card, CardHeader, Spinner, Subtitle2, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { abilitiesAt } from '../../../domain/abilities';
import { useReplica } from '../../app/replica';
import { useAppData } from '../../app/startup/appData';
import { useObservable } from '../../app/useObservable';
import { permits$ } from './permitQueries';
import { referenceOf } from './permitText';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  cards: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
});

/**
 * /permits/list, simple for now: the replica's permits as cards, filtered by the `state` query
 * (comma-separated, SPEC §2); the filter bar and paging come with the list's own issue.
 */
export function PermitListPage() {
  const styles = useStyles();
  const db = useReplica();
  const { data, email } = useAppData();
  const navigate = useNavigate();
  const states = useSearchParams()[0].get('state')?.split(',').filter(Boolean) ?? [];
  const all = useObservable(useMemo(() => permits$(db, email), [db, email]), undefined);
  if (!all) return <Spinner label="Loading permits…" />;
  const shown = all.filter(({ doc }) => states.length === 0 || states.includes(doc.State));
  const titleOf = (id: number) => data.tree.byId.get(id)?.Title ?? String(id);

  return (
    <section className={styles.root}>
      <Title2 as="h1">Permits</Title2>
      {shown.length === 0 && <Body1>No permits matched the selected filters.</Body1>}
      <div className={styles.cards}>
        {shown.map(({ doc, pending }) => {
          const canEdit = abilitiesAt(data.profile, data.tree, doc.LocationId).permits.edit;
          return (
            <Card key={doc.PermitInstanceId} aria-label={`Permit ${referenceOf(doc.PermitInstanceReferenceId)}`}>
              <CardHeader
                header={<Subtitle2>{`Permit # ${referenceOf(doc.PermitInstanceReferenceId)}`}</Subtitle2>}
                description={<Caption1>{`${doc.permitTypes.map((t) => t.Label).join(', ')} · ${titleOf(doc.LocationId)}`}</Caption1>}
                action={
                  <Button onClick={() => navigate(`/permits/${doc.PermitInstanceId}/edit`)}>{canEdit ? 'View/Edit Permit' : 'View Permit'}</Button>
                }
              />
              <div>
                <Badge appearance="tint">{doc.State}</Badge> {pending && <Badge appearance="outline">Not synced yet</Badge>}
              </div>
              <Body1>{doc.workDescription.map((w) => w.workDescription).join(' · ')}</Body1>
            </Card>
          );
        })}
      </div>
    </section>
  );
}
