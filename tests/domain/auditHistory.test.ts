import { describe, expect, it } from 'vitest';
import { componentLabels } from '../../domain/audit/gridText';
import { describeEvent, describeHistory, fieldLabel, type HistoryContext } from '../../domain/audit/historyText';
import { formatValue } from '../../domain/audit/valueText';
import { definitionFields } from '../../domain/permits/editability';
import type { PermitDefinition, PermitHistoryEvent } from '../../schemas';

/** A hot-work definition as Form.io holds it: a panel, a grid, a field with no label. */
const definition: Pick<PermitDefinition, 'Forms' | 'DefinitionMetadataJSON'> = {
  DefinitionMetadataJSON: { Approvals: [], KeysList: [], CustomFieldPathList: [], Forms: [{ ContentsPath: 'HotWork', Name: 'hotWorkForm', PermitType: 'HotWork' }] },
  Forms: {
    hotWorkForm: {
      components: [
        // A text area's `rows` is its height, not a table's rows.
        { type: 'panel', key: 'work', components: [{ type: 'textarea', key: 'jobDescription', label: 'Work description', input: true, rows: 3 } as never] },
        { type: 'table', key: 'layout', rows: [[{ components: [{ type: 'textfield', key: 'inTable', label: 'In a table' }] }]] },
        { type: 'datagrid', key: 'gasTests', label: 'Gas tests', input: true, components: [{ type: 'number', key: 'o2', label: 'O2 %' }, { type: 'textfield', key: 'tester', label: 'Tester' }] },
        { type: 'container', key: 'fireWatcher', label: 'Fire watcher', input: true, components: [{ type: 'textfield', key: 'name', label: 'Name' }] },
        { type: 'checkbox', key: 'fireWatch', label: 'Fire watch posted', input: true },
        { type: 'textfield', key: 'unlabelled', input: true },
      ],
    },
  },
};

const context: HistoryContext = {
  fields: definitionFields(definition),
  labels: componentLabels(definition),
  printers: new Map([[3, 'Printer X']]),
  approvals: new Map([['step-2', 'Operations Supervisor']]),
  locations: new Map([[111, 'Crude Unit'], [112, 'Vacuum Unit']]),
  timeZone: 'UTC',
};

function buildEvent(overrides: Partial<PermitHistoryEvent> = {}): PermitHistoryEvent {
  return {
    At: '2026-11-28T11:40:12.123456Z',
    DeviceAt: '2026-11-28T11:40:11.900Z',
    ActorId: 2,
    ActorName: 'Priya Raman',
    ActorKind: 'employee',
    Action: 'permit.content',
    Details: {},
    ...overrides,
  };
}

const edit = (Field: string, Old: unknown, New: unknown) => ({ Form: 'HotWork', Field, Old, New });

describe('a permit event in words', () => {
  it.each<[string, Partial<PermitHistoryEvent>, string, string[]]>([
    [
      'a field changed, labelled as the form labels it',
      { Details: { Changes: [edit('jobDescription', 'Replace gasket', 'Replace gasket and bolts')] } },
      'Priya Raman changed Work description from "Replace gasket" to "Replace gasket and bolts"',
      [],
    ],
    [
      'several fields, one line each',
      { Details: { Changes: [edit('fireWatch', false, true), edit('unlabelled', null, 'x'), edit('gone', 'a', '')] } },
      'Priya Raman changed 3 fields',
      ['Fire watch posted from no to yes', 'unlabelled from empty to "x"', 'gone from "a" to empty'],
    ],
    [
      'a cell of a grid, under the grid’s label',
      { Details: { Changes: [edit('gasTests[1].o2', 20.9, 19.5)] } },
      'Priya Raman changed Gas tests (row 2, O2 %) from 20.9 to 19.5',
      [],
    ],
    [
      'a field of a container, under the container’s label',
      { Details: { Changes: [edit('fireWatcher.name', 'Tom Becker', 'Aisha Bello')] } },
      'Priya Raman changed Fire watcher (Name) from "Tom Becker" to "Aisha Bello"',
      [],
    ],
    [
      'a grid, row by row: a reading added, one corrected, one removed',
      {
        Details: {
          Changes: [
            edit('gasTests', [{ o2: 20.9, tester: 'Tom Becker' }, { o2: 19, tester: 'Tom Becker' }, { o2: 20.8, tester: 'Tom Becker' }], [{ o2: 20.9, tester: 'Tom Becker' }, { o2: 19.5, tester: 'Tom Becker' }]),
          ],
        },
      },
      'Priya Raman changed Gas tests',
      ['Gas tests, row 2: O2 % from 19 to 19.5', 'Gas tests, row 3 removed: O2 % 20.8, Tester "Tom Becker"'],
    ],
    [
      'a grid’s first row, with another field',
      { Details: { Changes: [edit('gasTests', null, [{ o2: 20.9, tester: 'Carlos Mendes' }]), edit('fireWatch', null, true)] } },
      'Priya Raman changed 2 fields',
      ['Gas tests, row 1 added: O2 % 20.9, Tester "Carlos Mendes"', 'Fire watch posted from empty to yes'],
    ],
    [
      'fields set back by the server',
      { Details: { Changes: [edit('fireWatch', false, true)], setBack: ['HotWork.locked'] } },
      'Priya Raman changed Fire watch posted from no to yes',
      ["One field was set back: not editable in the permit's state"],
    ],
    [
      'an edit recorded with its fields’ names only',
      { Details: { fields: ['HotWork.jobDescription', 'HotWork.fireWatch'] } },
      'Priya Raman changed Work description, Fire watch posted',
      [],
    ],
    ['an approval at its step', { Action: 'permit.approval.approval', ActorName: 'Alex Morgan', Details: { PermitApprovalId: 'step-2', from: 'PENDING', to: 'APPROVED' } }, 'Alex Morgan approved the permit as Operations Supervisor', ['State: PENDING → APPROVED']],
    ['an approval, short name', { Action: 'permit.approve', ActorName: 'Alex Morgan', Details: {} }, 'Alex Morgan approved the permit', []],
    ['a rejection with its reason', { Action: 'permit.reject', Details: { from: 'PENDING', to: 'REJECTED', reason: 'Gas test missing' } }, 'Priya Raman rejected the permit', ['Reason: "Gas test missing"', 'State: PENDING → REJECTED']],
    ['a revoke', { Action: 'permit.revoke', Details: { from: 'APPROVED', to: 'REVOKED' } }, 'Priya Raman revoked the permit', ['State: APPROVED → REVOKED']],
    ['a print, the printer named from the device', { Action: 'permit.print', Details: { PrinterId: 3, Result: 'OK' } }, 'Priya Raman printed the permit on Printer X', []],
    ['a print that failed', { Action: 'permit.print', Details: { PrinterId: 9, Result: 'printer-stopped' } }, 'Priya Raman tried to print the permit on printer 9', ['The printer answered: printer-stopped']],
    ['an attachment', { Action: 'permit.attachment.add', Details: { FileName: 'photo.jpg' } }, 'Priya Raman added attachment photo.jpg', []],
    ['a move', { Action: 'permit.location', Details: { LocationId: { from: 111, to: 112 } } }, 'Priya Raman moved the permit from Crude Unit to Vacuum Unit', []],
    ['a copy', { Action: 'permit.create', Details: { copiedFrom: 'p-0' } }, 'Priya Raman created the permit as a copy of another permit', []],
    ['a time-out by the server', { Action: 'permit.timeout', ActorId: null, ActorName: '', ActorKind: 'system', DeviceAt: null, Details: { from: 'APPROVED', to: 'TIMEOUT' } }, 'The system timed the permit out', ['State: APPROVED → TIMEOUT']],
    ['a contractor, named as one', { Action: 'permit.submit', ActorName: 'Carlos Mendes', ActorKind: 'contractor', Details: {} }, 'Carlos Mendes (contractor) submitted the permit for approval', []],
    ['an action this release does not know', { Action: 'permit.isolation.verify', Details: {} }, 'Priya Raman: permit.isolation.verify', []],
  ])('%s', (_name, overrides, summary, details) => {
    const entry = describeEvent(buildEvent(overrides), context);
    expect(entry.summary).toBe(summary);
    expect(entry.details).toEqual(details);
  });
});

describe('the times of an event', () => {
  it('gives the receipt alone for a change made online, seconds before', () => {
    expect(describeEvent(buildEvent(), context)).toMatchObject({ received: '2026-11-28 11:40', made: null, timing: 'received 11:40' });
  });

  it('gives both for a change that waited on the device more than a minute', () => {
    const entry = describeEvent(buildEvent({ DeviceAt: '2026-11-28T10:02:30.000Z' }), context);
    expect(entry).toMatchObject({ received: '2026-11-28 11:40', made: '2026-11-28 10:02', timing: 'made offline at 10:02, received 11:40' });
  });

  it('says the day a change was made when it is not the day it arrived', () => {
    const entry = describeEvent(buildEvent({ DeviceAt: '2026-11-27T22:10:00.000Z' }), context);
    expect(entry.timing).toBe('made offline at 2026-11-27 22:10, received 11:40');
  });

  it('ignores a device clock ahead of the server, or a minute off at most, or none', () => {
    for (const DeviceAt of ['2026-11-28T12:30:00.000Z', '2026-11-28T11:39:30.000Z', null]) {
      expect(describeEvent(buildEvent({ DeviceAt }), context).made).toBeNull();
    }
  });

  it('writes them in the time zone given', () => {
    const entry = describeEvent(buildEvent({ DeviceAt: '2026-11-28T10:02:30.000Z' }), { ...context, timeZone: 'America/Chicago' });
    expect(entry.timing).toBe('made offline at 04:02, received 05:40');
  });
});

describe('field labels and values', () => {
  it('names the sub-form before the field only where the permit has several', () => {
    const forms = new Map([['HotWork', 'Hot Work'], ['ConfinedSpace', 'Confined Space']]);
    expect(fieldLabel({ Form: 'HotWork', Field: 'jobDescription' }, { ...context, forms })).toBe('Hot Work: Work description');
    expect(fieldLabel({ Form: 'HotWork', Field: 'jobDescription' }, { ...context, forms: new Map([['HotWork', 'Hot Work']]) })).toBe('Work description');
  });

  it('finds labels at any depth of the form: panels, tables, grids, containers', () => {
    expect(Object.fromEntries(componentLabels(definition))).toMatchObject({
      'HotWork.jobDescription': 'Work description', 'HotWork.inTable': 'In a table', 'HotWork.o2': 'O2 %', 'HotWork.name': 'Name',
    });
  });

  it.each<[unknown, string]>([
    [undefined, 'empty'],
    ['', 'empty'],
    [0, '0'],
    [['a', 'b'], '"a, b"'],
    [[{ o2: 20.9 }, { o2: 19 }], '2 rows'],
    [{ value: 'v1', label: 'Valve 1' }, '"Valve 1"'],
    [{ gas: true, hot: false, noise: true }, '"gas, noise"'],
    ['data:image/png;base64,AAAA', 'a signature or image'],
    ['x'.repeat(200), `"${'x'.repeat(119)}…"`],
  ])('writes %j as %s', (value, words) => {
    expect(formatValue(value)).toBe(words);
  });
});

it('keeps the events in the order the server received them, the audit chain’s', () => {
  const events = [buildEvent({ Action: 'permit.create', At: '2026-11-28T09:00:00Z' }), buildEvent({ Action: 'permit.submit', At: '2026-11-28T09:05:00Z' })];
  expect(describeHistory(events, context).map((e) => e.summary)).toEqual(['Priya Raman created the permit', 'Priya Raman submitted the permit for approval']);
});
