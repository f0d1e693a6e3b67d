import { defineConfig } from 'vitest/config';

const conditions = ['@remediation/source', 'node', 'import', 'module', 'default'];

const project = (name: string, root: string) => ({
  extends: true as const,
  test: { name, root, include: ['src/**/*.test.ts', 'test/**/*.test.ts'] },
});

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: conditions } },
  test: {
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: ['./test/global-setup.ts'],
    reporters: ['default'],
    projects: [
      project('contracts', 'packages/contracts'),
      project('db', 'packages/db'),
      project('runtime', 'packages/runtime'),
      project('security', 'packages/security'),
      project('cli', 'packages/cli'),
      project('api-gateway', 'services/api-gateway'),
    ],
  },
});
