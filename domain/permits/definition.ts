import type { PermitDefinition } from '../../schemas';

/**
 * The phases an approval step belongs to (DESIGN.md §6): pre-approval before PENDING (e.g. the
 * area checks the scope before gas testing), the approvals that issue the permit, and the
 * acceptance of the close-out that completes it.
 */
export const APPROVAL_PHASES = ['preApproval', 'approval', 'closeOut'] as const;
export type ApprovalPhase = (typeof APPROVAL_PHASES)[number];

/** One entry of DefinitionMetadataJSON.Approvals: a step a member of `Group` must sign off, in `Order`. (A type, so it is a JSON record.) */
export type ApprovalStep = {
  Name: string;
  Label: string;
  Group: string;
  Order: number;
  Phase: ApprovalPhase;
  /** A step that is not required is offered but does not hold the permit back. */
  Required: boolean;
  /** The permit types it applies to (Confined Space has a pre-approval, Cold Work does not); every type when absent. */
  PermitTypes?: string[];
};

export type DefinitionMetadata = PermitDefinition['DefinitionMetadataJSON'];

const isPhase = (value: unknown): value is ApprovalPhase => (APPROVAL_PHASES as readonly unknown[]).includes(value);

/**
 * The approval steps of a definition for a permit of the given types (all steps without types);
 * entries that are not well-formed steps are left out rather than trusted.
 */
export function approvalSteps(metadata: Pick<DefinitionMetadata, 'Approvals'>, permitTypes?: readonly string[]): ApprovalStep[] {
  return metadata.Approvals.flatMap((a) => {
    const { Name, Label, Group, Order, Phase, Required, PermitTypes } = a as Partial<ApprovalStep>;
    if (typeof Name !== 'string' || typeof Group !== 'string' || typeof Order !== 'number' || !isPhase(Phase)) return [];
    const types = Array.isArray(PermitTypes) ? PermitTypes.filter((t) => typeof t === 'string') : undefined;
    if (permitTypes && types && !types.some((t) => permitTypes.includes(t))) return [];
    return [{ Name, Label: typeof Label === 'string' ? Label : Name, Group, Order, Phase, Required: Required !== false, ...(types ? { PermitTypes: types } : {}) }];
  });
}
