// `npm run audit`: the packages the product ships (no dev tools) must have no known high or
// critical vulnerability. Fails on one. A registry that does not serve npm's advisory service
// (a mirror, a closed site network) gives no verdict: that is said plainly, and fails only with
// AUDIT_REQUIRED=1, so a build on such a network is not blocked by what it cannot ask.
import { spawnSync } from 'node:child_process';

const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8' });
let report;
try {
  report = JSON.parse(run.stdout);
} catch {
  console.error(`npm audit gave no report (exit ${run.status}):\n${run.stderr}`);
  process.exit(1);
}

if (report.error || !report.metadata) {
  console.warn(`npm audit: the registry's advisory service did not answer (${report.message ?? report.error?.summary ?? 'no report'}); no verdict on known vulnerabilities.`);
  process.exit(process.env.AUDIT_REQUIRED === '1' ? 1 : 0);
}

const { high = 0, critical = 0, moderate = 0, low = 0 } = report.metadata.vulnerabilities;
const serious = Object.values(report.vulnerabilities ?? {}).filter((v) => v.severity === 'high' || v.severity === 'critical');
for (const v of serious) console.error(`${v.severity}: ${v.name} ${v.range} — ${v.via.map((via) => (typeof via === 'string' ? via : via.title)).join('; ')}`);
console.log(`npm audit (production packages): ${critical} critical, ${high} high, ${moderate} moderate, ${low} low.`);
process.exit(high + critical > 0 ? 1 : 0);
