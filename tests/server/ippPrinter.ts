import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readPrinterState } from '../../server/print/printers';

/**
 * A real IPP Everywhere printer (Debian's ippeveprinter, from cups-ipp-utils) that keeps every
 * job it receives as a file. It needs DNS-SD, so the system D-Bus and Avahi are started first
 * when they are not running (CI runs as root on a fresh machine).
 */
export interface TestPrinter {
  uri: string;
  spool: string;
  /** The files of the jobs received so far, oldest first. */
  jobs(): string[];
  /** Freezes the printer's process (SIGSTOP): it stops answering, as a printer switched off mid-shift. */
  freeze(): void;
  thaw(): void;
  stop(): Promise<void>;
}

const succeeds = (command: string, args: string[]): boolean => {
  try {
    execFileSync(command, args, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

/**
 * Starts D-Bus and Avahi when they are not answering. A daemon that died leaves its socket and
 * pid file behind, and a new one refuses to start over them: those are removed first.
 */
function ensureDnsSd(): void {
  const busAnswers = () =>
    succeeds('dbus-send', ['--system', '--print-reply', '--dest=org.freedesktop.DBus', '/org/freedesktop/DBus', 'org.freedesktop.DBus.GetId']);
  let busRestarted = false;
  if (!busAnswers()) {
    mkdirSync('/run/dbus', { recursive: true });
    rmSync('/run/dbus/system_bus_socket', { force: true });
    rmSync('/run/dbus/pid', { force: true });
    execFileSync('dbus-daemon', ['--system', '--fork']);
    busRestarted = true;
  }
  // An Avahi that outlived its bus is of no use to ippeveprinter.
  if (busRestarted) succeeds('avahi-daemon', ['--kill']);
  if (!succeeds('avahi-daemon', ['--check'])) {
    rmSync('/run/avahi-daemon/pid', { force: true });
    execFileSync('avahi-daemon', ['-D', '--no-drop-root']);
  }
}

export async function startTestPrinter(port: number, name = 'OpenPermit Test Printer'): Promise<TestPrinter> {
  ensureDnsSd();
  const spool = mkdtempSync(join(tmpdir(), 'openpermit-ipp-'));
  const child: ChildProcess = spawn('ippeveprinter', ['-p', String(port), '-d', spool, '-f', 'application/pdf', '-k', name], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const uri = `ipp://localhost:${port}/ipp/print`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`ippeveprinter exited: ${stderr}`);
    if ((await readPrinterState(uri, spool)).Online) break;
    if (Date.now() > deadline) throw new Error(`ippeveprinter did not answer on ${uri}: ${stderr}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.pdf') ? [join(dir, e.name)] : []));
  return {
    uri,
    spool,
    jobs: () => files(spool).sort(),
    freeze: () => child.kill('SIGSTOP'),
    thaw: () => child.kill('SIGCONT'),
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGCONT');
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(spool, { recursive: true, force: true });
    },
  };
}
