import type {
  GasSettings, HandoverClash, HandoverGasTest, HandoverIsolation, HandoverPage, HandoverPermit, IsolationCertificate, PermitGasTests, PermitHistoryEvent, PermitState,
} from '../../schemas';
import { rulesFor } from '../gasTests/limits';
import { IN_PLACE_STATES } from '../isolations/lifecycle';
import { isOverdue, retest, retestWords } from '../gasTests/retest';
import type { Clash } from '../simops/clash';
import type { Shift } from './shifts';

const MINUTE = 60_000;

/** Work under way or to be closed out, in the order a handover reads them. */
export const OPEN_ON_HANDOVER: readonly PermitState[] = ['APPROVED', 'CLOSING', 'TIMEOUT'];
export const AWAITING_APPROVAL: readonly PermitState[] = ['PRE-APPROVAL', 'PENDING'];
export const ENDED_ON_HANDOVER: readonly PermitState[] = ['REVOKED', 'REJECTED', 'COMPLETED'];

/** What a handover reads of a permit: its replica document with `validUntil` derived from its form (domain/permits/derived). */
export interface HandoverPermitFacts {
  PermitInstanceId: string;
  PermitInstanceReferenceId: string;
  State: string;
  LocationId: number;
  DateChanged: string;
  EndStateDescription: string | null;
  workDescription: readonly { workDescription: string }[];
  permitReceiver: string;
  workLocation: string;
  permitTypes: readonly { Name: string }[];
  /** When its validity ends (ISO), '' when the form does not say. */
  validUntil: string;
  History?: readonly Pick<PermitHistoryEvent, 'At' | 'Details'>[];
}

/** Everything a handover page is built from: the area, the shifts, the clock, and what the replica holds. */
export interface HandoverInputs {
  locationId: number;
  locationTitle: string;
  /** The area: the location and every location below it. */
  locations: readonly number[];
  shift: Shift;
  next: Shift;
  now: Date;
  timeZone: string;
  permits: readonly HandoverPermitFacts[];
  isolations?: readonly Pick<IsolationCertificate, 'IsolationCertificateId' | 'ReferenceId' | 'LocationId' | 'State' | 'Equipment' | 'Points' | 'Permits'>[];
  gasTests?: { documents: readonly PermitGasTests[]; settings: GasSettings };
  /** The SIMOPS clashes of the replica (domain/simops): those naming a permit of the area are listed. */
  clashes?: readonly Clash[];
}

const rank = (order: readonly string[]) => (p: HandoverPermit) => order.indexOf(p.State);

/** When a permit reached the state it is in: its history's last transition to it, else its last change. */
function endedAt(permit: HandoverPermitFacts): string {
  const event = [...(permit.History ?? [])].reverse().find((e) => e.Details.to === permit.State);
  return event?.At ?? permit.DateChanged;
}

function listed(permit: HandoverPermitFacts, input: HandoverInputs, ended: string | null): HandoverPermit {
  const until = permit.validUntil ? Date.parse(permit.validUntil) : Number.NaN;
  const valid = Number.isFinite(until);
  const open = OPEN_ON_HANDOVER.includes(permit.State as PermitState) && permit.State !== 'TIMEOUT';
  return {
    PermitInstanceId: permit.PermitInstanceId,
    Reference: permit.PermitInstanceReferenceId,
    State: permit.State,
    Work: permit.workDescription.map((w) => w.workDescription).filter(Boolean).join('; '),
    Receiver: permit.permitReceiver,
    Where: permit.workLocation,
    ValidUntil: valid ? new Date(until).toISOString() : null,
    MinutesLeft: valid ? Math.floor((until - input.now.getTime()) / MINUTE) : null,
    TimesOutNextShift: open && valid && until >= input.next.start.getTime() && until < input.next.end.getTime(),
    EndedAt: ended,
    Reason: ended ? permit.EndStateDescription : null,
  };
}

function isolationsOf(input: HandoverInputs, area: Set<number>): HandoverIsolation[] {
  return (input.isolations ?? [])
    .filter((c) => area.has(c.LocationId) && IN_PLACE_STATES.includes(c.State))
    .map((c) => ({
      IsolationCertificateId: c.IsolationCertificateId,
      Reference: c.ReferenceId,
      State: c.State,
      Equipment: c.Equipment,
      Points: c.Points.length,
      Permits: c.Permits.filter((p) => !ENDED_ON_HANDOVER.includes(p.State)).map((p) => p.PermitInstanceReferenceId),
    }))
    .sort((a, b) => a.Reference.localeCompare(b.Reference));
}

/** Suspended work first, then overdue retests, then retests due before this shift ends. */
function gasTestsOf(input: HandoverInputs, approved: readonly HandoverPermitFacts[]): HandoverGasTest[] {
  if (!input.gasTests) return [];
  const { documents, settings } = input.gasTests;
  const byPermit = new Map(documents.map((d) => [d.PermitInstanceId, d]));
  const items: HandoverGasTest[] = [];
  for (const permit of approved) {
    const doc = byPermit.get(permit.PermitInstanceId);
    const base = { PermitInstanceId: permit.PermitInstanceId, Reference: permit.PermitInstanceReferenceId };
    const suspension = doc?.Suspensions.find((s) => s.ResumedBy === null);
    if (suspension) {
      items.push({ ...base, Status: 'suspended', Words: `Work suspended: ${suspension.Reason}`, DueAt: null });
      continue;
    }
    const rules = rulesFor(settings, permit.permitTypes.map((t) => t.Name));
    if (!doc?.Readings.length && !rules.required) continue;
    const next = retest(doc?.Readings ?? [], rules, input.now);
    if (next.kind === 'none') {
      items.push({ ...base, Status: 'due', Words: retestWords(next, input.now, settings.TimeZone), DueAt: null });
    } else if (isOverdue(next, input.now)) {
      items.push({ ...base, Status: 'overdue', Words: retestWords(next, input.now, settings.TimeZone), DueAt: next.dueAt.toISOString() });
    } else if (next.dueAt.getTime() < input.shift.end.getTime()) {
      items.push({ ...base, Status: 'due', Words: retestWords(next, input.now, settings.TimeZone), DueAt: next.dueAt.toISOString() });
    }
  }
  const order = ['suspended', 'overdue', 'due'];
  return items.sort((a, b) => order.indexOf(a.Status) - order.indexOf(b.Status) || a.Reference.localeCompare(b.Reference));
}

function clashesOf(input: HandoverInputs, inArea: ReadonlyMap<string, HandoverPermitFacts>, references: ReadonlyMap<string, string>): HandoverClash[] {
  return (input.clashes ?? [])
    .filter((c) => c.ids.some((id) => inArea.has(id)))
    .map((c) => {
      const [a, b] = c.ids.map((id) => references.get(id) ?? id) as [string, string];
      const verb = c.rule === 'block' ? 'must not run together' : 'need a SIMOPS review to run together';
      return {
        Permits: c.ids.map((id) => ({ PermitInstanceId: id, Reference: references.get(id) ?? id })),
        Rule: c.rule,
        Words: `${a} (${c.kinds[0]}) and ${b} (${c.kinds[1]}) ${verb}: ${Math.round(c.distanceM)} m apart, ${c.separationM} m required.`,
      };
    });
}

/**
 * The handover page of an area for a shift, as of `now`: open permits by state (those that time
 * out during the next shift marked), permits awaiting approval, permits that ended this shift,
 * and, when the replica holds any, isolations in place or waiting for de-isolation, gas tests
 * that need the incoming shift, and SIMOPS clashes touching the area.
 */
export function handoverPage(input: HandoverInputs): HandoverPage {
  const area = new Set(input.locations);
  const permits = input.permits.filter((p) => area.has(p.LocationId));
  const byState = (states: readonly PermitState[]) => permits.filter((p) => states.includes(p.State as PermitState));
  const byReference = (a: HandoverPermit, b: HandoverPermit) => a.Reference.localeCompare(b.Reference);
  const open = byState(OPEN_ON_HANDOVER).map((p) => listed(p, input, null))
    .sort((a, b) => rank(OPEN_ON_HANDOVER)(a) - rank(OPEN_ON_HANDOVER)(b) || (a.MinutesLeft ?? Infinity) - (b.MinutesLeft ?? Infinity) || byReference(a, b));
  const awaiting = byState(AWAITING_APPROVAL).map((p) => listed(p, input, null)).sort((a, b) => rank(AWAITING_APPROVAL)(a) - rank(AWAITING_APPROVAL)(b) || byReference(a, b));
  const start = input.shift.start.getTime();
  const ended = byState(ENDED_ON_HANDOVER)
    .map((p) => ({ p, at: endedAt(p) }))
    .filter(({ at }) => Date.parse(at) >= start && Date.parse(at) <= input.now.getTime())
    .map(({ p, at }) => listed(p, input, new Date(Date.parse(at)).toISOString()))
    .sort((a, b) => (a.EndedAt ?? '').localeCompare(b.EndedAt ?? ''));

  const inArea = new Map(permits.map((p) => [p.PermitInstanceId, p]));
  const references = new Map(input.permits.map((p) => [p.PermitInstanceId, p.PermitInstanceReferenceId]));
  const isolations = isolationsOf(input, area);
  const gasTests = gasTestsOf(input, byState(['APPROVED']));
  const clashes = clashesOf(input, inArea, references);
  return {
    LocationId: input.locationId,
    LocationTitle: input.locationTitle,
    Shift: { Name: input.shift.name, Start: input.shift.start.toISOString(), End: input.shift.end.toISOString() },
    At: input.now.toISOString(),
    OpenPermits: open,
    AwaitingApproval: awaiting,
    EndedThisShift: ended,
    ...(isolations.length ? { Isolations: isolations } : {}),
    ...(gasTests.length ? { GasTests: gasTests } : {}),
    ...(clashes.length ? { Clashes: clashes } : {}),
  };
}

/** The id an item note names: one per permit, certificate, permit's gas tests and clash. */
export const itemIds = (page: HandoverPage): string[] => [
  ...[...page.OpenPermits, ...page.AwaitingApproval, ...page.EndedThisShift].map((p) => `permit:${p.PermitInstanceId}`),
  ...(page.Isolations ?? []).map((c) => `isolation:${c.IsolationCertificateId}`),
  ...(page.GasTests ?? []).map((g) => `gas:${g.PermitInstanceId}`),
  ...(page.Clashes ?? []).map((c) => `clash:${c.Permits.map((p) => p.PermitInstanceId).join(':')}`),
];
