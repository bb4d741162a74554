/**
 * List keystroke (issue 13): on the real app's /permits/list, with the replica holding the
 * bench user's permits and the CPU slowed ×4, each character typed into 'Filter permits' until
 * the frame that shows the list for the new text. Words a user looks for (a job, an asset, a
 * company, an issuer), typed one key at a time at a typist's pace; the box is cleared between
 * words.
 */
import type { ElementHandle, Page } from 'playwright';
import { profiled } from '../cpuProfile';
import { traced } from '../trace';
import { throttleCpu, type AppDevice } from './appDevice';

/** Each word matches some of the seeded permits (server/seed/benchPermits.ts), narrowing as it is typed. */
const WORDS = ['weld repai', 'vacuum col', 'gulf coast', 'erect scaf', 'priya rama', 'crude char'];
/** Typed first and not counted: the first keys after the page opened meet cold code. */
const WARM_UP_WORD = 'tank 31 cr';
/** Between keys, about a typist's pace; each key is measured on its own, never queued behind the last. */
const KEY_GAP_MS = 150;
const CPU_RATE = 4;

type Probed = Window & { keystroke?: Promise<number> };

/**
 * Arms the page for one key: from the keydown's own time stamp to the task after the next frame
 * following the commit that renders `text` as the filter, so that frame's style, layout and paint
 * count. React sets the input's value attribute in the same commit as the list and its count,
 * and does so even when the cards do not change.
 */
async function arm(page: Page, input: ElementHandle<HTMLInputElement>, text: string): Promise<void> {
  await page.evaluate(
    ([field, expected]) => {
      (window as Probed).keystroke = new Promise<number>((resolve, reject) => {
        let start = Number.NaN;
        window.addEventListener('keydown', (event) => (start = event.timeStamp), { capture: true, once: true });
        const observer = new MutationObserver(() => {
          if (field.getAttribute('value') !== expected) return;
          observer.disconnect();
          performance.mark(`committed "${expected}"`);
          requestAnimationFrame(() => {
            const channel = new MessageChannel();
            channel.port1.onmessage = () => {
              const end = performance.now();
              // Named for traces (BENCH_TRACE): the key's span among the main thread's tasks.
              performance.measure(`keystroke "${expected}"`, { start, end });
              resolve(end - start);
            };
            channel.port2.postMessage(null);
          });
        });
        observer.observe(field, { attributes: true, attributeFilter: ['value'] });
        setTimeout(() => reject(new Error(`The list did not show "${expected}" within 30 s.`)), 30_000);
      });
    },
    [input, text] as const,
  );
}

async function typeWord(page: Page, input: ElementHandle<HTMLInputElement>, word: string, keys: number): Promise<number[]> {
  const samples: number[] = [];
  await input.click();
  for (let i = 0; i < keys; i++) {
    await arm(page, input, word.slice(0, i + 1));
    await page.keyboard.type(word[i]!);
    samples.push(await page.evaluate(() => (window as Probed).keystroke!));
    await page.waitForTimeout(KEY_GAP_MS);
  }
  return samples;
}

/** The list's "{n} permits" line, or 'none' when nothing matched. */
async function shown(page: Page): Promise<string> {
  const count = page.getByRole('main').getByText(/^\d+ permits?$/);
  return (await count.count()) > 0 ? await count.innerText() : 'none';
}

async function clear(page: Page, input: ElementHandle<HTMLInputElement>): Promise<void> {
  await input.fill('');
  await page.waitForFunction((field) => field.getAttribute('value') === '', input);
  await page.waitForTimeout(4 * KEY_GAP_MS);
}

/** `keystrokes` measured keys (ms each), over WORDS in turn. */
export async function measureListKeystrokes(device: AppDevice, keystrokes: number, log: (line: string) => void): Promise<number[]> {
  const { page } = device;
  await page.goto(`${device.url}/permits/list`);
  await page.getByRole('main').getByText(/^\d+ permits?$/).waitFor({ timeout: 60_000 });
  log(`  /permits/list shows ${await shown(page)} (its default states) of the replica's permits`);
  const input = (await page.getByRole('main').getByRole('textbox', { name: 'Filter permits' }).elementHandle()) as ElementHandle<HTMLInputElement>;
  const cdp = await throttleCpu(device.context, page, CPU_RATE);
  try {
    const warmUp = await typeWord(page, input, WARM_UP_WORD, WARM_UP_WORD.length);
    log(`  warm-up '${WARM_UP_WORD}' → ${await shown(page)}: ${warmUp.map(Math.round).join(' ')} ms`);
    await clear(page, input);
    return await traced(page, 'list-keystrokes', () => profiled(page, 'list-keystrokes', async () => {
      const samples: number[] = [];
      for (let w = 0; samples.length < keystrokes; w++) {
        const word = WORDS[w % WORDS.length]!;
        const keys = await typeWord(page, input, word, Math.min(word.length, keystrokes - samples.length));
        log(`  '${word.slice(0, keys.length)}' → ${await shown(page)}: ${keys.map(Math.round).join(' ')} ms`);
        samples.push(...keys);
        await clear(page, input);
      }
      return samples;
    }));
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.detach();
  }
}
