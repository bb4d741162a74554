import {
  checkbox, datagrid, datetime, html, listSelect, number, panel, personSelect, radio, selectboxes, signature, textarea, textfield, upload, type Component,
} from './components';

/** Lists every seeded form reads through `properties.listKey` (location metadata Lists). */
export const FORM_LISTS: Record<string, string[]> = {
  Companies: ['Gulf Coast Welding', 'Demo Energy Maintenance', 'Bayou Scaffolding', 'Allied Insulation'],
  GasDetectors: ['MSA Altair 4XR #A-102', 'MSA Altair 4XR #A-117', 'Honeywell BW MicroClip #H-20', 'Draeger X-am 5600 #D-31'],
  IsolationTypes: ['Positive isolation (blind/spade)', 'Double block and bleed', 'Single valve locked closed', 'Electrical LOTO'],
  HotWorkTypes: ['Welding', 'Grinding', 'Cutting (torch)', 'Brazing', 'Thermal lance'],
  RescueServices: ['Site fire and rescue team (ext. 2222)', 'Mutual aid rescue (ext. 2400)', 'County fire department (911)'],
};

const HAZARDS = ['Flammable gas or liquid', 'Toxic gas (H2S)', 'Pressure / stored energy', 'Hot surfaces', 'Electrical', 'Working at height', 'Simultaneous operations nearby', 'Oxygen deficiency', 'Noise'];
const PRECAUTIONS = ['Equipment isolated', 'Drained and depressurised', 'Purged / flushed', 'Barriers and signs in place', 'Fire extinguisher at the job', 'Gas monitor worn', 'Breathing apparatus', 'Fall protection'];

/** The work: order, asset, location, company, workers and validity (DOMAIN.md "Every permit"). */
export const workDetails = (validityHours: number): Component =>
  panel('workDetailsPanel', 'Work details', [
    textfield('workOrderNumber', 'Work order number', { tooltip: 'The maintenance order this work belongs to' }),
    textfield('assetNumber', 'Asset number', { required: true }),
    textfield('assetDescription', 'Asset description'),
    textfield('workLocationDescription', 'Work location', { required: true }),
    textarea('jobDescription', 'Description of the work', { required: true }),
    listSelect('company', 'Company performing the work', 'Companies', { required: true }),
    number('numberOfWorkers', 'Number of workers', 1, 50, { required: true }),
    datetime('validFrom', 'Valid from', { required: true }),
    datetime('validTo', 'Valid to', { required: true, tooltip: `At most ${validityHours} hours after the start: the permit times out then` }),
  ]);

export const hazardsAndPrecautions = (): Component =>
  panel('hazardsPanel', 'Hazards and precautions', [
    selectboxes('hazards', 'Hazards present', HAZARDS, { required: true }),
    selectboxes('precautions', 'Precautions taken', PRECAUTIONS, { required: true }),
    listSelect('isolationType', 'Isolation method', 'IsolationTypes'),
    textfield('isolationReference', 'Isolation certificate reference', { tooltip: 'e.g. ISO-4711' }),
    textfield('crossReferencedPermits', 'Other permits for this work'),
  ]);

/**
 * The gas-test grid (DOMAIN.md): one row per reading. Ranges: O2 19.5–23.5 % vol, H2S < 10 ppm,
 * CO < 25 ppm, LEL below `maxLel` % (0–1 for hot work, < 10 for entry). Out-of-range values fail validation.
 */
export const gasTests = (maxLel: number): Component =>
  panel('gasTestPanel', 'Gas tests', [
    html('gasTestNote', `Acceptable: O2 19.5–23.5 % vol, LEL below ${maxLel} %, H2S below 10 ppm, CO below 25 ppm.`),
    datagrid('gasTests', 'Gas test readings', [
      datetime('time', 'Time', { required: true }),
      number('O2', 'O2 (% vol)', 19.5, 23.5, { required: true }),
      number('LEL', 'LEL (%)', 0, maxLel, { required: true }),
      number('H2S', 'H2S (ppm)', 0, 10, { required: true }),
      number('CO', 'CO (ppm)', 0, 25, { required: true }),
      textfield('tester', 'Tester', { required: true }),
      listSelect('instrument', 'Instrument', 'GasDetectors'),
    ], { fieldClass: 'gasReading' }),
  ]);

/** Kept up while the work runs: open in APPROVED (operational data, SPEC §4). */
export const shiftLog = (): Component =>
  panel('shiftLogPanel', 'Shift log', [
    datagrid('shiftLog', 'Handover and observations', [datetime('time', 'Time'), textfield('note', 'Observation'), textfield('by', 'By')], { fieldClass: 'operational' }),
  ]);

/** Issue and acceptance: the issuer signs before approval; the rest is signed on issue and becomes required then (SPEC §4). */
export const signatures = (): Component =>
  panel('signaturesPanel', 'Authorisation and acceptance', [
    personSelect('permitIssuer', 'Permit issuer', 'PermitIssuer', { required: true }),
    signature('issuerSignature', 'Permit issuer signature'),
    checkbox('approvalToProceed', 'Area authority confirms the work may proceed', { fieldClass: 'approvalToProceed' }),
    personSelect('reliefIssuer', 'Relief permit issuer (shift change)', 'PermitIssuer', { fieldClass: 'approvalRelief' }),
    textfield('permitReceiver', 'Permit receiver', { required: true }),
    signature('receiverSignature', 'Permit receiver signature', { fieldClass: 'approvedSignature' }),
    textfield('firstOperator', 'First designated field operator', { fieldClass: 'approvedSignature' }),
    signature('firstOperatorSignature', 'First designated field operator signature', { fieldClass: 'approvedSignature' }),
    textfield('secondOperator', 'Second designated field operator', { fieldClass: 'approvedSignature' }),
    signature('secondOperatorSignature', 'Second designated field operator signature', { fieldClass: 'approvedSignature' }),
    upload('signedPaperCopy', 'Signed paper copy', { fieldClass: 'approvedSignature' }),
  ]);

/** Hand-back (DOMAIN.md): the only part open in TIMEOUT and CLOSING. */
export const closeOut = (): Component =>
  panel('closeOutPanel', 'Close-out', [
    radio('workComplete', 'Is the work complete?', ['Yes', 'No']),
    checkbox('areaLeftSafe', 'Area left clean and safe'),
    radio('isolationsStatus', 'Isolations', ['Removed', 'To remain in place']),
    textarea('closeOutRemarks', 'Remarks'),
    signature('closeOutReceiverSignature', 'Permit receiver hand-back signature'),
    signature('closeOutIssuerSignature', 'Permit issuer acceptance signature'),
  ], 'closeOut');
