import { Badge, type BadgeProps } from '@fluentui/react-components';
import type { Template } from '../../../schemas';

const COLOURS: Record<Template['State'], BadgeProps['color']> = { DRAFT: 'informative', REVIEW: 'warning', APPROVED: 'success', DISCONTINUED: 'danger' };

/** A template's state, one colour per state (SPEC §4 display colour statuses). */
export function TemplateStateBadge({ state }: { state: Template['State'] }) {
  return (
    <Badge appearance="tint" color={COLOURS[state]}>
      {state}
    </Badge>
  );
}

export const personName = (p: { FirstName: string; LastName: string } | null) => (p ? `${p.FirstName} ${p.LastName}`.trim() : '');
