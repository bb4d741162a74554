import type { Clash } from '../../../domain/simops/clash';

/** The issue's words for the two rules that are not *allowed*. */
export const RULE_LABELS: Record<Clash['rule'], string> = { review: 'Needs review', block: 'Not allowed' };

export const metres = (m: number) => `${Math.round(m)} m`;

/** The rule with the separation it sets: what the approver is told to weigh. */
export const ruleText = (clash: Clash) => `${RULE_LABELS[clash.rule]} within ${metres(clash.separationM)}`;

const day = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short' });
const time = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

/** When both run, on the device's clock: '28 Nov 08:00 – 18:00', the end's day named when it is another. */
export function overlapText({ start, end }: Clash['overlap']): string {
  const from = new Date(start);
  const to = new Date(end);
  const sameDay = day.format(from) === day.format(to);
  return `${day.format(from)} ${time.format(from)} – ${sameDay ? '' : `${day.format(to)} `}${time.format(to)}`;
}

/** The other permit of a clash, read from one of its two. */
export const otherOf = (clash: Clash, id: string) => (clash.ids[0] === id ? clash.ids[1] : clash.ids[0]);
