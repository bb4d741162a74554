import { users } from './fixtures';
import type { PermitDraftPage } from './pages/PermitDraftPage';

/** 'YYYY-MM-DD HH:mm' in the browser's (this machine's) time zone, as the date-time fields take it. */
const fieldTime = (date: Date) => {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ${two(date.getHours())}:${two(date.getMinutes())}`;
};

/**
 * Every required field of the demo Hot Work form, as a contractor fills it in. The permit is valid
 * from an hour ago for 8 hours: one whose validity has passed times out within a minute of its
 * approval (server/permits/timeout.ts), which fixed dates made of every run after them.
 */
export async function fillHotWork(draft: PermitDraftPage): Promise<void> {
  const start = new Date(Date.now() - 60 * 60_000);
  await draft.text('Asset number', 'P-101A');
  await draft.text('Work location', 'Pump bay 3');
  await draft.text('Description of the work', 'Weld repair on the suction line of P-101A');
  await draft.choose('Company performing the work', 'Gulf Coast Welding');
  await draft.text('Number of workers', '2');
  await draft.dateTime('Valid from', fieldTime(start));
  await draft.dateTime('Valid to', fieldTime(new Date(start.getTime() + 8 * 60 * 60_000)));
  await draft.check('Flammable gas or liquid');
  await draft.check('Equipment isolated');
  await draft.choose('Type of hot work', 'Welding');
  await draft.check('Combustibles removed or covered within 11 m (35 ft)');
  await draft.check('Drains and sewers covered');
  await draft.check('Fire extinguisher present at the job');
  await draft.radio('Continuous gas monitoring required?', 'Yes');
  await draft.text('Fire watch', 'Jo Smith');
  await draft.text('Fire watch after the work ends (minutes)', '60');
  await draft.dateTime('Time', fieldTime(new Date(start.getTime() - 15 * 60_000)));
  await draft.text('O2 (% vol)', '20.9');
  await draft.text('LEL (%)', '0');
  await draft.text('H2S (ppm)', '0');
  await draft.text('CO (ppm)', '0');
  await draft.text('Tester', 'Carlos Mendes');
  await draft.choose('Permit issuer', users.issuer.name);
  await draft.text('Permit receiver', users.contractor.name);
}
