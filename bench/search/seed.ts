/**
 * A million permits for the search benchmark, written set-based (generate_series) in one
 * statement, with triggers off and the indexes built after the load: a minute or two, not hours.
 * The text is varied so that each query of the bench hits a known share of rows:
 * a work description starts with one of six verbs (a broad term finds 1 in 6), issuers are one
 * of 40 people, asset numbers one of ~160,000.
 */
import type { Queryable } from '../../server/db/database';

const q = (values: string[]) => `array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')}]`;

export const VERBS = ['Weld', 'Inspect', 'Replace', 'Clean', 'Calibrate', 'Paint'];
const OBJECTS = ['tube support', 'pump seal', 'flange gasket', 'relief valve', 'instrument loop', 'handrail', 'strainer', 'bearing', 'nozzle', 'manway cover'];
const AREAS = [
  'Burner deck', 'Pipe rack 3', 'Pump bay north', 'Pump bay south', 'Heater platform', 'Column top', 'Exchanger bank', 'Compressor deck',
  'Tank dike', 'Loading rack', 'Flare knockout', 'Cooling tower', 'Boiler house', 'Control room roof', 'Reactor skirt', 'Scrubber base',
  'Drum level 2', 'Air cooler walkway', 'Separator pad', 'Metering skid', 'Sump pit', 'Pig launcher', 'Substation 2', 'Dock 4',
  'Blowdown drum', 'Analyzer house', 'Steam header', 'Fired heater pass 3', 'Vacuum jet deck', 'Relief header',
];
const FIRST = ['Grace', 'Marcus', 'Priya', 'Daniel', 'Aisha', 'Tom', 'Lucia', 'Kenji', 'Fatima', 'Oscar'];
const LAST = ['Thompson', 'Okafor', 'Nguyen', 'Schmidt'];
const ASSET_TYPES = ['P', 'F', 'E', 'V', 'T', 'C'];
const ASSET_DESCRIPTIONS = [
  'Crude charge pump', 'Atmospheric heater', 'Overhead condenser', 'Desalter vessel', 'Product storage tank', 'Recycle gas compressor',
  'Reflux drum', 'Feed preheat exchanger', 'Stripper column', 'Flare drum', 'Amine contactor', 'Sour water stripper',
  'Wash water pump', 'Lube oil cooler', 'Fuel gas drum', 'Cooling water pump', 'Air cooler fan', 'Boiler feed pump', 'Slop tank', 'Knockout drum',
];
const COMPANIES = ['Gulf Coast Welding', 'Bayou Scaffolding', 'Lone Star Insulation', 'Apex Inspection', 'Delta Painting', 'Harbor Rigging', 'Prairie Electric', 'Demo Energy'];
const STATES = ['DRAFT', 'PRE-APPROVAL', 'PENDING', 'APPROVED', 'CLOSING', 'TIMEOUT', 'REJECTED', 'COMPLETED', 'COMPLETED', 'COMPLETED', 'REVOKED'];
const LOCATIONS = [100, 110, 111, 112, 120, 121, 200, 210, 211, 210200, 210210];
const TYPES = [
  { Name: 'HotWork', Label: 'Hot Work', prefix: 'HW' },
  { Name: 'ConfinedSpace', Label: 'Confined Space', prefix: 'CS' },
  { Name: 'ColdWork', Label: 'Cold Work', prefix: 'CW' },
];

const pick = (values: string, r: string) => `(${values})[1 + floor(${r} * array_length(${values}, 1))::int]`;

/** Indexes the load drops and builds again (every index of `permits` but its primary key). */
async function permitIndexes(db: Queryable): Promise<{ name: string; definition: string }[]> {
  return db.query(`select indexname as name, indexdef as definition from pg_indexes where tablename = 'permits' and indexname <> 'permits_pkey'`);
}

export async function seedMillion(db: Queryable, count: number, log: (line: string) => void): Promise<void> {
  const indexes = await permitIndexes(db);
  const started = performance.now();
  await db.exec(`set session_replication_role = replica; set maintenance_work_mem = '256MB'; ${indexes.map((i) => `drop index ${i.name};`).join(' ')}`);
  const type = `(${q(TYPES.map((t) => JSON.stringify([{ Name: t.Name, Label: t.Label }])))})[1 + n % 3]::jsonb`;
  const location = `(array[${LOCATIONS.join(', ')}])[1 + floor(r1 * ${LOCATIONS.length})::int]`;
  await db.query(
    `insert into permits (permit_instance_id, reference_id, permit_definition_id, state, created_by, created_on, site_id, location_id,
       permit_types, asset_number, asset_description, work_order_number, work_description, company_name, work_date, work_location,
       permit_issuer, permit_receiver, location_history, date_changed)
     select 'bench-' || n,
            (${q(TYPES.map((t) => t.prefix))})[1 + n % 3] || '-' || to_char(created, 'YYYY') || '-' || lpad(n::text, 7, '0'),
            'bench-search-v1', ${pick(q(STATES), 'r2')}, 1, created, case when location < 200 then 1 else 2 end, location, ${type},
            asset, asset_description, lpad((4000000000 + n)::text, 10, '0'),
            jsonb_build_array(jsonb_build_object('parentForm', 'Permit', 'workDescription',
              ${pick(q(VERBS), 'r3')} || ' ' || ${pick(q(OBJECTS), 'r4')} || ' on ' || asset)),
            ${pick(q(COMPANIES), 'r5')}, to_char(created, 'YYYY-MM-DD'), ${pick(q(AREAS), 'r6')},
            ${pick(q(FIRST), 'r7')} || ' ' || ${pick(q(LAST), 'r8')}, ${pick(q(FIRST), 'r9')} || ' ' || ${pick(q(LAST), 'r5')},
            array[location], created
       from (select n, r1, r2, r3, r4, r5, r6, r7, r8, r9, created, ${location} as location,
                    (10 + floor(r1 * 30)::int) || '-' || ${pick(q(ASSET_TYPES), 'r2')} || '-' || (100 + floor(r3 * 900)::int) as asset,
                    ${pick(q(ASSET_DESCRIPTIONS), 'r4')} as asset_description
               from (select n, random() r1, random() r2, random() r3, random() r4, random() r5, random() r6, random() r7, random() r8, random() r9,
                            -- Newest last, as permits are written: the table's order follows CreatedOn, as in a real database.
                            now() - (($1::int - n) / $1::float8 * 1095 + random() * 0.5) * interval '1 day' as created
                       from generate_series(1, $1::int) n) g) s`,
    [count],
  );
  log(`  inserted ${count.toLocaleString('en-US')} permits in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  for (const index of indexes) {
    const at = performance.now();
    await db.exec(index.definition);
    log(`  index ${index.name} in ${((performance.now() - at) / 1000).toFixed(0)} s`);
  }
  await db.exec('set session_replication_role = origin; analyze permits;');
  log(`  seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}
