import { getConfig } from '../../replication/api';
import type { PublicConfig } from '../../schemas';

const STORAGE_KEY = 'openpermit.config';

function stored(): PublicConfig | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    return raw ? (JSON.parse(raw) as PublicConfig) : null;
  } catch {
    return null;
  }
}

function store(config: PublicConfig): PublicConfig {
  localStorage.setItem(STORAGE_KEY, JSON.stringify(config));
  return config;
}

/**
 * The public config (identity provider, version). A device that has seen it starts with its
 * copy, so the app opens with no connection or a slow one; the server's answer replaces the
 * copy for the next start (the identity provider changes rarely, and only by configuration).
 */
export async function loadPublicConfig(): Promise<PublicConfig> {
  const copy = stored();
  if (!copy) return store(await getConfig());
  getConfig().then(store, () => undefined);
  return copy;
}
