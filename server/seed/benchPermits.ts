import { randomUUID } from 'node:crypto';
import type { ApprovalRecord, Comment, PermitState } from '../../schemas';
import { benchHistory } from './benchHistory';

/** A small seeded PRNG (mulberry32): the same --seed gives the same data. */
export function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  return { next, pick, int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)) };
}
export type Random = ReturnType<typeof random>;

/** How often each state occurs on a working site (SPEC §4 states). */
const STATE_WEIGHTS: [PermitState, number][] = [
  ['DRAFT', 8], ['PRE-APPROVAL', 4], ['PENDING', 14], ['APPROVED', 26], ['CLOSING', 5], ['TIMEOUT', 3],
  ['COMPLETED', 30], ['REJECTED', 5], ['REVOKED', 5],
];

const TYPES = [
  { Name: 'HotWork', Label: 'Hot Work', code: 'HW', weight: 5 },
  { Name: 'ConfinedSpace', Label: 'Confined Space Entry', code: 'CS', weight: 2 },
  { Name: 'ColdWork', Label: 'Cold Work', code: 'CW', weight: 4 },
] as const;
type PermitKind = (typeof TYPES)[number];

const COMPANIES = ['Gulf Coast Welding', 'Demo Energy Maintenance', 'Bayou Scaffolding', 'Allied Insulation', 'Lone Star Industrial Cleaning', 'Precision Valve Services', 'Delta Electrical Contractors'];
const PEOPLE = ['Priya Raman', 'Alex Morgan', 'Marcus Lee', 'Sofia Alvarez', 'Tom Becker', 'Aisha Bello', 'Daniel Kim', 'Grace Thompson', 'Luis Ortega', 'Hannah Weiss'];
const ASSETS = [
  ['10-P-101A', 'Crude charge pump A'], ['10-E-104', 'Crude preheat exchanger'], ['11-V-201', 'Vacuum column overhead drum'],
  ['10-F-101', 'Crude heater'], ['12-C-301', 'Recycle gas compressor'], ['12-R-301', 'Hydrotreater reactor'],
  ['13-TK-31', 'Tank 31 crude storage'], ['10-PSV-118', 'Column overhead relief valve'], ['12-P-305B', 'Wash water pump B'],
  ['11-E-210', 'Vacuum bottoms cooler'], ['12-V-310', 'High-pressure separator'], ['10-C-100', 'Atmospheric column'],
] as const;
const WORK: Record<PermitKind['Name'], string[]> = {
  HotWork: ['Weld repair on {asset} nozzle', 'Cut and replace corroded spool on {asset} discharge', 'Grind and weld pipe support at {asset}', 'Install new flange on {asset} drain line', 'Torch-cut old bracket near {asset}'],
  ConfinedSpace: ['Internal inspection of {asset}', 'Clean sludge from {asset}', 'Replace trays inside {asset}', 'Ultrasonic thickness survey inside {asset}'],
  ColdWork: ['Replace gasket on {asset} flange', 'Change filters on {asset}', 'Calibrate transmitter at {asset}', 'Erect scaffold at {asset}', 'Remove insulation at {asset} for inspection'],
};
const HAZARDS = ['Flammable atmosphere', 'Hydrogen sulphide', 'Hot surfaces', 'Pressure release', 'Work at height', 'Oxygen deficiency', 'Residual hydrocarbons', 'Noise'];

export interface BenchPermit {
  /** The permits row's columns, its approvals and history included. */
  permit: Record<string, unknown>;
}

const iso = (date: Date) => date.toISOString();

function gasTests(r: Random, start: Date) {
  return Array.from({ length: r.int(1, 4) }, (_, i) => ({
    time: iso(new Date(start.getTime() + i * 2 * 3600_000)),
    O2: (20.6 + r.next() * 0.4).toFixed(1), LEL: String(r.int(0, 3)), H2S: String(r.int(0, 2)), CO: String(r.int(0, 5)), tester: r.pick(PEOPLE),
  }));
}

function content(r: Random, kind: PermitKind, base: Record<string, unknown>, start: Date): Record<string, unknown> {
  const common = { ...base, hazards: HAZARDS.filter(() => r.next() < 0.3), isolationReference: `ISO-${r.int(1000, 9999)}`, gasTests: gasTests(r, start) };
  if (kind.Name === 'HotWork') return { ...common, fireWatch: { name: r.pick(PEOPLE), extinguisherChecked: true, durationAfterWorkMinutes: 30 }, sparkContainment: r.next() < 0.7 };
  if (kind.Name === 'ConfinedSpace') {
    return { ...common, entrants: [r.pick(PEOPLE), r.pick(PEOPLE)], attendant: r.pick(PEOPLE), rescuePlan: 'Tripod and winch at manway M1; standby rescue team on site.', ventilation: 'Forced air, 2 blowers' };
  }
  return { ...common, tools: ['Hand tools', 'Torque wrench', 'Scaffold'].filter(() => r.next() < 0.6) };
}

function approvalRecords(r: Random, state: PermitState, approved: Date): ApprovalRecord[] {
  const decided = !['DRAFT', 'PRE-APPROVAL', 'PENDING', 'REJECTED'].includes(state);
  return (['Area Authority', 'Permit Issuer', 'Operations Supervisor'] as const).map((label, i) => {
    const done = decided || (state === 'PENDING' && i === 0 && r.next() < 0.5);
    return {
      PermitApprovalId: randomUUID(), ApprovalLabel: label, ApprovalGroup: label.replace(/ /g, ''), ApprovalName: label.replace(/ /g, ''),
      ApprovalOrder: i + 1, ApprovalPath: `approvals.${i}`, ApprovedByName: done ? r.pick(PEOPLE) : null, ApprovedByPersonnelId: done ? 1001 + r.int(0, 5) : null,
      ApprovalDate: done ? iso(approved) : null, IsApproved: done, IsApprovalRequired: i < 2, Nature: 'Approval', NotificationRecipient: null,
    };
  });
}

/** One realistic permit with its approvals, created `ageHours` ago at a location. */
export function benchPermit(r: Random, location: { id: number; siteId: number; title: string }, definitionId: string, ageHours: number, now: Date): BenchPermit {
  const total = STATE_WEIGHTS.reduce((sum, [, w]) => sum + w, 0);
  let roll = r.next() * total;
  const state = STATE_WEIGHTS.find(([, w]) => (roll -= w) < 0)![0];
  const kinds = TYPES.flatMap((t) => Array<PermitKind>(t.weight).fill(t));
  const kind = r.pick(kinds);
  const [assetNumber, assetDescription] = r.pick(ASSETS);
  const created = new Date(now.getTime() - ageHours * 3600_000);
  const id = randomUUID();
  const company = r.pick(COMPANIES);
  const issuer = r.pick(PEOPLE);
  const receiver = `${r.pick(PEOPLE)} (${company})`;
  const work = r.pick(WORK[kind.Name]).replace('{asset}', assetNumber);
  const workOrderNumber = String(4000100 + r.int(0, 899)).padStart(10, '0');
  const base = { jobDescription: work, workOrderNumber, assetNumber, assetDescription, company, permitIssuer: issuer, permitReceiver: receiver, workDate: iso(created).slice(0, 10) };
  const records = approvalRecords(r, state, new Date(created.getTime() + 3600_000));
  const comments: Comment[] =
    state === 'REJECTED' || state === 'REVOKED'
      ? [{ Comment: state === 'REJECTED' ? 'Gas test missing for the second shift.' : 'Work stopped: wind above the hot-work limit.', CommentType: state === 'REJECTED' ? 'Rejection' : 'Discontinue', CreatedOn: iso(new Date(created.getTime() + 2 * 3600_000)), CreatedBy: { PersonnelId: 1001, FirstName: 'Alex', LastName: 'Morgan' } }]
      : [];
  const missing = records.filter((a) => a.IsApprovalRequired && !a.IsApproved).length;
  return {
    permit: {
      permit_instance_id: id,
      reference_id: `${location.siteId === 1 ? 'BAY' : 'NF'}-${kind.code}-${String(r.int(1, 999_999)).padStart(6, '0')}`,
      permit_definition_id: definitionId,
      state,
      content: { [kind.Name]: content(r, kind, base, created) },
      metadata: { UsersOfGroupList: [{ Group: 'PermitIssuer', UserFormattedList: [{ value: '1002', label: issuer }] }], AvailablePermits: TYPES.map((t) => t.Name) },
      created_by: 1001 + r.int(0, 5),
      created_on: iso(created),
      site_id: location.siteId,
      location_id: location.id,
      effective_date: state === 'DRAFT' ? null : iso(new Date(created.getTime() + 2 * 3600_000)),
      end_state_description: comments[0]?.Comment ?? null,
      approval_required: true,
      permit_types: [{ Name: kind.Name, Label: kind.Label }],
      asset_number: assetNumber,
      asset_description: assetDescription,
      work_order_number: workOrderNumber,
      work_description: [{ parentForm: kind.Name, workDescription: work }],
      company_name: company,
      work_date: base.workDate,
      work_location: location.title,
      permit_issuer: issuer,
      permit_receiver: receiver,
      approvals: records,
      approval_summary: { RequiredApprovals: 2, MissingApprovals: missing, ApprovalNature: 'Approval' },
      comments,
      history: benchHistory({ id, state, created, form: kind.Name, work, receiver, records, reason: comments[0]?.Comment ?? null }),
    },
  };
}

export { ASSETS as BENCH_ASSETS, TYPES as BENCH_PERMIT_TYPES };
