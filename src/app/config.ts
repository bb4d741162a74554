import { createContext, useContext } from 'react';
import type { PublicConfig } from '../../schemas';

/** The public config (GET /api/config), loaded once before the router renders. */
export const ConfigContext = createContext<PublicConfig | null>(null);

export function useConfig(): PublicConfig {
  const config = useContext(ConfigContext);
  if (!config) throw new Error('useConfig outside <Bootstrap>');
  return config;
}
