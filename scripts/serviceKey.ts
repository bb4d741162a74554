// `npm run servicekey -- create --site 1 --name "SAP PM Bayport"` | `list` | `revoke <id>`
// Service keys of integrations (the ERP's work-order import), in the database the server uses
// (DATABASE_URL, else the PGlite in DATA_DIR). The key is printed once and stored only hashed.
import { parseArgs } from 'node:util';
import { audit, type Actor } from '../server/audit/record';
import { createServiceKey, listServiceKeys, revokeServiceKey } from '../server/auth/serviceKeys';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/database';
import { migrate } from '../server/db/migrate';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { site: { type: 'string' }, name: { type: 'string' } } });
const [command, id] = positionals;
/** Whoever runs this on the server machine: the operator, recorded as such in the audit trail. */
const OPERATOR: Actor = { id: null, name: 'Operator (npm run servicekey)', kind: 'system' };
const db = await openDatabase(loadConfig());
try {
  await migrate(db);
  if (command === 'create') {
    const site = Number(values.site);
    if (!Number.isInteger(site) || site < 1 || !values.name) throw new Error('Give the key a site and a name: npm run servicekey -- create --site 1 --name "SAP PM Bayport"');
    const name = values.name;
    const made = await db.transaction(async (tx) => {
      const created = await createServiceKey(tx, name, site, null);
      await audit(tx, OPERATOR, 'serviceKey.create', { type: 'system', id: `serviceKey/${created.serviceKey.ServiceKeyId}`, siteId: site }, { ServiceKeyId: created.serviceKey.ServiceKeyId, Name: name, SiteId: site });
      return created;
    });
    console.log(`Service key ${made.serviceKey.ServiceKeyId} for site ${site} (${values.name}). Keep it secret; it is not shown again:\n${made.key}`);
  } else if (command === 'list') {
    for (const k of await listServiceKeys(db)) console.log(`${k.ServiceKeyId}\tsite ${k.SiteId}\t${k.Name}\t${k.RevokedOn ? `revoked ${k.RevokedOn}` : `last used ${k.LastUsedOn ?? 'never'}`}`);
  } else if (command === 'revoke' && id) {
    const outcome = await db.transaction(async (tx) => {
      const revoked = await revokeServiceKey(tx, id);
      if (revoked === 'revoked') await audit(tx, OPERATOR, 'serviceKey.revoke', { type: 'system', id: `serviceKey/${id}` }, { ServiceKeyId: id });
      return revoked;
    });
    console.log(outcome === 'missing' ? `There is no service key ${id}.` : outcome === 'already' ? `${id} was revoked already.` : `Revoked ${id}.`);
  } else {
    throw new Error('Usage: npm run servicekey -- create --site N --name TEXT | list | revoke ID');
  }
} finally {
  await db.close();
}
