// `npm run audit:verify`: walks the audit trail's hash chain in the database the server uses
// (DATABASE_URL, else the PGlite in DATA_DIR; stop a server that uses that PGlite folder first,
// or ask GET /api/audit/verify) and reports the first broken link. Exit 0 when whole, 1 when broken.
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/database';
import { verifyChain } from '../server/audit/verify';

const db = await openDatabase(loadConfig());
try {
  const [ready] = await db.query<{ yes: boolean }>(`select to_regclass('audit_head') is not null as yes`);
  if (!ready?.yes) {
    console.error('This database has no audit chain yet (migration 018): start the server once to migrate it.');
    process.exitCode = 2;
  } else {
    const report = await verifyChain(db);
    if (report.ok) {
      console.log(`The audit chain is whole: ${report.checked} events, head event ${report.headId}, hash ${report.headHash}.`);
    } else {
      const broken = report.firstBreak!;
      console.error(`The audit chain is broken at event ${broken.id} (${broken.problem}): ${broken.message}`);
      if (broken.expected !== undefined) console.error(`  expected ${broken.expected}\n  found    ${broken.found ?? '(none)'}`);
      console.error(`${report.checked} events before it are whole; the last of them is ${report.headId}, hash ${report.headHash}.`);
      process.exitCode = 1;
    }
  }
} finally {
  await db.close();
}
