/**
 * A permit's history in words (issue 40): each audit event the permit carries as a sentence a
 * person reads without knowing the product's action names — "Priya Raman changed Work
 * description from "Replace gasket" to "Replace gasket and bolts"" — with the times it was made
 * and received. Pure: labels, printers and the time zone come in, so it reads the same offline.
 */
import type { AuditFieldChange, PermitHistoryEvent } from '../../schemas';
import { actionSentence } from './actionText';
import { gridLines, isGridChange } from './gridText';
import { formatValue } from './valueText';

/** A device clock this far before the server's receipt says the change waited on the device (offline, or a queue held back). */
export const MADE_EARLIER_MS = 60_000;

export interface HistoryContext {
  /** Field labels by `{sub-form path}.{key}` (domain/permits/editability definitionFields). */
  fields: ReadonlyMap<string, { label: string }>;
  /** Labels of the components inside fields (a grid's cells, a container's fields) by `{sub-form path}.{key}` (gridText componentLabels). */
  labels?: ReadonlyMap<string, string>;
  /** Sub-form titles by content path; named before a field only where the permit has several. */
  forms?: ReadonlyMap<string, string>;
  /** Printer names by id, where the device holds them. */
  printers?: ReadonlyMap<number, string>;
  /** Location titles by id, for a permit moved. */
  locations?: ReadonlyMap<number, string>;
  /** Approval step labels by PermitApprovalId, from the permit's approval records. */
  approvals?: ReadonlyMap<string, string>;
  /** IANA time zone the times are written in; the device's when absent. */
  timeZone?: string;
}

/** One event as the History tab shows it. */
export interface HistoryEntry {
  /** Who did what, one sentence without a final full stop. */
  summary: string;
  /** What the summary leaves out, one line each: every field of a content edit, a reason, the state change. */
  details: string[];
  /** The event's server receipt time (ISO), and its device time where `made` is shown. */
  at: string;
  madeAt: string | null;
  /** When the server received it, YYYY-MM-DD hh:mm. */
  received: string;
  /** When it was made on the device, where that was more than MADE_EARLIER_MS before `received`; else null. */
  made: string | null;
  /** The times in words: "made offline at 10:02, received 11:40", or "received 11:40". */
  timing: string;
}

const parts = (iso: string, timeZone: string | undefined) => {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
  });
  const get = (p: Intl.DateTimeFormatPart['type'], of: Intl.DateTimeFormatPart[]) => of.find((x) => x.type === p)?.value ?? '';
  const of = format.formatToParts(new Date(iso));
  return { day: `${get('year', of)}-${get('month', of)}-${get('day', of)}`, time: `${get('hour', of)}:${get('minute', of)}` };
};

/** Who acted, as a sentence starts. A contractor is named as one: the investigator asks whose staff did it. */
export function actorOf(event: PermitHistoryEvent): string {
  if (event.ActorKind === 'system') return 'The system';
  const name = event.ActorName.trim() || (event.ActorId === null ? 'Someone' : `User ${event.ActorId}`);
  return event.ActorKind === 'contractor' ? `${name} (contractor)` : name;
}

/**
 * The two times of an event. A device time is shown only when it is more than a minute before
 * receipt: every change made online carries one too, seconds before, and saying so on each line
 * would hide the ones that waited. A device clock ahead of the server's is not shown either: it
 * says nothing about when the change was made.
 */
export function timingOf(event: PermitHistoryEvent, timeZone?: string): Pick<HistoryEntry, 'at' | 'madeAt' | 'received' | 'made' | 'timing'> {
  const at = parts(event.At, timeZone);
  const received = `${at.day} ${at.time}`;
  const device = event.DeviceAt === null ? NaN : Date.parse(event.DeviceAt);
  if (!(Date.parse(event.At) - device > MADE_EARLIER_MS)) return { at: event.At, madeAt: null, received, made: null, timing: `received ${at.time}` };
  const made = parts(event.DeviceAt!, timeZone);
  // The day is said where the two differ: a change made before midnight and sent the next morning.
  const madeText = made.day === at.day ? made.time : `${made.day} ${made.time}`;
  return { at: event.At, madeAt: event.DeviceAt, received, made: `${made.day} ${made.time}`, timing: `made offline at ${madeText}, received ${at.time}` };
}

/** A field's name for people: its label in the form the device holds, else its key (a field of an older form version). */
export function fieldLabel(change: Pick<AuditFieldChange, 'Form' | 'Field'>, context: HistoryContext): string {
  const [top = change.Field, ...rest] = change.Field.split(/[.[]/);
  const exact = context.fields.get(`${change.Form}.${change.Field}`)?.label;
  const own = exact ?? context.fields.get(`${change.Form}.${top}`)?.label;
  // Inside a field (a container's field, a grid's cell): the field's label, and where in it ("Fire watch (Name)", "Gas tests (row 2, O2 %)").
  const where = () =>
    (change.Field.slice(top.length).match(/\[\d+\]|[^.[\]]+/g) ?? []).map((p) =>
      p.startsWith('[') ? `row ${Number(p.slice(1, -1)) + 1}` : (context.labels?.get(`${change.Form}.${p}`) ?? p),
    );
  const label = own === undefined ? change.Field : exact !== undefined || rest.length === 0 ? own : `${own} (${where().join(', ')})`;
  const form = (context.forms?.size ?? 0) > 1 ? context.forms?.get(change.Form) : undefined;
  return form ? `${form}: ${label}` : label;
}

/** One field of a content edit: "Work description from "Replace gasket" to "Replace gasket and bolts"". */
export function changeText(change: AuditFieldChange, context: HistoryContext): string {
  return `${fieldLabel(change, context)} from ${formatValue(change.Old)} to ${formatValue(change.New)}`;
}

/** A field's change as lines: one, or one per row of a grid. */
function changeLines(change: AuditFieldChange, context: HistoryContext): string[] {
  if (!isGridChange(change.Old, change.New)) return [changeText(change, context)];
  const cell = (key: string) => context.labels?.get(`${change.Form}.${key}`) ?? key;
  return gridLines(fieldLabel(change, context), change.Old, change.New, cell);
}

const changesOf = (details: Record<string, unknown>): AuditFieldChange[] | null => {
  const changes = details.Changes;
  if (!Array.isArray(changes)) return null;
  return changes.filter((c): c is AuditFieldChange => typeof c === 'object' && c !== null && typeof (c as AuditFieldChange).Field === 'string');
};

/** The fields a content edit names without their values (`form.key`): events recorded before values were kept. */
const namedFields = (details: Record<string, unknown>): AuditFieldChange[] =>
  (Array.isArray(details.fields) ? details.fields : [])
    .filter((f): f is string => typeof f === 'string')
    .map((path) => ({ Form: path.split('.')[0] ?? '', Field: path.slice(path.indexOf('.') + 1), Old: undefined, New: undefined }));

function contentEntry(actor: string, details: Record<string, unknown>, context: HistoryContext): Pick<HistoryEntry, 'summary' | 'details'> {
  const changes = changesOf(details);
  if (changes === null) {
    const named = namedFields(details).map((c) => fieldLabel(c, context));
    return { summary: named.length ? `${actor} changed ${named.join(', ')}` : `${actor} changed the permit's form`, details: [] };
  }
  const set = Array.isArray(details.setBack) ? details.setBack.length : 0;
  const note = set > 0 ? [`${set === 1 ? 'One field was' : `${set} fields were`} set back: not editable in the permit's state`] : [];
  if (changes.length === 0) return { summary: `${actor} changed nothing in the permit's form`, details: note };
  const [only] = changes;
  if (changes.length === 1 && !isGridChange(only!.Old, only!.New)) return { summary: `${actor} changed ${changeText(only!, context)}`, details: note };
  const lines = changes.flatMap((c) => changeLines(c, context));
  const summary = changes.length === 1 ? `${actor} changed ${fieldLabel(only!, context)}` : `${actor} changed ${changes.length} fields`;
  return { summary, details: [...lines, ...note] };
}

/** An event in words, with its times. */
export function describeEvent(event: PermitHistoryEvent, context: HistoryContext): HistoryEntry {
  const actor = actorOf(event);
  const words = event.Action === 'permit.content' ? contentEntry(actor, event.Details, context) : actionSentence(actor, event, context);
  return { ...words, ...timingOf(event, context.timeZone) };
}

/**
 * The events as the History tab lists them: in the order the server received them, oldest first,
 * which is the order of the audit chain (an export and this list then number them alike), and the
 * order an investigator rebuilds an incident in. Not sorted by device time: a device's clock is
 * what the server cannot check, and a change made offline still took effect when it arrived.
 */
export function describeHistory(events: readonly PermitHistoryEvent[], context: HistoryContext): HistoryEntry[] {
  return events.map((event) => describeEvent(event, context));
}
