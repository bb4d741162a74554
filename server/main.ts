import { execFileSync } from 'node:child_process';
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { migrate } from './db/migrate';
import { buildApp } from './app';
import { drainAndClose } from './http/drain';
import { DEMO_PASSWORD, DEMO_USERS, hasDemoUsers, seedDemoIfEmpty } from './seed/demo';

function gitRevision(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
  } catch {
    return 'dev';
  }
}

const config = loadConfig();
if (config.revision === 'dev') config.revision = gitRevision();

const db = await openDatabase(config);
const applied = await migrate(db);
if (config.seedDemo) await seedDemoIfEmpty(db);
const app = await buildApp(config, db);
if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrated');

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal, drainSeconds: config.drainSeconds }, 'shutting down');
  // Readiness fails first, then the server stops taking requests and lets those under way finish; then the database closes.
  await drainAndClose(app, config.drainSeconds);
  await db.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
const lines = [
  '',
  `OpenPermit ${config.version} (${config.revision}) is running at ${config.publicUrl}`,
  `Database: ${db.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL'}`,
];
if (await hasDemoUsers(db)) {
  lines.push(`Demo sign-ins (password ${DEMO_PASSWORD}):`);
  for (const user of DEMO_USERS) lines.push(`  ${user.email.padEnd(22)} ${user.description}`);
}
console.log(lines.join('\n') + '\n');
