import { checkbox, datagrid, datetime, form, listSelect, number, panel, radio, submitButton, textarea, textfield, type Component } from './components';
import { closeOut, gasTests, hazardsAndPrecautions, shiftLog, signatures, workDetails } from './common';

const permitForm = (name: string, title: string, specific: Component[], maxLel: number, validityHours: number) =>
  form(name, title, [workDetails(validityHours), hazardsAndPrecautions(), ...specific, gasTests(maxLel), shiftLog(), signatures(), closeOut(), submitButton()]);

/** Hot work (OSHA 1910.252): fire watch at least 30 minutes after the work, combustibles cleared within 11 m. */
export const hotWork = (version: number) =>
  permitForm('HotWork', 'Hot Work', [
    panel('hotWorkPanel', 'Hot work', [
      listSelect('hotWorkType', 'Type of hot work', 'HotWorkTypes', { required: true }),
      checkbox('combustiblesCleared', 'Combustibles removed or covered within 11 m (35 ft)', { required: true }),
      checkbox('drainsCovered', 'Drains and sewers covered', { required: true }),
      checkbox('extinguisherPresent', 'Fire extinguisher present at the job', { required: true }),
      radio('continuousGasMonitoring', 'Continuous gas monitoring required?', ['Yes', 'No'], { required: true }),
      textfield('fireWatchName', 'Fire watch', { required: true }),
      number('fireWatchMinutes', 'Fire watch after the work ends (minutes)', 30, 240, { required: true }),
      // Hazard flags the site's SIMOPS matrix reads (issue 38): ticked here, the permit counts as that kind of work near others.
      checkbox('ignitionSource', 'Ignition source at the job (open flame, sparks, hot surfaces)'),
      // Version 2 asks where sparks are contained; a permit copied from version 1 has no such answer.
      ...(version >= 2 ? [textarea('sparkContainment', 'Spark containment (blankets, screens, habitat)')] : []),
    ]),
  ], 1, 12);

/** Confined space entry (OSHA 1910.146(f)): entrants, attendant, entry supervisor, ventilation, rescue. */
export const confinedSpace = () =>
  permitForm('ConfinedSpace', 'Confined Space Entry', [
    panel('confinedSpacePanel', 'Confined space', [
      textfield('spaceDescription', 'Space to be entered', { required: true }),
      textarea('entryPurpose', 'Purpose of entry', { required: true }),
      textfield('entrySupervisor', 'Entry supervisor', { required: true }),
      textfield('attendant', 'Attendant (standby outside)', { required: true }),
      datagrid('entrants', 'Authorised entrants', [textfield('name', 'Name'), datetime('timeIn', 'Time in'), datetime('timeOut', 'Time out')], { fieldClass: 'operational', required: true }),
      textarea('ventilation', 'Isolation and ventilation', { required: true }),
      textarea('acceptableConditions', 'Acceptable entry conditions'),
      listSelect('rescueService', 'Rescue and emergency service', 'RescueServices', { required: true }),
      textarea('rescuePlan', 'Rescue plan', { required: true }),
      textfield('communication', 'Communication between entrants and attendant', { required: true }),
      checkbox('rescueEquipment', 'Tripod, winch and harnesses at the entry point'),
      checkbox('flammables', 'Flammables present in or around the space'),
    ]),
  ], 10, 8);

/** Cold work: mechanical work on process equipment without ignition sources. */
export const coldWork = () =>
  permitForm('ColdWork', 'Cold Work', [
    panel('coldWorkPanel', 'Cold work', [
      textarea('toolsAndEquipment', 'Tools and equipment'),
      checkbox('nonSparkingTools', 'Non-sparking tools where flammables may be present'),
      datetime('lineBreakTime', 'Line break (if any)'),
      checkbox('lineBreak', 'Line break: opens a line or vessel that held process fluid'),
      checkbox('flammables', 'Flammables present at the job'),
    ]),
  ], 10, 12);
