import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newId, type Db } from '@remediation/db';
import { generateToken } from '@remediation/security';
import { RECEIVER_CA_FILE } from '../dashboard/receiver.js';
import type { ServiceName, Stack } from '../stack.js';
import { insertTenant } from '../support/tenant.js';

/** A session id from Math.random: CodeQL's js/insecure-randomness, which has a codemod. */
export const SESSION_JS = `'use strict';

const express = require('express');

function newSessionId() {
  return Math.random().toString(36).slice(2);
}

module.exports = { newSessionId, express };
`;

/** The environment every service of these tests runs with (local repositories and receivers). */
export const pipelineEnv = (): Record<string, string> => ({
  WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
  WEBHOOK_CA_FILE: RECEIVER_CA_FILE,
  GIT_ALLOWED_PROTOCOLS: 'file',
  GIT_MIRROR_DIR: mkdtempSync(join(tmpdir(), 'observability-mirrors-')),
});

/** An organization without rate limits, one repository cloned from `cloneUrl`, an org token. */
export const createTenant = async (db: Db, cloneUrl: string) => {
  const t = await insertTenant(db, cloneUrl, { auto_fix: true, auto_pr: true });
  await db
    .updateTable('organizations')
    .set({ rate_limit_rpm: 1_000_000, rate_limit_burst: 1_000_000 })
    .where('id', '=', t.orgId)
    .execute();
  const generated = generateToken();
  await db
    .insertInto('api_tokens')
    .values({
      id: newId(),
      organization_id: t.orgId,
      name: 'ci',
      token_hash: generated.hash,
      display_prefix: generated.displayPrefix,
      scope: 'organization',
      repository_id: null,
      expires_at: null,
      revoked_at: null,
    })
    .execute();
  return { ...t, token: generated.token };
};

/** One CodeQL result on `src/session.js` of SESSION_JS at `commit`. */
export const sessionSarif = (repositoryUri: string, commit: string) => ({
  version: '2.1.0',
  $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
  runs: [
    {
      tool: { driver: { name: 'CodeQL', rules: [{ id: 'js/insecure-randomness' }] } },
      versionControlProvenance: [{ repositoryUri, revisionId: commit }],
      results: [
        {
          ruleId: 'js/insecure-randomness',
          level: 'warning',
          message: { text: 'Insecure randomness used for a session id.' },
          locations: [
            {
              physicalLocation: {
                artifactLocation: { uri: 'src/session.js' },
                region: { startLine: 6, startColumn: 10, endLine: 6, endColumn: 23 },
              },
            },
          ],
        },
      ],
    },
  ],
});

/** The API as the tenant's token: JSON in, Response out. */
export const apiClient =
  (stack: Stack, token: string) =>
  (method: string, path: string, body?: unknown): Promise<Response> =>
    fetch(`${stack.url}/v1${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

/** Polls (bounded) until `check` returns a value; the services' recent output on timeout. */
export const waitFor = async <T>(
  stack: Stack,
  services: readonly ServiceName[],
  what: string,
  check: () => T | undefined | Promise<T | undefined>,
  timeoutMs = 90_000,
): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) {
      const logs = services.map((s) => `--- ${s}\n${stack.output(s).slice(-3000)}`).join('\n');
      throw new Error(`timed out waiting for ${what}\n${logs}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
};
