import type { IsolationState } from '../../../schemas';
import { useBadgeClassName } from '../permits/badgeStyles';

/**
 * Each state its colour, always with its name beside it (colour alone tells nothing to a
 * colour-blind reader): grey planned, amber locks on but unproved, green proved, blue on its way off.
 */
const COLOURS: Record<IsolationState, [background: string, text: string]> = {
  PLANNED: ['#7a7574', '#ffffff'],
  ISOLATED: ['#ca5010', '#ffffff'],
  VERIFIED: ['#107c10', '#ffffff'],
  'DE-ISOLATION REQUESTED': ['#c19c00', '#000000'],
  'DE-ISOLATED': ['#005b70', '#ffffff'],
  CANCELLED: ['#a4262c', '#ffffff'],
};

export function IsolationStateBadge({ state }: { state: IsolationState }) {
  const className = useBadgeClassName();
  const [backgroundColor, color] = COLOURS[state];
  return <span className={className} style={{ backgroundColor, color }} data-state={state}>{state}</span>;
}
