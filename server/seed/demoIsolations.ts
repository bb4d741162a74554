import type { CreateIsolationBody, IsolationPointBody, IsolationStepBody } from '../../schemas';
import { replayedTime } from '../audit/record';
import type { Queryable } from '../db/database';
import { createCertificateIn } from '../isolations/create';
import { recordZeroEnergy, stepCertificate, stepPoint } from '../isolations/steps';
import { findUserByEmail, type UserRecord } from '../users/users';

type Who = 'admin' | 'issuer' | 'contractor';
type Step =
  | [kind: 'point', who: Who, action: IsolationPointBody['Action'], pointIds: string[]]
  | [kind: 'step', who: Who, action: IsolationStepBody['Action']]
  | [kind: 'zeroenergy', who: Who, result: string];

interface DemoIsolation {
  body: CreateIsolationBody;
  by: Who;
  hoursAgo: number;
  /** Before the demo permits are made: what the permits that name it find. */
  before: Step[];
  /** After the demo permits: what happened once the work they cover was done. */
  after: Step[];
}

const ALL = ['p1', 'p2', 'p3'];
/** Applied by one person, verified by another (two-person rule), tested, VERIFIED. */
const verified = (applier: Who, verifier: Who, points: string[], test: string): Step[] => [
  ['point', applier, 'apply', points], ['step', applier, 'isolate'], ['point', verifier, 'verify', points],
  ['zeroenergy', verifier, test], ['step', verifier, 'verify'],
];

/** The demo's certificates: one in force under an approved hot-work permit, one planned, one de-isolated after its permit completed. */
export const DEMO_ISOLATIONS: DemoIsolation[] = [
  {
    by: 'contractor', hoursAgo: 4,
    body: {
      IsolationCertificateId: 'demo-ic-p101', LocationId: 111, Equipment: '10-P-101 Crude charge pump',
      Description: 'Pump and its suction and discharge isolated for hot work on the relief-valve spool above it.',
      Points: [
        { PointId: 'p1', Tag: 'MCC-3-B12', Type: 'electrical', Method: 'lock-off at MCC', LockNumber: 'L-0117', TagNumber: 'DT-4411', Remarks: 'Breaker racked out, lock on the cubicle door' },
        { PointId: 'p2', Tag: '10-XV-1012', Type: 'process', Method: 'valve closed and locked', LockNumber: 'L-0118', TagNumber: 'DT-4412', Remarks: 'Suction valve, chain and lock' },
        { PointId: 'p3', Tag: '10-XV-1013', Type: 'process', Method: 'double block and bleed', LockNumber: 'L-0119', TagNumber: 'DT-4413', Remarks: 'Discharge: both blocks locked, bleed open to closed drain' },
      ],
    },
    before: verified('contractor', 'issuer', ALL, 'Start tried at the local station: no rotation. Casing drain checked: no flow, 0 barg.'),
    after: [],
  },
  {
    by: 'contractor', hoursAgo: 1,
    body: {
      IsolationCertificateId: 'demo-ic-e104', LocationId: 111, Equipment: '10-E-104 Crude preheat exchanger',
      Description: 'Tube-side isolation for the bundle pull at the next shutdown window.',
      Points: [
        { PointId: 'p1', Tag: '10-SB-1041', Type: 'process', Method: 'spectacle blind/spade', LockNumber: '', TagNumber: 'DT-4420', Remarks: 'Inlet flange, spade rated 300#' },
        { PointId: 'p2', Tag: '10-SB-1042', Type: 'process', Method: 'spectacle blind/spade', LockNumber: '', TagNumber: 'DT-4421', Remarks: 'Outlet flange' },
      ],
    },
    before: [],
    after: [],
  },
  {
    by: 'issuer', hoursAgo: 50,
    body: {
      IsolationCertificateId: 'demo-ic-p101a', LocationId: 112, Equipment: '10-P-101A Crude charge pump A',
      Description: 'Seal replacement on the spare charge pump.',
      Points: [
        { PointId: 'p1', Tag: 'MCC-3-B14', Type: 'electrical', Method: 'lock-off at MCC', LockNumber: 'L-0121', TagNumber: 'DT-4391', Remarks: '' },
        { PointId: 'p2', Tag: '10-XV-1016', Type: 'process', Method: 'valve closed and locked', LockNumber: 'L-0122', TagNumber: 'DT-4392', Remarks: 'Suction' },
        { PointId: 'p3', Tag: '10-FT-1017', Type: 'instrument', Method: 'disconnection', LockNumber: '', TagNumber: 'DT-4393', Remarks: 'Seal flush transmitter disconnected' },
      ],
    },
    before: verified('issuer', 'admin', ALL, 'Start tried: no rotation. Seal pot vented: no pressure.'),
    after: [['step', 'issuer', 'requestDeisolation'], ['point', 'issuer', 'remove', ALL], ['step', 'issuer', 'deisolate']],
  },
];

async function run(tx: Queryable, id: string, step: Step, people: Record<Who, UserRecord>, at: Date) {
  const user = people[step[1]];
  const IsolationCertificateId = id;
  if (step[0] === 'step') return stepCertificate(tx, user, { IsolationCertificateId, Action: step[2] }, at);
  if (step[0] === 'zeroenergy') return recordZeroEnergy(tx, user, { IsolationCertificateId, Result: step[2] }, at);
  for (const PointId of step[3]) await stepPoint(tx, user, { IsolationCertificateId, PointId, Action: step[2] }, at);
}

async function cast(tx: Queryable): Promise<Record<Who, UserRecord>> {
  const people = {} as Record<Who, UserRecord>;
  for (const who of ['admin', 'issuer', 'contractor'] as const) people[who] = (await findUserByEmail(tx, `${who}@demo.test`))!;
  return people;
}

/** Replays each step a few minutes after the one before, from `start`. */
async function replay(tx: Queryable, id: string, steps: Step[], people: Record<Who, UserRecord>, start: Date) {
  for (const [i, step] of steps.entries()) {
    const at = new Date(start.getTime() + (i + 1) * 5 * 60_000);
    await replayedTime.run(at, () => run(tx, id, step, people, at));
  }
}

/** Seeds the demo certificates through the services, up to where the demo permits that name them find them. */
export async function seedDemoIsolations(tx: Queryable, now: Date): Promise<void> {
  const people = await cast(tx);
  for (const demo of DEMO_ISOLATIONS) {
    const created = new Date(now.getTime() - demo.hoursAgo * 3_600_000);
    await replayedTime.run(created, () => createCertificateIn(tx, people[demo.by], demo.body, created));
    await replay(tx, demo.body.IsolationCertificateId, demo.before, people, created);
  }
}

/** What happened to the demo certificates after their permits' work was done. */
export async function finishDemoIsolations(tx: Queryable, now: Date): Promise<void> {
  const people = await cast(tx);
  for (const demo of DEMO_ISOLATIONS.filter((d) => d.after.length > 0)) {
    await replay(tx, demo.body.IsolationCertificateId, demo.after, people, new Date(now.getTime() - (demo.hoursAgo - 6) * 3_600_000));
  }
}
