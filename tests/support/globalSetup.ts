import { writePgliteTemplate } from './pgliteTemplate';

/** vitest's and Playwright's global set-up: the run's migrated database (pgliteTemplate.ts). */
export default async function globalSetup(): Promise<() => void> {
  return writePgliteTemplate();
}
