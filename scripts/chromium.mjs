// Finds Chromium for the browser tests: CHROMIUM_PATH, else Debian's /usr/bin/chromium,
// installed with apt-get where that is possible. Browsers are never downloaded by the test tool.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export function ensureChromium() {
  const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (existsSync(path)) return path;
  const canInstall = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (!canInstall) {
    console.error(
      `Chromium was not found at ${path}. Install it (Debian/Ubuntu: sudo apt-get install chromium) ` +
        'or set CHROMIUM_PATH to a Chromium or Chrome executable, then run the tests again.',
    );
    process.exit(1);
  }
  console.log('Installing Chromium from Debian packages…');
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' });
  return path;
}
