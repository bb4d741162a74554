/** The seeded demo site (server/seed): every demo user shares this password. */
export const DEMO_PASSWORD = 'Demo#2026';

export const users = {
  admin: { email: 'admin@demo.test', name: 'Alex Morgan' },
  issuer: { email: 'issuer@demo.test', name: 'Priya Raman' },
  viewer: { email: 'viewer@demo.test', name: 'Victor Okafor' },
  contractor: { email: 'contractor@demo.test', name: 'Carlos Mendes' },
  nohome: { email: 'nohome@demo.test', name: 'Nora Hale' },
  noaccess: { email: 'noaccess@demo.test', name: 'Noah Park' },
} as const;
