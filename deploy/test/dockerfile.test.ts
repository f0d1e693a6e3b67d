import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validate } from 'dockerfile-utils';
import { describe, expect, it } from 'vitest';
import { checkDockerfile, checkServiceEntrypoints } from '../src/checks/dockerfile-rules.js';
import { parseDockerIgnore } from '../src/checks/dockerignore.js';
import { listServices, readRepoFile, REPO_ROOT } from '../src/repo.js';

const DOCKERFILE = readRepoFile('deploy', 'Dockerfile');

describe('deploy/Dockerfile', () => {
  it('when linted (dockerfile-utils), then it has no problem', () => {
    const problems = validate(DOCKERFILE).map(
      (d) =>
        `${d.range.start.line + 1}: ${typeof d.message === 'string' ? d.message : d.message.value}`,
    );
    expect(problems).toEqual([]);
  });

  it('when checked against the image rules, then every rule holds', () => {
    expect(checkDockerfile(DOCKERFILE, REPO_ROOT)).toEqual([]);
  });

  it('when built offline or with the classic builder, then it needs no frontend image and no BuildKit-only flag', () => {
    // A `# syntax=` line makes BuildKit pull a frontend image first; RUN --mount, COPY --chmod
    // and heredocs fail on the engine's classic builder (scripts/image-test.sh's fallback).
    expect(DOCKERFILE).not.toMatch(/^#\s*syntax\s*=/im);
    expect(DOCKERFILE).not.toMatch(/^\s*RUN\s+--mount/im);
    expect(DOCKERFILE).not.toMatch(/^\s*(COPY|ADD)\b[^\n]*--chmod/im);
    expect(DOCKERFILE).not.toMatch(/<<-?\s*['"]?[A-Z]+/);
  });

  it('when built behind a mirror, then the base image, npm registry and CA are build arguments', () => {
    expect(DOCKERFILE).toMatch(/^ARG NODE_IMAGE=/m);
    expect(DOCKERFILE).toMatch(/^ARG NPM_REGISTRY=/m);
    expect(DOCKERFILE).toMatch(/^ARG NPM_CA=/m);
  });

  it('when the entrypoint starts a service, then every service under services/ starts that way', () => {
    expect(checkServiceEntrypoints(REPO_ROOT, listServices())).toEqual([]);
  });

  it('when the entrypoint script is in the build context, then .dockerignore keeps it and drops build output', () => {
    const ignore = parseDockerIgnore(readRepoFile('.dockerignore'));
    expect(ignore.ignores('deploy/docker-entrypoint.sh')).toBe(false);
    expect(ignore.ignores('services/api-gateway/src/main.ts')).toBe(false);
    expect(ignore.ignores('pnpm-lock.yaml')).toBe(false);
    expect(ignore.ignores('services/api-gateway/dist/main.js')).toBe(true);
    expect(ignore.ignores('packages/db/node_modules/kysely/package.json')).toBe(true);
    expect(ignore.ignores('.env')).toBe(true);
    expect(ignore.ignores('deploy/values-production.yaml')).toBe(true);
  });
});

describe('the Dockerfile rules', () => {
  const variant = (from: string, to: string) => {
    expect(DOCKERFILE).toContain(from);
    return checkDockerfile(DOCKERFILE.replace(from, to), REPO_ROOT);
  };

  it('when the base image is a floating tag, then the pin rule fails', () => {
    expect(
      variant('ARG NODE_IMAGE=node:24.21.0-bookworm-slim', 'ARG NODE_IMAGE=node:24-slim'),
    ).toEqual([
      'FROM node:24-slim: pin the base image to a full version or a digest',
      'FROM node:24-slim: pin the base image to a full version or a digest',
    ]);
  });

  it('when the image runs as root or a named user, then the user rule fails', () => {
    expect(variant('USER 10001:10001', 'USER remediation')).toContain(
      'the final stage must end with USER <numeric uid>[:<gid>] other than 0',
    );
  });

  it('when apt leaves its lists or installs recommends, then the apt rules fail', () => {
    expect(variant(' && rm -rf /var/lib/apt/lists/* \\\n', '')).toContain(
      'apt-get install without removing /var/lib/apt/lists in the same RUN',
    );
    expect(variant('install -y --no-install-recommends git', 'install -y git')).toContain(
      'apt-get install without --no-install-recommends',
    );
  });

  it('when a secret is baked into ENV or ARG, or a URL is ADDed, then the rules fail', () => {
    expect(variant('ARG REVISION=unknown', 'ARG GITHUB_TOKEN=abc')).toContain(
      'ARG GITHUB_TOKEN: no secrets in the image',
    );
    expect(
      variant('ENV NODE_ENV=production \\', 'ENV DB_PASSWORD=x NODE_ENV=production \\'),
    ).toContain('ENV DB_PASSWORD: no secrets in the image');
    expect(
      variant('WORKDIR /app\n', 'WORKDIR /app\nADD https://example.com/tool.tgz /tmp/\n'),
    ).toContain('ADD https://example.com/tool.tgz /tmp/: never ADD a URL');
  });

  it('when a COPY source is missing or ignored, or the healthcheck uses curl, then the rules fail', () => {
    expect(variant('deploy/docker-entrypoint.sh /usr', 'deploy/missing.sh /usr')).toContain(
      'COPY deploy/missing.sh: no such file in the repository',
    );
    expect(
      variant('deploy/docker-entrypoint.sh /usr', 'deploy/values-production.yaml /usr'),
    ).toContain('COPY deploy/values-production.yaml: excluded by .dockerignore');
    expect(
      variant(
        'CMD ["node", "-e",',
        'CMD ["curl", "-f", "http://127.0.0.1:$HEALTH_PORT/livez", "-e",',
      ),
    ).toContain('HEALTHCHECK must not need curl or wget (use node)');
  });

  it('when a service starts differently from the entrypoint convention, then it is reported', () => {
    const root = mkdtempSync(join(tmpdir(), 'entrypoint-rules-'));
    try {
      mkdirSync(join(root, 'services', 'odd', 'src'), { recursive: true });
      writeFileSync(
        join(root, 'services', 'odd', 'package.json'),
        '{"scripts":{"start":"node dist/main.js"}}',
      );
      writeFileSync(join(root, 'services', 'odd', 'src', 'main.ts'), '');
      expect(checkServiceEntrypoints(root, ['odd'])).toEqual([
        'services/odd: the start script must be "node --import ./dist/instrument.js dist/main.js" (docker-entrypoint.sh runs exactly that)',
        'services/odd: src/instrument.ts is missing (built to dist/ and started by the image)',
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
