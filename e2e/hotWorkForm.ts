import { users } from './fixtures';
import type { PermitDraftPage } from './pages/PermitDraftPage';

/** Every required field of the demo Hot Work form, as a contractor fills it in. */
export async function fillHotWork(draft: PermitDraftPage): Promise<void> {
  await draft.text('Asset number', 'P-101A');
  await draft.text('Work location', 'Pump bay 3');
  await draft.text('Description of the work', 'Weld repair on the suction line of P-101A');
  await draft.choose('Company performing the work', 'Gulf Coast Welding');
  await draft.text('Number of workers', '2');
  await draft.dateTime('Valid from', '2026-11-22 08:00');
  await draft.dateTime('Valid to', '2026-11-22 16:00');
  await draft.check('Flammable gas or liquid');
  await draft.check('Equipment isolated');
  await draft.choose('Type of hot work', 'Welding');
  await draft.check('Combustibles removed or covered within 11 m (35 ft)');
  await draft.check('Drains and sewers covered');
  await draft.check('Fire extinguisher present at the job');
  await draft.radio('Continuous gas monitoring required?', 'Yes');
  await draft.text('Fire watch', 'Jo Smith');
  await draft.text('Fire watch after the work ends (minutes)', '60');
  await draft.dateTime('Time', '2026-11-22 07:45');
  await draft.text('O2 (% vol)', '20.9');
  await draft.text('LEL (%)', '0');
  await draft.text('H2S (ppm)', '0');
  await draft.text('CO (ppm)', '0');
  await draft.text('Tester', 'Carlos Mendes');
  await draft.choose('Permit issuer', users.issuer.name);
  await draft.text('Permit receiver', users.contractor.name);
}
