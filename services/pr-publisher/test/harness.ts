import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unifiedDiff } from '@remediation/codemods';
import { QUEUES } from '@remediation/contracts';
import { newId, type Db } from '@remediation/db';
import { createTestDatabase, type TestDatabase } from '@remediation/db/testing';
import {
  createLogger,
  createProducer,
  createRedis,
  loadConfig,
  type Producer,
  type Redis,
} from '@remediation/runtime';
import { createSecretBox, parseKey, type SecretBox } from '@remediation/security';
import { saveRepositoryCredentials } from '@remediation/source-access';
import { insertIngestedScan, insertTenant, type Tenant } from '../../../test/e2e/support/tenant.js';
import { PublisherConfig } from '../src/config.js';
import { createPublisher, type Publisher } from '../src/publisher.js';

const REDIS_URL = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';

export interface Harness {
  db: Db;
  secretBox: SecretBox;
  publish: Producer<typeof QUEUES.prPublish>;
  forgeEvents: Producer<typeof QUEUES.forgeEvent>;
  refresh: Producer<typeof QUEUES.prRefresh>;
  start(env?: Record<string, string>): Publisher;
  /** A repository with a `generated` fix of `path` from `before` to `after` at `commit`. */
  generatedFix(options: {
    cloneUrl: string;
    provider?: 'github' | 'gitlab' | 'git';
    name?: string;
    commit: string;
    path: string;
    before: string;
    after: string;
    settings?: Record<string, unknown>;
    token?: string;
  }): Promise<{ tenant: Tenant; fixId: string; findingId: string }>;
  waitForFix(
    fixId: string,
    done: (status: string) => boolean,
    timeoutMs?: number,
  ): Promise<{ status: string; pr_url: string | null; publish_error: string | null }>;
  close(): Promise<void>;
}

export const createHarness = async (): Promise<Harness> => {
  const database: TestDatabase = await createTestDatabase();
  const { db } = database;
  const prefix = `test-${randomBytes(6).toString('hex')}`;
  const key = randomBytes(32).toString('base64');
  const secretBox = createSecretBox(parseKey(key));
  const mirrors = mkdtempSync(join(tmpdir(), 'publisher-mirrors-'));
  const redis: Redis[] = [];
  const connect = (role: 'worker' | 'producer') => {
    const r = createRedis(REDIS_URL, role);
    redis.push(r);
    return r;
  };
  const publish = createProducer(QUEUES.prPublish, { connection: connect('producer'), prefix });
  const forgeEvents = createProducer(QUEUES.forgeEvent, {
    connection: connect('producer'),
    prefix,
  });
  const refresh = createProducer(QUEUES.prRefresh, { connection: connect('producer'), prefix });
  const publishers: Publisher[] = [];
  const logger = createLogger({ service: 'pr-publisher-test', level: 'silent' });
  return {
    db,
    secretBox,
    publish,
    forgeEvents,
    refresh,
    start: (env = {}) => {
      const config = loadConfig(PublisherConfig, {
        DATABASE_URL: database.url,
        QUEUE_PREFIX: prefix,
        SECRETS_ENCRYPTION_KEY: key,
        GIT_ALLOWED_PROTOCOLS: 'file',
        GIT_MIRROR_DIR: mirrors,
        PUBLIC_URL: 'https://remediation.example.com',
        GIT_COMPARE_URL_TEMPLATE: 'https://git.example.com/{repo}/compare/{base}...{branch}',
        ...env,
      });
      const publisher = createPublisher({
        config,
        db,
        workerRedis: connect('worker'),
        producerRedis: connect('producer'),
        logger,
      });
      publisher.run();
      publishers.push(publisher);
      return publisher;
    },
    generatedFix: async (o) => {
      const tenant = await insertTenant(db, o.cloneUrl, o.settings ?? {});
      await db
        .updateTable('repositories')
        .set({ provider: o.provider ?? 'git', ...(o.name ? { name: o.name } : {}) })
        .where('id', '=', tenant.repoId)
        .execute();
      if (o.name) tenant.repoName = o.name;
      if (o.token)
        await saveRepositoryCredentials(db, secretBox, tenant.repoId, {
          kind: 'token',
          token: o.token,
        });
      const { scanId, findingIds } = await insertIngestedScan(db, tenant, o.commit, [
        {
          ruleId: 'js/insecure-randomness',
          tool: 'CodeQL',
          uri: o.path,
          startLine: 2,
          message: 'Insecure randomness',
          rule: { cwe: ['CWE-338'] },
        },
      ]);
      const fixId = newId();
      await db
        .insertInto('fixes')
        .values({
          id: fixId,
          repository_id: tenant.repoId,
          scan_id: scanId,
          finding_ids: findingIds,
          codemod: 'remediate:js/insecure-randomness',
          status: 'generated',
          summary: `Use a cryptographically secure random source in ${o.path}`,
          files_changed: 1,
          diff: unifiedDiff([{ path: o.path, before: o.before, after: o.after, changes: [] }]),
          rationale: '**What was wrong.** Math.random is predictable.\n',
          evaluation: JSON.stringify({
            ok: true,
            checks: {
              parses: true,
              pattern_gone: true,
              idempotent: true,
              diff_local: true,
              git_apply: true,
            },
          }),
        })
        .execute();
      return { tenant, fixId, findingId: findingIds[0]! };
    },
    waitForFix: async (fixId, done, timeoutMs = 30_000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const row = await db
          .selectFrom('fixes')
          .select(['status', 'pr_url', 'publish_error'])
          .where('id', '=', fixId)
          .executeTakeFirstOrThrow();
        if (done(row.status)) return row;
        if (Date.now() > deadline)
          throw new Error(`fix ${fixId} is still ${row.status} (${row.publish_error ?? ''})`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close: async () => {
      for (const p of publishers) await p.stop();
      await publish.close();
      await forgeEvents.close();
      await refresh.close();
      for (const r of redis) r.disconnect();
      await database.destroy();
    },
  };
};
