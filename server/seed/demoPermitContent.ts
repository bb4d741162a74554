import { optionValue } from './forms/components';

/** A 1×1 PNG: the demo's signatures are marks, not people's handwriting. */
export const DEMO_SIGNATURE = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

const boxes = (chosen: readonly string[]) => Object.fromEntries(chosen.map((c) => [optionValue(c), true]));
const hoursFrom = (start: Date, hours: number) => new Date(start.getTime() + hours * 3_600_000).toISOString();

export interface DemoWork {
  type: 'HotWork' | 'ConfinedSpace' | 'ColdWork';
  workOrderNumber: string;
  assetNumber: string;
  assetDescription: string;
  location: string;
  job: string;
  company: string;
  receiver: string;
  hazards: string[];
  /** How long the permit is valid from its start. */
  validHours: number;
}

const SPECIFIC: Record<DemoWork['type'], Record<string, unknown>> = {
  HotWork: {
    hotWorkType: 'Welding', combustiblesCleared: true, drainsCovered: true, extinguisherPresent: true, continuousGasMonitoring: 'yes',
    fireWatchName: 'Tom Becker', fireWatchMinutes: 60, sparkContainment: 'Welding blankets on the deck below, screens on the east side.',
  },
  ConfinedSpace: {
    spaceDescription: 'Drum interior through manway M1', entryPurpose: 'Visual and ultrasonic inspection of the shell and internals',
    entrySupervisor: 'Marcus Lee', attendant: 'Aisha Bello', entrants: [{ name: 'Daniel Kim', timeIn: '', timeOut: '' }, { name: 'Luis Ortega', timeIn: '', timeOut: '' }],
    ventilation: 'Blinded at N1 and N3 (ISO-4711); two air movers on M2, forced ventilation for the whole entry.',
    acceptableConditions: 'O2 19.5–23.5 %, LEL below 10 %, H2S below 10 ppm, CO below 25 ppm; continuous monitoring.',
    rescueService: 'Site fire and rescue team (ext. 2222)', rescuePlan: 'Tripod and winch at M1; rescue team on 4-minute standby.',
    communication: 'Radio channel 3 and line-of-sight with the attendant', rescueEquipment: true,
  },
  ColdWork: { toolsAndEquipment: 'Hand tools, torque wrench, chain block', nonSparkingTools: true, lineBreakTime: '' },
};

/** The sub-form content of a demo permit as a site engineer would fill it; `issued` adds the signatures and readings of an issued permit. */
export function demoContent(work: DemoWork, start: Date, issuerId: number, issued: boolean): Record<string, unknown> {
  const reading = (h: number, lel: number) => ({ time: hoursFrom(start, h), O2: 20.9, LEL: lel, H2S: 0, CO: 2, tester: 'Grace Thompson', instrument: 'MSA Altair 4XR #A-102' });
  const base: Record<string, unknown> = {
    workOrderNumber: work.workOrderNumber, assetNumber: work.assetNumber, assetDescription: work.assetDescription,
    workLocationDescription: work.location, jobDescription: work.job, company: work.company, numberOfWorkers: 3,
    validFrom: start.toISOString(), validTo: hoursFrom(start, work.validHours),
    hazards: boxes(work.hazards), precautions: boxes(['Equipment isolated', 'Drained and depressurised', 'Barriers and signs in place', 'Gas monitor worn']),
    isolationType: 'Positive isolation (blind/spade)', isolationReference: `ISO-${4700 + work.assetNumber.length * 3}`,
    permitIssuer: String(issuerId), issuerSignature: DEMO_SIGNATURE, permitReceiver: work.receiver,
    gasTests: [reading(0, 0)], shiftLog: [],
    ...SPECIFIC[work.type],
  };
  if (issued) {
    Object.assign(base, {
      approvalToProceed: true, receiverSignature: DEMO_SIGNATURE, firstOperator: 'Hannah Weiss', firstOperatorSignature: DEMO_SIGNATURE,
      secondOperator: 'Sofia Alvarez', secondOperatorSignature: DEMO_SIGNATURE, gasTests: [reading(0, 0), reading(2, 0)],
      shiftLog: [{ time: hoursFrom(start, 1), note: 'Work started, area checked', by: 'Hannah Weiss' }],
    });
  }
  return { [work.type]: base };
}

/** The close-out a receiver fills in on hand-back. */
export const demoCloseOut = { workComplete: 'yes', areaLeftSafe: true, isolationsStatus: 'removed', closeOutRemarks: 'Blinds removed, area swept.', closeOutReceiverSignature: DEMO_SIGNATURE };
