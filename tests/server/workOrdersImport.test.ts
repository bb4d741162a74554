import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkOrderImportReport } from '../../schemas';
import { DATABASE_KINDS, startTestServer, type TestServer } from './harness';

const SAP_CSV = [
  'AUFNR;KTEXT;AUART;IWERK;TPLNR;PLTXT;EQUNR;GSTRP;GSUZP;VAPLZ;STTXT;VORNR;LTXA1;ARBPL',
  '4100001;Replace seal on crude pump;PM01;BP01;10-P-101A;Crude charge pump A;10004711;25.11.2026;07:30;MECH-CDU;REL PRC;0010;Isolate pump;OPS',
  '4100001;Replace seal on crude pump;PM01;BP01;10-P-101A;Crude charge pump A;10004711;25.11.2026;07:30;MECH-CDU;REL PRC;0020;Replace mechanical seal;MECH',
  '4100002;Calibrate level transmitter;PM02;BP01;10-LT-205;Desalter level;;20261127;;INST-CDU;SCHED;;;',
].join('\n');

const ORACLE_CSV = [
  'WIP_ENTITY_NAME,DESCRIPTION,WORK_ORDER_TYPE,ORGANIZATION_CODE,ASSET_NUMBER,ASSET_DESCRIPTION,SCHEDULED_START_DATE,OWNING_DEPARTMENT,STATUS_TYPE,OPERATION_SEQ_NUM,OPERATION_DESCRIPTION,RESOURCE_CODE',
  'NF-77001,"Inspect UREA/CO2 AREA scrubber, replace pad",Corrective,NF02,22-V-231,HP scrubber,26-NOV-2026 06:00:00,MECH-UREA,On Hold,10,Isolate and drain,OPERATOR',
].join('\n');

describe.each(DATABASE_KINDS)('work order import on %s', (kind) => {
  let server: TestServer;
  let admin: string;
  let bayportKey: string;

  const importFile = (body: string | object, token: string, query = '') =>
    server.request({
      method: 'POST',
      url: `/api/workorders/import${query}`,
      token,
      ...(typeof body === 'string' ? { payload: body, headers: { 'content-type': 'text/csv' } } : { payload: body }),
    });
  const stored = (number: string) =>
    server.db.query<Record<string, unknown>>(
      `select site_id, description, status, asset_number, asset_description, order_type, plant_code, equipment_number, source_system,
              work_center_name, operations, to_char(scheduled_start at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as start
         from workorders where work_order_number = $1`,
      [number],
    );

  beforeAll(async () => {
    server = await startTestServer(kind);
    admin = await server.employeeToken('admin@demo.test');
    const made = await server.request({ method: 'POST', url: '/api/servicekeys', token: admin, payload: { Name: 'SAP PM Bayport', SiteId: 1 } });
    expect(made.statusCode).toBe(201);
    bayportKey = made.json<{ Key: string }>().Key;
  });
  afterAll(() => server.close());

  it('keeps only a hash of a service key, and lists keys without their secret', async () => {
    expect(bayportKey).toMatch(/^opk_[A-Za-z0-9]+_[A-Za-z0-9_-]{43}$/);
    const [row] = await server.db.query<{ secret_hash: string }>('select secret_hash from service_keys');
    expect(bayportKey).not.toContain(row!.secret_hash);
    const list = await server.request({ method: 'GET', url: '/api/servicekeys', token: admin });
    expect(list.json()).toEqual({ ServiceKeyList: [expect.objectContaining({ Name: 'SAP PM Bayport', SiteId: 1, RevokedOn: null })] });
    // The secret is what follows the key's id; base64url may itself hold '_'.
    expect(list.body).not.toContain(/^opk_[A-Za-z0-9]+_(.{43})$/.exec(bayportKey)![1]);
  });

  it('creates SAP PM orders from a CSV export with a line per operation, then updates or leaves them', async () => {
    const first = await importFile(SAP_CSV, bayportKey);
    expect(first.statusCode).toBe(200);
    expect(first.json<WorkOrderImportReport>()).toMatchObject({
      applied: true, created: 3, updated: 0, unchanged: 0, refused: 0,
      rows: [
        { row: 2, workOrderNumber: '4100001', siteId: 1, outcome: 'created' },
        { row: 3, workOrderNumber: '4100001', siteId: 1, outcome: 'created' },
        { row: 4, workOrderNumber: '4100002', siteId: 1, outcome: 'created' },
      ],
    });
    const [pump] = await stored('4100001');
    expect(pump).toMatchObject({
      site_id: 1, description: 'Replace seal on crude pump', status: ['REL', 'PRC'], asset_number: '10-P-101A', asset_description: 'Crude charge pump A',
      order_type: 'PM01', plant_code: 'BP01', equipment_number: '10004711', source_system: 'SAP', work_center_name: 'MECH-CDU', start: '2026-11-25T07:30',
    });
    expect(pump!.operations).toEqual([
      expect.objectContaining({ operationNumber: '0010', operationDescription: 'Isolate pump', resources: ['OPS'], operationStatus: ['REL', 'PRC'] }),
      expect.objectContaining({ operationNumber: '0020', operationDescription: 'Replace mechanical seal', resources: ['MECH'] }),
    ]);
    expect((await stored('4100002'))[0]).toMatchObject({ start: '2026-11-27T00:00', operations: [] });

    const again = await importFile(SAP_CSV, bayportKey);
    expect(again.json()).toMatchObject({ applied: true, created: 0, updated: 0, unchanged: 3 });
    const changed = await importFile(SAP_CSV.replace('SCHED', 'INPROG'), bayportKey);
    expect(changed.json()).toMatchObject({ created: 0, updated: 1, unchanged: 2 });
    expect((await stored('4100002'))[0]).toMatchObject({ status: ['INPROG'] });
  });

  it('reads Oracle eAM column names, quoted fields and its DD-MON-YYYY dates', async () => {
    const response = await importFile(ORACLE_CSV, admin, '?SiteId=2');
    expect(response.json()).toMatchObject({ applied: true, created: 1 });
    expect((await stored('NF-77001'))[0]).toMatchObject({
      site_id: 2, description: 'Inspect UREA/CO2 AREA scrubber, replace pad', status: ['On Hold'], source_system: 'Oracle', order_type: 'Corrective', start: '2026-11-26T06:00',
      operations: [expect.objectContaining({ operationNumber: '10', resources: ['OPERATOR'] })],
    });
  });

  it('takes JSON in our own field names, operations included', async () => {
    const order = {
      workOrderNumber: 'J-1', workOrderDescription: 'Replace thermocouple', workOrderStatus: ['REL'], assetNumber: '21-TI-140', siteId: 1, sourceSystem: 'SAP',
      scheduledStart: '2026-11-28T08:00:00Z', operations: [{ operationNumber: '0010', operationDescription: 'Isolate', resources: ['OPS'] }],
    };
    const response = await importFile({ workOrders: [order] }, bayportKey);
    expect(response.json()).toMatchObject({ applied: true, created: 1 });
    expect((await stored('J-1'))[0]).toMatchObject({ start: '2026-11-28T08:00', operations: [expect.objectContaining({ operationNumber: '0010', operationStatus: [], systemStatus: [] })] });
  });

  it('refuses bad rows with their reasons and applies nothing of that file, unless asked to apply the rest', async () => {
    const rows = [
      { AUFNR: 'R-1', KTEXT: 'Good row', GSTRP: '2026-11-30' },
      { AUFNR: 'R-2', KTEXT: 'Bad date', GSTRP: '31.02.2026' },
      { KTEXT: 'No number', GSTRP: '2026-11-30' },
      { AUFNR: 'R-3', KTEXT: 'Other site', GSTRP: '2026-11-30', siteId: 2 },
      { workOrderNumber: 'R-4', scheduledStart: '2026-11-30' },
    ];
    const strict = await importFile(rows, bayportKey);
    expect(strict.statusCode).toBe(422);
    expect(strict.json<WorkOrderImportReport>()).toMatchObject({
      applied: false, created: 1, updated: 0, unchanged: 0, refused: 4,
      rows: [
        { row: 1, workOrderNumber: 'R-1', siteId: 1, outcome: 'created' },
        { row: 2, workOrderNumber: 'R-2', siteId: 1, outcome: 'refused', reason: "The scheduled start '31.02.2026' is not a date: use YYYY-MM-DD, DD.MM.YYYY or DD-MON-YYYY, with an optional time." },
        { row: 3, workOrderNumber: null, siteId: 1, outcome: 'refused', reason: 'The row has no work order number.' },
        { row: 4, workOrderNumber: 'R-3', siteId: null, outcome: 'refused', reason: 'This service key may import work orders of site 1 only, not of site 2.' },
        { row: 5, workOrderNumber: 'R-4', siteId: 1, outcome: 'refused', reason: 'Say which system the row comes from: a sourceSystem of SAP or Oracle, or SAP PM or Oracle eAM column names.' },
      ],
    });
    expect(await stored('R-1')).toEqual([]);

    const partial = await importFile(rows, bayportKey, '?partial=true');
    expect(partial.statusCode).toBe(200);
    expect(partial.json()).toMatchObject({ applied: true, created: 1, refused: 4 });
    expect(await stored('R-1')).toHaveLength(1);
  });

  it('refuses a whole order when one of its operation lines is bad', async () => {
    const csv = ['AUFNR,KTEXT,GSTRP,VORNR,LTXA1', 'G-1,Two lines,2026-11-30,0010,Isolate', 'G-1,Two lines,not a date,0020,Work'].join('\n');
    const response = await importFile(csv, bayportKey, '?partial=true');
    expect(response.json()).toMatchObject({
      applied: true, created: 0, refused: 2,
      rows: [{ row: 2, outcome: 'refused', reason: 'Row 3 of the same work order was refused.' }, { row: 3, outcome: 'refused' }],
    });
    expect(await stored('G-1')).toEqual([]);
  });

  it('answers a CSV it cannot read with 400 naming the line, and changes nothing', async () => {
    const ragged = ['AUFNR,KTEXT,GSTRP', 'B-1,Fine,2026-11-30', 'B-2,Missing a column'].join('\n');
    const response = await importFile(ragged, bayportKey);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^The CSV file could not be read at line 3: .*Correct that line and send the file again\.$/);
    expect(await stored('B-1')).toEqual([]);

    const headless = await importFile('Number,Text\n1,2', bayportKey);
    expect(headless.statusCode).toBe(400);
    expect(headless.json().message).toBe('The CSV header (line 1) names no work order number column: use one of workOrderNumber, AUFNR or Order (SAP PM), WIP_ENTITY_NAME or Work Order (Oracle eAM).');
  });

  it('lets only a live service key or an administrator import', async () => {
    const body = [{ AUFNR: 'A-1', GSTRP: '2026-11-30' }];
    expect((await importFile(body, '')).statusCode).toBe(401);
    const forged = await importFile(body, `${bayportKey.slice(0, -4)}AAAA`);
    expect(forged.statusCode).toBe(401);
    expect(forged.json().message).toMatch(/service key is not valid/);
    const issuer = await importFile(body, await server.employeeToken('issuer@demo.test'));
    expect(issuer.statusCode).toBe(403);
    expect((await server.request({ method: 'POST', url: '/api/servicekeys', token: await server.employeeToken('issuer@demo.test'), payload: { Name: 'x', SiteId: 1 } })).statusCode).toBe(403);

    const [{ service_key_id: id } = { service_key_id: '' }] = await server.db.query<{ service_key_id: string }>('select service_key_id from service_keys');
    expect((await server.request({ method: 'DELETE', url: `/api/servicekeys/${id}`, token: admin })).statusCode).toBe(204);
    expect((await importFile(body, bayportKey)).statusCode).toBe(401);
  });
});
