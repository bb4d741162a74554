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

const answersOnBus = (destination: string, path: string, method: string) =>
  succeeds('dbus-send', ['--system', '--print-reply', `--dest=${destination}`, path, method]);
const busAnswers = () => answersOnBus('org.freedesktop.DBus', '/org/freedesktop/DBus', 'org.freedesktop.DBus.GetId');
const avahiAnswers = () => answersOnBus('org.freedesktop.Avahi', '/', 'org.freedesktop.Avahi.Server.GetVersionString');

async function until(answers: () => boolean, what: string): Promise<void> {
  for (const deadline = Date.now() + 10_000; !answers(); ) {
    if (Date.now() > deadline) throw new Error(`${what} was started but does not answer on the system bus`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Starts D-Bus and Avahi unless each answers on the bus. Asking them is the only sure check: a
 * daemon killed with the session that started it can linger as a zombie whose pid file still
 * passes `avahi-daemon --check`, and leaves a socket and pid file a new daemon refuses to start
 * over. A start may fail because a parallel test file started the same daemon a moment before:
 * what counts is that it answers afterwards.
 */
async function ensureDnsSd(): Promise<void> {
  if (!busAnswers()) {
    mkdirSync('/run/dbus', { recursive: true });
    rmSync('/run/dbus/system_bus_socket', { force: true });
    rmSync('/run/dbus/pid', { force: true });
    succeeds('dbus-daemon', ['--system', '--fork']);
    await until(busAnswers, 'D-Bus');
  }
  if (!avahiAnswers()) {
    succeeds('avahi-daemon', ['--kill']);
    rmSync('/run/avahi-daemon/pid', { force: true });
    succeeds('avahi-daemon', ['-D', '--no-drop-root']);
    await until(avahiAnswers, 'Avahi');
  }
}

export async function startTestPrinter(port: number, name = 'OpenPermit Test Printer'): Promise<TestPrinter> {
  await ensureDnsSd();
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
