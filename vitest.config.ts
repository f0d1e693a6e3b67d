import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// Workspace packages resolve to their TypeScript sources; everything else as Vite's defaults.
const conditions = ['@remediation/source', 'module', 'node', 'development|production'];

const project = (name: string, root: string) => ({
  extends: true as const,
  test: { name, root: here(root), include: ['src/**/*.test.ts', 'test/**/*.test.ts'] },
});

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: {
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: [here('./test/global-setup.ts')],
    reporters: ['default'],
    projects: [
      project('contracts', 'packages/contracts'),
      project('db', 'packages/db'),
      project('runtime', 'packages/runtime'),
      project('security', 'packages/security'),
      project('accounts', 'packages/accounts'),
      project('dashboard', 'packages/dashboard'),
      project('sarif', 'packages/sarif'),
      project('cli', 'packages/cli'),
      project('codemods', 'packages/codemods'),
      project('source', 'packages/source'),
      project('forges', 'packages/forges'),
      project('triage-engine', 'packages/triage-engine'),
      project('api-gateway', 'services/api-gateway'),
      project('sarif-ingest', 'services/sarif-ingest'),
      project('triage', 'services/triage'),
      project('fixer', 'services/fixer'),
      project('pr-publisher', 'services/pr-publisher'),
      project('webhook-dispatcher', 'services/webhook-dispatcher'),
      project('deploy', 'deploy'),
      {
        extends: true as const,
        test: {
          name: 'e2e',
          root: here('test/e2e'),
          include: ['**/*.test.ts'],
          testTimeout: 120_000,
        },
      },
    ],
  },
});
