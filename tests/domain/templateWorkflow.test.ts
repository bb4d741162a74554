import { describe, expect, it } from 'vitest';
import { decideTemplate, templateActions, templateContent } from '../../domain/templates/workflow';

const editor = { view: true, edit: true };
const viewer = { view: true, edit: false };

describe('template workflow (SPEC §4)', () => {
  it('offers each state only its own actions', () => {
    expect(templateActions('DRAFT', editor)).toEqual(['view', 'edit', 'delete', 'copy', 'comment', 'review']);
    expect(templateActions('REVIEW', editor)).toEqual(['view', 'copy', 'comment', 'approve', 'reject']);
    expect(templateActions('APPROVED', editor)).toEqual(['view', 'copy', 'comment', 'discontinue']);
    expect(templateActions('DISCONTINUED', editor)).toEqual(['view', 'copy', 'comment']);
    expect(templateActions('REVIEW', viewer)).toEqual(['view', 'comment']);
    expect(templateActions('REVIEW', { view: false, edit: true })).toEqual([]);
  });

  it('files a decision’s comment with its type, and refuses a missing required one', () => {
    expect(decideTemplate('approve', 'REVIEW', editor)).toEqual({ ok: true, to: 'APPROVED', comment: null });
    expect(decideTemplate('reject', 'REVIEW', editor, ' Too vague ')).toEqual({ ok: true, to: 'DRAFT', comment: { text: 'Too vague', type: 'Rejection' } });
    expect(decideTemplate('discontinue', 'APPROVED', editor, '')).toMatchObject({ ok: false, status: 400 });
    expect(decideTemplate('approve', 'DRAFT', editor)).toMatchObject({ ok: false, status: 409, reason: 'This template is DRAFT: it can be approved only when it is REVIEW.' });
    expect(decideTemplate('approve', 'REVIEW', viewer, undefined, 'Crude Unit')).toEqual({ ok: false, status: 403, reason: 'You do not have permission to approve templates at Crude Unit.' });
  });

  it('reads a template’s content for its form, and nothing from unreadable content', () => {
    expect(templateContent({ FormKey: 'HotWork', ContentJSON: '{"HotWork":{"a":1},"ColdWork":{"b":2}}' })).toEqual({ a: 1 });
    expect(templateContent({ FormKey: 'HotWork', ContentJSON: '{oops' })).toEqual({});
    expect(templateContent({ FormKey: 'HotWork', ContentJSON: '{"HotWork":[1]}' })).toEqual({});
  });
});
