import { describe, expect, it } from 'vitest';
import type { OutboxEffect, OutboxEntry, Permit } from '../../schemas';
import { overlayPending } from '../../replication/outboxOverlay';
import { buildEntry, buildPermit } from './factories';

const SYNCED_AT = 5_000;
const pulled = [buildPermit({ PermitInstanceId: 'a', State: 'APPROVED' }), buildPermit({ PermitInstanceId: 'b', State: 'PENDING' })];
const effect = (key: string, kind: OutboxEffect['kind'], fields: Partial<Permit> = {}, collection: OutboxEffect['collection'] = 'permits'): OutboxEffect => ({ collection, key, kind, fields });
const entry = (seq: number, effects: OutboxEffect[], overrides: Partial<OutboxEntry> = {}) => buildEntry({ id: `e${seq}`, seq, effects, ...overrides });

/** What the list shows, as [key, State, pending]. */
type Row = [string, string, boolean];

const cases: { name: string; entries: OutboxEntry[]; expected: Row[]; matches?: (p: Permit) => boolean }[] = [
  { name: 'no changes: the pulled state', entries: [], expected: [['a', 'APPROVED', false], ['b', 'PENDING', false]] },
  { name: 'a pending patch shows over the pulled document, badged', entries: [entry(1, [effect('a', 'patch', { State: 'REJECTED' })])], expected: [['a', 'REJECTED', true], ['b', 'PENDING', false]] },
  {
    name: 'a pending creation is listed after the pulled ones with its provisional reference',
    entries: [entry(1, [effect('new', 'create', buildPermit({ PermitInstanceId: 'new', State: 'DRAFT', PermitInstanceReferenceId: 'Pending...' }))])],
    expected: [['a', 'APPROVED', false], ['b', 'PENDING', false], ['new', 'DRAFT', true]],
  },
  { name: 'a pending deletion hides the document', entries: [entry(1, [effect('b', 'delete')])], expected: [['a', 'APPROVED', false]] },
  { name: 'a refused change is not shown: the server said no', entries: [entry(1, [effect('a', 'patch', { State: 'REJECTED' })], { status: 'refused' })], expected: [['a', 'APPROVED', false], ['b', 'PENDING', false]] },
  {
    name: 'a change done after the last complete pull still shows, without the badge, until the pull brings it',
    entries: [entry(1, [effect('a', 'patch', { State: 'REVOKED' })], { status: 'done', doneAt: SYNCED_AT + 1 })],
    expected: [['a', 'REVOKED', false], ['b', 'PENDING', false]],
  },
  {
    name: 'a change done before the last complete pull is in the pulled state already',
    entries: [entry(1, [effect('a', 'patch', { State: 'REVOKED' })], { status: 'done', doneAt: SYNCED_AT - 1 })],
    expected: [['a', 'APPROVED', false], ['b', 'PENDING', false]],
  },
  {
    name: 'changes to one document apply in queue order whatever order they come in',
    entries: [entry(2, [effect('a', 'patch', { State: 'CLOSING' })]), entry(1, [effect('a', 'patch', { State: 'REJECTED' })])],
    expected: [['a', 'CLOSING', true], ['b', 'PENDING', false]],
  },
  { name: 'a patch of a document not held shows nothing', entries: [entry(1, [effect('zz', 'patch', { State: 'REJECTED' })])], expected: [['a', 'APPROVED', false], ['b', 'PENDING', false]] },
  { name: 'effects on another collection are ignored', entries: [entry(1, [effect('a', 'delete', {}, 'drafts')])], expected: [['a', 'APPROVED', false], ['b', 'PENDING', false]] },
  {
    name: 'a creation the pull already brought keeps the server’s version, badged until the entry is done',
    entries: [entry(1, [effect('a', 'create', buildPermit({ PermitInstanceId: 'a', State: 'DRAFT' }))])],
    expected: [['a', 'APPROVED', true], ['b', 'PENDING', false]],
  },
  {
    name: 'one entry with effects on several documents (revoke many)',
    entries: [entry(1, [effect('a', 'patch', { State: 'REVOKED' }), effect('b', 'patch', { State: 'REVOKED' })])],
    expected: [['a', 'REVOKED', true], ['b', 'REVOKED', true]],
  },
  {
    name: 'the list’s condition applies after the overlay: a permit rejected offline leaves the open list',
    entries: [entry(1, [effect('a', 'patch', { State: 'REJECTED' })])],
    matches: (p) => p.State !== 'REJECTED',
    expected: [['b', 'PENDING', false]],
  },
];

describe('the pending overlay', () => {
  it.each(cases)('$name', ({ entries, expected, matches }) => {
    const shown = overlayPending({ collection: 'permits', docs: pulled, entries, syncedAt: SYNCED_AT, matches });
    expect(shown.map(({ doc, pending }): Row => [doc.PermitInstanceId, doc.State, pending])).toEqual(expected);
  });

  it('never changes the pulled documents it is given', () => {
    const before = structuredClone(pulled);
    overlayPending({ collection: 'permits', docs: pulled, entries: [entry(1, [effect('a', 'patch', { State: 'REJECTED' })])], syncedAt: null });
    expect(pulled).toEqual(before);
  });
});
