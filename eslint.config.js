import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

const noUi = {
  patterns: [
    {
      group: ['react', 'react-dom', 'react-*', '@fluentui/*'],
      message: 'The core (schemas, domain, replication, server) must run without the UI (DESIGN.md §3).',
    },
  ],
};

export default tseslint.config(
  // dist-*/ and test-results-*/: builds and runs of one's own beside the shared ones (e2e/ownServer.ts honours STATIC_DIR).
  { ignores: ['dist/**', 'dist-*/**', 'node_modules/**', 'data/**', 'test-results/**', 'test-results-*/**', 'playwright-report/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['src/**', 'schemas/**', 'domain/**'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Only replication/ talks to the server (DESIGN.md §3, §4).' },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'window', property: 'fetch', message: 'Only replication/ talks to the server.' },
      ],
    },
  },
  { files: ['schemas/**', 'domain/**', 'replication/**', 'server/**'], rules: { 'no-restricted-imports': ['error', noUi] } },
  {
    files: ['schemas/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [...noUi.patterns, { group: ['../domain/*', '../replication/*', '../server/*', '../src/*'], message: 'schemas/ imports nothing of ours.' }] },
      ],
    },
  },
  {
    files: ['server/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [...noUi.patterns, { group: ['**/src/*', '../../src/*'], message: 'The server never imports the web app.' }] },
      ],
    },
  },
);
