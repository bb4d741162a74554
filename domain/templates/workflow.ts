import type { Template } from '../../schemas';

/** What can be done to a template (SPEC §4 Template states, §7 Templates). */
export const TEMPLATE_ACTIONS = ['view', 'edit', 'delete', 'copy', 'comment', 'review', 'approve', 'reject', 'discontinue'] as const;
export type TemplateAction = (typeof TEMPLATE_ACTIONS)[number];
export type TemplateState = Template['State'];
export type TemplateCommentType = Template['Comments'][number]['CommentType'];

/** The abilities of SPEC §6 at the template's location that the rules read. */
export interface FormsActor {
  view: boolean;
  edit: boolean;
}

interface Rule {
  from: readonly TemplateState[];
  /** forms.view is enough to read and to comment; everything that changes the template needs forms.edit. */
  needs: 'view' | 'edit';
  /** The state it leads to; unchanged when absent. */
  to?: TemplateState;
  /** The comment is required (Reject and Discontinue, SPEC §5) or optional. */
  comment?: 'required' | 'optional';
  /** How a comment made with the action is filed (SPEC §3 CommentType). */
  commentType?: TemplateCommentType;
}

const ANY: TemplateState[] = ['DRAFT', 'REVIEW', 'APPROVED', 'DISCONTINUED'];

/** The transition table of SPEC §4: DRAFT → REVIEW → APPROVED → DISCONTINUED, REVIEW → DRAFT on reject. */
export const TEMPLATE_RULES: Record<TemplateAction, Rule> = {
  view: { from: ANY, needs: 'view' },
  // Only DRAFT templates can be edited or deleted; the others are view-only.
  edit: { from: ['DRAFT'], needs: 'edit' },
  delete: { from: ['DRAFT'], needs: 'edit' },
  copy: { from: ANY, needs: 'edit' },
  comment: { from: ANY, needs: 'view', comment: 'required', commentType: 'General' },
  review: { from: ['DRAFT'], needs: 'edit', to: 'REVIEW', comment: 'optional', commentType: 'Review' },
  approve: { from: ['REVIEW'], needs: 'edit', to: 'APPROVED', comment: 'optional', commentType: 'Approval' },
  reject: { from: ['REVIEW'], needs: 'edit', to: 'DRAFT', comment: 'required', commentType: 'Rejection' },
  discontinue: { from: ['APPROVED'], needs: 'edit', to: 'DISCONTINUED', comment: 'required', commentType: 'Discontinue' },
};

const WORDS: Record<TemplateAction, string> = {
  view: 'view', edit: 'change', delete: 'delete', copy: 'copy', comment: 'comment on',
  review: 'submit for review', approve: 'approve', reject: 'reject', discontinue: 'discontinue',
};

export type TemplateDecision =
  | { ok: true; to: TemplateState; comment: { text: string; type: TemplateCommentType } | null }
  | { ok: false; status: 403 | 409 | 400; reason: string };

/**
 * Whether `actor` may take `action` on a template in `state`, with the comment given, and what
 * follows. The server decides with it before writing; the screens use it to offer actions.
 */
export function decideTemplate(action: TemplateAction, state: TemplateState, actor: FormsActor, comment?: string, where = 'this location'): TemplateDecision {
  const rule = TEMPLATE_RULES[action];
  if (!actor.view || (rule.needs === 'edit' && !actor.edit)) {
    return { ok: false, status: 403, reason: `You do not have permission to ${WORDS[action]} templates at ${where}.` };
  }
  if (!rule.from.includes(state)) {
    return { ok: false, status: 409, reason: refusalInState(action, state) };
  }
  const text = comment?.trim() ?? '';
  if (rule.comment === 'required' && text === '') {
    return { ok: false, status: 400, reason: `A comment is required to ${WORDS[action]} a template.` };
  }
  return { ok: true, to: rule.to ?? state, comment: text && rule.commentType ? { text, type: rule.commentType } : null };
}

function refusalInState(action: TemplateAction, state: TemplateState): string {
  if (action === 'edit' || action === 'delete') return `This template is ${state}: only DRAFT templates can be ${action === 'edit' ? 'changed' : 'deleted'}. Copy it to make a new draft.`;
  const from = TEMPLATE_RULES[action].from.join(' or ');
  const done: Partial<Record<TemplateAction, string>> = { review: 'submitted for review', approve: 'approved', reject: 'rejected', discontinue: 'discontinued' };
  return `This template is ${state}: it can be ${done[action] ?? WORDS[action]} only when it is ${from}.`;
}

/** The actions a user may take on a template now: what the row menu and the view page offer. */
export function templateActions(state: TemplateState, actor: FormsActor): TemplateAction[] {
  return TEMPLATE_ACTIONS.filter((a) => {
    const rule = TEMPLATE_RULES[a];
    return actor.view && (rule.needs === 'view' || actor.edit) && rule.from.includes(state);
  });
}

/** Whether a comment is required for the action (the dialog disables its button until one is typed). */
export const commentRequired = (action: TemplateAction) => TEMPLATE_RULES[action].comment === 'required';

/** The template content for one form: ContentJSON is a string keyed by FormKey (SPEC §3); anything unreadable is empty. */
export function templateContent(template: Pick<Template, 'ContentJSON' | 'FormKey'>): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(template.ContentJSON);
    if (typeof parsed !== 'object' || parsed === null) return {};
    const own = (parsed as Record<string, unknown>)[template.FormKey];
    return typeof own === 'object' && own !== null && !Array.isArray(own) ? (own as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
