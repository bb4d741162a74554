import {
  Badge, Body1, Button, Caption1, Field, Input, MessageBar, MessageBarBody, Spinner, Subtitle2, Text, Textarea, Title2, makeStyles, tokens,
} from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { abilitiesAt } from '../../../domain/abilities';
import { handoverPage, itemIds, type HandoverInputs } from '../../../domain/handover/page';
import { revalidationStatus, type RevalidationStatus } from '../../../domain/handover/revalidation';
import { nextShift, shiftAt } from '../../../domain/handover/shifts';
import { descendantsAndSelf } from '../../../domain/locations';
import type { HandoverPage as Page, IsolationCertificate, ReplicatedPermit } from '../../../schemas';
import { AppLink } from '../../app/AppLink';
import { useAppData } from '../../app/startup/appData';
import { useAllGasTests } from '../gasTests/useGasTests';
import { useNow } from '../gasTests/useNow';
import { useIsolations } from '../isolations/useIsolations';
import { PickLocationDialog } from '../locations/PickLocationDialog';
import { useSimops } from '../simops/useSimops';
import { HandoverEntry } from './HandoverEntry';
import { revalidatePermits, submitHandover } from './handoverWrites';
import { OlderHandovers } from './OlderHandovers';
import { clockOf, shiftWords } from './shiftWords';
import { useHandoverActor, useHandovers, useShiftPattern } from './useHandover';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  row: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
  items: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, margin: 0, paddingLeft: tokens.spacingHorizontalL },
  item: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  note: { maxWidth: '40rem' },
});


function timeLeft(minutes: number | null): string {
  if (minutes === null) return 'no end of validity on its form';
  if (minutes < 0) return `expired ${Math.floor(-minutes / 60)} h ${-minutes % 60} min ago`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min left`;
}

/** One line per item of the page, with the item's id for its note. */
interface Item { id: string; title: string; details: string; flag?: string; link?: string; permitId?: string }

function sectionsOf(page: Page, timeZone: string): { title: string; items: Item[] }[] {
  const permit = (p: Page['OpenPermits'][number], details: string, flag?: string): Item => ({
    id: `permit:${p.PermitInstanceId}`, permitId: p.PermitInstanceId, title: `${p.Reference} · ${p.State}`, link: `/permits/${p.PermitInstanceId}/edit`, flag,
    details: [p.Work, p.Receiver && `receiver ${p.Receiver}`, p.Where, details].filter(Boolean).join(' · '),
  });
  const sections = [
    { title: 'Open permits', items: page.OpenPermits.map((p) => permit(p, timeLeft(p.MinutesLeft), p.TimesOutNextShift ? 'Times out next shift' : undefined)) },
    { title: 'Awaiting approval', items: page.AwaitingApproval.map((p) => permit(p, '')) },
    { title: 'Ended this shift', items: page.EndedThisShift.map((p) => permit(p, [p.EndedAt && `at ${clockOf(p.EndedAt, timeZone)}`, p.Reason].filter(Boolean).join(': '))) },
  ];
  if (page.Isolations) sections.push({ title: 'Isolations', items: page.Isolations.map((c) => ({
    id: `isolation:${c.IsolationCertificateId}`, title: `${c.Reference} · ${c.State}`, link: `/isolations/${c.IsolationCertificateId}`,
    details: [c.Equipment, `${c.Points} points`, c.Permits.length ? `relied on by ${c.Permits.join(', ')}` : ''].filter(Boolean).join(' · '),
  })) });
  if (page.GasTests) sections.push({ title: 'Gas tests', items: page.GasTests.map((g) => ({
    id: `gas:${g.PermitInstanceId}`, title: g.Reference, link: `/permits/${g.PermitInstanceId}/edit`, details: g.Words, flag: g.Status === 'due' ? undefined : g.Status,
  })) });
  if (page.Clashes) sections.push({ title: 'SIMOPS clashes', items: page.Clashes.map((c) => ({
    id: `clash:${c.Permits.map((p) => p.PermitInstanceId).join(':')}`, title: c.Permits.map((p) => p.Reference).join(' and '), details: c.Words,
  })) });
  return sections;
}

/** The area's page as the replica reads now: permits with their validity and clashes (SIMOPS), isolations and gas tests. */
function useAreaPage(locationId: number, pattern: Parameters<typeof shiftAt>[0] | undefined): { build: (now: Date) => Page; permits: ReadonlyMap<string, ReplicatedPermit> } | undefined {
  const { data } = useAppData();
  const simops = useSimops();
  const isolations = useIsolations();
  const gas = useAllGasTests();
  return useMemo(() => {
    if (!simops || !isolations || !gas || !pattern) return undefined;
    const location = data.tree.byId.get(locationId);
    if (!location) return undefined;
    const locations = descendantsAndSelf(data.tree, locationId);
    const area = new Set(locations);
    const permits = [...simops.permits.values()].filter((p) => area.has(p.LocationId)).map((p) => ({ ...p, validUntil: simops.facts.get(p.PermitInstanceId)?.validUntil ?? '' }));
    const settings = gas.settingsOf(location.SiteId);
    const build = (now: Date): Page => {
      const input: HandoverInputs = {
        locationId, locationTitle: location.Title, locations, shift: shiftAt(pattern, now), next: nextShift(pattern, now), now, timeZone: pattern.TimeZone,
        permits,
        isolations: isolations.map(({ doc }) => doc as IsolationCertificate),
        gasTests: { documents: permits.flatMap((p) => { const t = gas.tests.get(p.PermitInstanceId); return t ? [t.doc] : []; }), settings },
        clashes: simops.clashes.clashesAt(location.SiteId),
      };
      return handoverPage(input);
    };
    return { build, permits: simops.permits };
  }, [simops, isolations, gas, pattern, data.tree, locationId]);
}

/** /handover: an area's page for the current shift, handed over with notes, and its last handovers to sign for; from the replica, offline too. */
export function HandoverPage() {
  const styles = useStyles();
  const { data } = useAppData();
  const home = data.homeLocation ?? data.locations[0];
  // The dashboard's warning links to the area it names (?LocationId=).
  const [search] = useSearchParams();
  const asked = Number(search.get('LocationId'));
  const [locationId, setLocationId] = useState<number>(() =>
    (data.tree.byId.has(asked) && abilitiesAt(data.profile, data.tree, asked).permits.view ? asked : home?.LocationId ?? 0));
  const [picking, setPicking] = useState(false);
  const location = data.tree.byId.get(locationId);
  const pattern = useShiftPattern(location?.SiteId ?? 0);
  const area = useAreaPage(locationId, pattern);
  const build = area?.build;
  const now = useNow(60_000);
  const page = useMemo(() => build?.(now), [build, now]);
  const handovers = useHandovers(locationId);
  const { writer, issuerAt } = useHandoverActor();
  const issuer = issuerAt(locationId);
  const [notes, setNotes] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [revalidationRefusal, setRevalidationRefusal] = useState<string | null>(null);

  if (!location) return <MessageBar intent="warning"><MessageBarBody>Choose a home location first: the handover is of an area.</MessageBarBody></MessageBar>;
  const timeZone = pattern?.TimeZone ?? 'UTC';
  const revalidation = (permitId: string | undefined): { permit: ReplicatedPermit; status: RevalidationStatus } | null => {
    const permit = permitId === undefined ? undefined : area?.permits.get(permitId);
    if (!permit || !pattern?.Revalidation?.Enabled) return null;
    const status = revalidationStatus(permit, pattern, now);
    return status.kind === 'off' ? null : { permit, status };
  };
  const toRevalidate = (page?.OpenPermits ?? []).flatMap((p) => {
    const r = revalidation(p.PermitInstanceId);
    return r && r.status.kind !== 'done' ? [r.permit] : [];
  });
  const revalidate = async (permits: readonly ReplicatedPermit[]) => {
    if (pattern) setRevalidationRefusal(await revalidatePermits(writer, permits, pattern, issuerAt));
  };

  const handOver = async () => {
    if (!build) return;
    const snapshot = build(new Date());
    const listed = new Set(itemIds(snapshot));
    const gone = Object.entries(notes).find(([id, note]) => note.trim() && !listed.has(id));
    if (gone) {
      setRefusal(`The note “${gone[1].trim().slice(0, 40)}” is on an item no longer on the page: put it in the general notes.`);
      return;
    }
    await submitHandover(writer, snapshot, location.SiteId, general, notes);
    setRefusal(null);
    setNotes({});
    setGeneral('');
    setDone(`${shiftWords(snapshot.Shift, timeZone)} handed over. It syncs when the device is online.`);
  };

  return (
    <section className={styles.root}>
      <Title2 as="h1">Shift handover</Title2>
      <div className={styles.row} role="group" aria-label="Area">
        <Text weight="semibold">{location.Title}</Text>
        <Caption1>and every location below it</Caption1>
        <Button size="small" onClick={() => setPicking(true)}>Choose area</Button>
      </div>
      <PickLocationDialog
        open={picking}
        title="Choose area"
        revealId={locationId}
        canSelect={(id) => abilitiesAt(data.profile, data.tree, id).permits.view}
        currentId={locationId}
        filterOnly
        onPick={async (id) => {
          setLocationId(id);
          setNotes({});
          setDone(null);
          setRefusal(null);
          setRevalidationRefusal(null);
        }}
        onClose={() => setPicking(false)}
      />
      {page === undefined ? <Spinner label="Loading the handover…" /> : (
        <>
          <Subtitle2 as="h2">{`This shift: ${shiftWords(page.Shift, timeZone)}`}</Subtitle2>
          {sectionsOf(page, timeZone).map((section) => (
            <section key={section.title} aria-label={section.title} className={styles.root}>
              <Subtitle2 as="h3">{`${section.title} (${section.items.length})`}</Subtitle2>
              {section.title === 'Open permits' && revalidationRefusal && <MessageBar intent="error" role="alert"><MessageBarBody>{revalidationRefusal}</MessageBarBody></MessageBar>}
              {section.title === 'Open permits' && issuer && toRevalidate.length > 0 && (
                <div className={styles.row}><Button onClick={() => void revalidate(toRevalidate)}>Revalidate all listed</Button></div>
              )}
              {section.items.length === 0 ? <Body1>None.</Body1> : (
                <ul className={styles.items}>
                  {section.items.map((item) => (
                    <li key={item.id} className={styles.item}>
                      <div className={styles.row}>
                        {item.link ? <AppLink to={item.link}>{item.title}</AppLink> : <Text weight="semibold">{item.title}</Text>}
                        {item.flag && <Badge appearance="tint" color="warning">{item.flag}</Badge>}
                        <Revalidation found={revalidation(item.permitId)} issuer={issuer} onRevalidate={(permit) => void revalidate([permit])} />
                      </div>
                      <Body1>{item.details}</Body1>
                      {issuer && (
                        <Input className={styles.note} aria-label={`Note on ${item.title}`} placeholder="Note for the incoming shift" value={notes[item.id] ?? ''}
                          onChange={(_e, d) => setNotes((n) => ({ ...n, [item.id]: d.value }))} />
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </section>
          ))}
          {issuer ? (
            <>
              <Field label="General notes" className={styles.note}>
                <Textarea value={general} resize="vertical" onChange={(_e, d) => setGeneral(d.value)} />
              </Field>
              {refusal && <MessageBar intent="error" role="alert"><MessageBarBody>{refusal}</MessageBarBody></MessageBar>}
              {done && <MessageBar intent="success" role="status"><MessageBarBody>{done}</MessageBarBody></MessageBar>}
              <div className={styles.row}><Button appearance="primary" onClick={() => void handOver()}>Hand over</Button></div>
            </>
          ) : <Body1>Issuers of the area (permits.edit there) hand over and acknowledge.</Body1>}
        </>
      )}
      <Subtitle2 as="h2">Last handovers</Subtitle2>
      {handovers === undefined ? <Spinner label="Loading the handovers…" /> : (
        <>
          {handovers.length === 0 ? <Body1>No handover of this area in the last 15 days.</Body1> : (
            <ul className={styles.items} aria-label="Last handovers">
              {handovers.map((h) => <HandoverEntry key={h.doc.HandoverId} overlaid={h} timeZone={timeZone} issuer={issuer} />)}
            </ul>
          )}
          {/* Keyed by area: another area's older handovers start unread. */}
          <OlderHandovers key={locationId} locationId={locationId} oldestEnd={handovers.at(-1)?.doc.Shift.End ?? null}
            held={new Set(handovers.map((h) => h.doc.HandoverId))} timeZone={timeZone} issuer={issuer} />
        </>
      )}
    </section>
  );
}

const REVALIDATION_BADGES = { done: ['success', 'Revalidated for this shift'], due: ['warning', 'Revalidation due'], required: ['danger', 'Revalidation required'] } as const;

/** Where an APPROVED permit stands at shift change when the site revalidates, and its Revalidate for an issuer. */
function Revalidation({ found, issuer, onRevalidate }: { found: { permit: ReplicatedPermit; status: RevalidationStatus } | null; issuer: boolean; onRevalidate(permit: ReplicatedPermit): void }) {
  if (!found || found.status.kind === 'off') return null;
  const [color, words] = REVALIDATION_BADGES[found.status.kind];
  return (
    <>
      <Badge appearance="tint" color={color}>{words}</Badge>
      {issuer && found.status.kind !== 'done' && <Button size="small" onClick={() => onRevalidate(found.permit)}>Revalidate</Button>}
    </>
  );
}
