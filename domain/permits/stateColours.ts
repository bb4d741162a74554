import type { PermitState } from '../../schemas';

/**
 * One colour per permit state (SPEC §9: map markers follow the state), used by the list's
 * badges, the plot-plan markers and the report's bars, so a state reads the same everywhere.
 * Plain hex, because Leaflet markers and ECharts bars take colours, not Fluent tokens.
 */
export const PERMIT_STATE_COLOURS: Record<PermitState, string> = {
  DRAFT: '#7a7574',
  'PRE-APPROVAL': '#8764b8',
  PENDING: '#ca5010',
  APPROVED: '#107c10',
  CLOSING: '#0078d4',
  TIMEOUT: '#c19c00',
  REJECTED: '#a4262c',
  COMPLETED: '#005b70',
  REVOKED: '#750b1c',
};

/** The text colour that reads on a state's colour: white on all but the light TIMEOUT. */
export const stateTextColour = (state: PermitState): string => (state === 'TIMEOUT' ? '#000000' : '#ffffff');
