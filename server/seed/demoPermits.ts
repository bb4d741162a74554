import type { Queryable } from '../db/database';
import { actionableRecords, duePhase } from '../../domain/permits/approvals';
import { genesisDoc } from '../../domain/permits/yContent';
import { loadLocationTree } from '../locations/locations';
import { actOnApproval, addComment, closeOutPermit } from '../permits/approvalActions';
import { patchContent } from '../permits/content';
import { permitContext } from '../permits/context';
import { editableLocation, insertPermit } from '../permits/create';
import { loadDefinition } from '../permits/records';
import { timeOutDue } from '../permits/timeout';
import { linkPermit } from '../isolations/links';
import { replayedTime } from '../audit/record';
import { rejectPermit, revokePermit, submitPermit } from '../permits/transitions';
import { findUserByEmail, type UserRecord } from '../users/users';
import { demoPreEntryTest } from './demoGasTests';
import { demoCloseOut, demoContent, type DemoWork } from './demoPermitContent';
import { demoWorkOrderNumber } from './workOrders';

type Who = 'admin' | 'issuer' | 'contractor';
type Step = ['submit', Who] | ['gasTest', Who] | ['approve', Who] | ['comment', Who, string] | ['reject', Who, string] | ['revoke', Who, string] | ['closeOut', Who] | ['timeout'];

interface DemoPermit {
  id: string;
  work: DemoWork;
  locationId: number;
  definitionId: string;
  by: Who;
  hoursAgo: number;
  steps: Step[];
  /** Where on the site's plot plan the work is ([Latitude, Longitude], SPEC §9 bounds 660 × 1020). */
  position?: [number, number];
  /** The isolation certificates it names (demoIsolations.ts), from its creation. */
  isolations?: string[];
}

const GULF = 'Gulf Coast Welding';
const work = (type: DemoWork['type'], order: number, asset: string, description: string, location: string, job: string, hazards: string[], company = GULF, validHours = 10): DemoWork => ({
  type, workOrderNumber: demoWorkOrderNumber(order), assetNumber: asset, assetDescription: description, location, job, company,
  receiver: company === GULF ? 'Carlos Mendes (Gulf Coast Welding)' : `Site lead (${company})`, hazards, validHours,
});
const approvals = (n: number): Step[] => Array.from({ length: n }, () => ['approve', 'issuer'] as Step);

/** One permit in every state of SPEC §4, each reached through the real transitions, with approvals and comments. */
const DEMO_PERMITS: DemoPermit[] = [
  { id: 'demo-hw-draft', by: 'contractor', hoursAgo: 2, locationId: 111, definitionId: 'bayport-permits-v2', steps: [],
    work: work('HotWork', 3, '10-F-101', 'Crude heater', 'Crude heater, burner deck', 'Weld new tube support at burner 4', ['Hot surfaces', 'Flammable gas or liquid']) },
  { id: 'demo-cs-preapproval', by: 'issuer', hoursAgo: 3, locationId: 112, definitionId: 'bayport-permits-v2', steps: [['submit', 'issuer']],
    work: work('ConfinedSpace', 2, '11-V-201', 'Vacuum column overhead drum', 'Vacuum unit, overhead drum platform', 'Internal inspection of the overhead drum', ['Oxygen deficiency', 'Toxic gas (H2S)'], 'Demo Energy Maintenance', 8) },
  { id: 'demo-hw-pending', by: 'contractor', hoursAgo: 4, locationId: 111, definitionId: 'bayport-permits-v2',
    steps: [['submit', 'contractor'], ['approve', 'issuer'], ['comment', 'issuer', 'Fire watch to stay 60 minutes after the last weld.']],
    work: work('HotWork', 7, '13-TK-31', 'Tank 31 crude storage', 'Atmospheric Distillation, tank 31 roof', 'Weld repair on roof nozzle N4', ['Flammable gas or liquid', 'Working at height']) },
  { id: 'demo-cw-pending', by: 'issuer', hoursAgo: 5, locationId: 121, definitionId: 'bayport-permits-v2', steps: [['submit', 'issuer']],
    work: work('ColdWork', 5, '12-R-301', 'Hydrotreater reactor', 'Reactor section, inlet flange', 'Install blinds for catalyst change-out', ['Pressure / stored energy', 'Toxic gas (H2S)'], 'Bayou Scaffolding') },
  { id: 'demo-hw-approved', by: 'contractor', hoursAgo: 3, locationId: 111, definitionId: 'bayport-permits-v2', steps: [['submit', 'contractor'], ...approvals(2)], isolations: ['demo-ic-p101'],
    work: work('HotWork', 6, '10-PSV-118', 'Column overhead relief valve', 'Crude column, overhead platform', 'Cut and replace corroded inlet spool of the relief valve', ['Hot surfaces', 'Working at height']) },
  { id: 'demo-cs-approved', by: 'admin', hoursAgo: 2, locationId: 112, definitionId: 'bayport-permits-v2',
    steps: [['submit', 'admin'], ...approvals(3), ['gasTest', 'issuer'], ['approve', 'admin'], ['comment', 'admin', 'Rescue team briefed at 07:30.']],
    work: work('ConfinedSpace', 11, '12-V-310', 'High-pressure separator', 'Vacuum unit, separator manway', 'Ultrasonic thickness survey inside the separator', ['Oxygen deficiency'], 'Allied Insulation', 8) },
  { id: 'demo-cw-closing', by: 'issuer', hoursAgo: 9, locationId: 121, definitionId: 'bayport-permits-v2', steps: [['submit', 'issuer'], ...approvals(1), ['closeOut', 'issuer']],
    work: work('ColdWork', 4, '12-C-301', 'Recycle gas compressor', 'Compressor deck', 'Change lube oil filters and sample oil', ['Pressure / stored energy', 'Noise'], 'Demo Energy Maintenance') },
  { id: 'demo-hw-timeout', by: 'contractor', hoursAgo: 30, locationId: 111, definitionId: 'bayport-permits-v2', steps: [['submit', 'contractor'], ...approvals(2), ['timeout']],
    work: work('HotWork', 1, '10-E-104', 'Crude preheat exchanger', 'Exchanger bay E-104', 'Grind and weld pipe support at the exchanger outlet', ['Hot surfaces']) },
  { id: 'demo-cw-completed', by: 'issuer', hoursAgo: 48, locationId: 112, definitionId: 'bayport-permits-v1', steps: [['submit', 'issuer'], ...approvals(1), ['closeOut', 'issuer'], ['approve', 'issuer']], isolations: ['demo-ic-p101a'],
    work: work('ColdWork', 0, '10-P-101A', 'Crude charge pump A', 'Charge pump bay', 'Replace mechanical seal on the crude charge pump', ['Flammable gas or liquid'], 'Demo Energy Maintenance') },
  { id: 'demo-hw-rejected', by: 'contractor', hoursAgo: 20, locationId: 111, definitionId: 'bayport-permits-v2', steps: [['submit', 'contractor'], ['reject', 'issuer', 'Gas test missing for the second shift.']],
    work: work('HotWork', 10, '11-E-210', 'Vacuum bottoms cooler', 'Cooler bay', 'Grind external corrosion and weld a doubler plate', ['Hot surfaces']) },
  { id: 'demo-cs-revoked', by: 'admin', hoursAgo: 26, locationId: 112, definitionId: 'bayport-permits-v2',
    steps: [['submit', 'admin'], ...approvals(3), ['gasTest', 'issuer'], ['approve', 'admin'], ['revoke', 'issuer', 'Work stopped: H2S alarm in the unit, all entries withdrawn.']],
    work: work('ConfinedSpace', 2, '11-V-201', 'Vacuum column overhead drum', 'Overhead drum manway', 'Clean sludge from the overhead drum', ['Toxic gas (H2S)', 'Oxygen deficiency'], 'Demo Energy Maintenance', 8) },
  { id: 'demo-nf-hw-pending', by: 'admin', hoursAgo: 3, locationId: 211, definitionId: 'northfield-permits-v1', steps: [['submit', 'admin']],
    work: work('HotWork', 18, '21-F-100', 'Primary reformer', 'Reformer, row C', 'Replace pigtail on row C', ['Hot surfaces', 'Flammable gas or liquid'], 'Allied Insulation') },
  // On Northfield's plot plan (the site with the map): in the Urea Plant's pump bay. The pending
  // hot work above has no position, so the dashboard's map has one permit to hide.
  { id: 'demo-nf-cw-approved', by: 'admin', hoursAgo: 2, locationId: 210210, definitionId: 'urea-permits-v1', steps: [['submit', 'admin'], ['approve', 'admin']], position: [470, 620],
    work: work('ColdWork', 15, '22-P-240A', 'Carbamate pump A', 'UREA/CO2 AREA, pump bay', 'Replace plunger packing', ['Toxic gas (H2S)', 'Pressure / stored energy'], 'Demo Energy Maintenance') },
];

async function approveNext(tx: Queryable, user: UserRecord, id: string, at: Date) {
  const context = await permitContext(tx, user, id, false);
  const due = actionableRecords(context.approvals.Approvals, duePhase(context.permit.State));
  const record = due.find((r) => context.actor.groups.has(r.ApprovalGroup)) ?? due[0];
  await actOnApproval(tx, user, { PermitInstanceId: id, PermitApprovalId: record?.PermitApprovalId ?? '', Action: 'Approval' }, at);
}

async function run(tx: Queryable, step: Step, id: string, people: Record<Who, UserRecord>, at: Date) {
  const [kind] = step;
  if (kind === 'timeout') return void (await timeOutDue(tx, at));
  const user = people[step[1]];
  if (kind === 'submit') await submitPermit(tx, user, id, at);
  else if (kind === 'approve') await approveNext(tx, user, id, at);
  else if (kind === 'comment') await addComment(tx, user, id, step[2], at);
  else if (kind === 'reject') await rejectPermit(tx, user, id, step[2], at);
  else if (kind === 'revoke') await revokePermit(tx, user, id, step[2], at);
  else if (kind === 'gasTest') await demoPreEntryTest(tx, user, id, at);
  else {
    const type = (await permitContext(tx, user, id, false)).permit.permitTypes[0]!.Name;
    await patchContent(tx, user, id, { ops: Object.entries(demoCloseOut).map(([key, value]) => ({ op: 'add' as const, path: `/${type}/${key}`, value })) });
    await closeOutPermit(tx, user, id, 'Submit', 'Work complete, handed back.', at);
  }
}

/** Seeds the demo permits through the services, so each one's approvals, comments and audit trail are what the app would have made. */
export async function seedDemoPermits(tx: Queryable, now: Date): Promise<void> {
  const people = {} as Record<Who, UserRecord>;
  for (const who of ['admin', 'issuer', 'contractor'] as const) people[who] = (await findUserByEmail(tx, `${who}@demo.test`))!;
  const tree = await loadLocationTree(tx);
  for (const demo of DEMO_PERMITS) {
    const created = new Date(now.getTime() - demo.hoursAgo * 3_600_000);
    const start = new Date(created.getTime() + 30 * 60_000);
    const issued = demo.steps.some(([kind]) => kind === 'approve');
    // Northfield's permits are issued by its own issuer group: the administrator.
    const issuer = tree.byId.get(demo.locationId)?.SiteId === 1 ? people.issuer : people.admin;
    const content = demoContent(demo.work, start, issuer.personnel_id, issued);
    const definition = await loadDefinition(tx, demo.definitionId);
    const location = editableLocation(tree, people[demo.by], demo.locationId);
    const [latitude, longitude] = demo.position ?? [null, null];
    await replayedTime.run(created, () => insertPermit(tx, people[demo.by], { id: demo.id, definition, location, doc: genesisDoc(content), latitude, longitude }, created));
    for (const IsolationCertificateId of demo.isolations ?? []) {
      await replayedTime.run(created, () => linkPermit(tx, people[demo.by], { IsolationCertificateId, PermitInstanceId: demo.id }, created));
    }
    for (const [i, step] of demo.steps.entries()) {
      // The time-out happens when the validity ends; the other steps a quarter of an hour apart.
      const at = step[0] === 'timeout' ? now : new Date(created.getTime() + (i + 1) * 15 * 60_000);
      await replayedTime.run(at, () => run(tx, step, demo.id, people, at));
    }
  }
}
