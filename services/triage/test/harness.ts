import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { QUEUES } from '@remediation/contracts';
import { createTriageBatches, type Db } from '@remediation/db';
import { createTestDatabase, type TestDatabase } from '@remediation/db/testing';
import {
  createLogger,
  createProducer,
  createRedis,
  loadConfig,
  type Producer,
  type Redis,
} from '@remediation/runtime';
import { Queue } from 'bullmq';
import { createLocalRepo, type LocalRepo } from '../../../test/e2e/support/git-repo.js';
import {
  insertIngestedScan,
  insertTenant,
  type SeedFinding,
  type Tenant,
} from '../../../test/e2e/support/tenant.js';
import { TriageConfig } from '../src/config.js';
import { createTriager, type Triager } from '../src/triager.js';

const REDIS_URL = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';

export interface Harness {
  db: Db;
  repo: LocalRepo;
  prefix: string;
  fixQueue: Queue;
  triage: Producer<typeof QUEUES.triage>;
  /** Starts a triage worker (several may run); env overrides the test defaults. */
  startTriager(env?: Record<string, string>): Triager;
  /** A scan as ingestion leaves it, split into triage batches of `batchSize`, enqueued. */
  submit(
    findings: SeedFinding[],
    options?: {
      commit?: string | null;
      settings?: Record<string, unknown>;
      tenant?: Tenant;
      batchSize?: number;
      /** Leave the batches unqueued (a test enqueues what it wants). */
      enqueue?: boolean;
    },
  ): Promise<{ scanId: string; findingIds: string[]; tenant: Tenant; batches: string[] }>;
  /** A later scan that sees these findings again (same ids), batched and enqueued. */
  rescan(tenant: Tenant, findingIds: string[], commit?: string | null): Promise<string>;
  waitForScan(
    scanId: string,
    timeoutMs?: number,
  ): Promise<{ state: string; fixes_generated: number }>;
  close(): Promise<void>;
}

export const createHarness = async (files: Record<string, string>): Promise<Harness> => {
  const database: TestDatabase = await createTestDatabase();
  const { db } = database;
  const repo = createLocalRepo(files);
  const prefix = `test-${randomBytes(6).toString('hex')}`;
  const key = randomBytes(32).toString('base64');
  const mirrors = mkdtempSync(join(tmpdir(), 'triage-mirrors-'));
  const redis: Redis[] = [];
  const connect = (role: 'worker' | 'producer') => {
    const r = createRedis(REDIS_URL, role);
    redis.push(r);
    return r;
  };
  const producer: Producer<typeof QUEUES.triage> = createProducer(QUEUES.triage, {
    connection: connect('producer'),
    prefix,
  });
  const fixQueue = new Queue(QUEUES.fix.name, { connection: connect('producer'), prefix });
  const triagers: Triager[] = [];
  const logger = createLogger({ service: 'triage-test', level: 'silent' });
  return {
    db,
    repo,
    prefix,
    fixQueue,
    triage: producer,
    startTriager: (env = {}) => {
      const config = loadConfig(TriageConfig, {
        DATABASE_URL: database.url,
        QUEUE_PREFIX: prefix,
        SECRETS_ENCRYPTION_KEY: key,
        GIT_ALLOWED_PROTOCOLS: 'file',
        GIT_MIRROR_DIR: mirrors,
        ...env,
      });
      const triager = createTriager({
        config,
        db,
        workerRedis: connect('worker'),
        producerRedis: connect('producer'),
        logger,
      });
      triager.run();
      triagers.push(triager);
      return triager;
    },
    submit: async (findings, options = {}) => {
      const tenant = options.tenant ?? (await insertTenant(db, repo.url, options.settings ?? {}));
      const commit = options.commit === undefined ? repo.head() : options.commit;
      const { scanId, findingIds } = await insertIngestedScan(db, tenant, commit, findings);
      const batches = await createTriageBatches(db, scanId, options.batchSize ?? 200);
      if (options.enqueue !== false)
        await producer.addMany(batches.map((b) => ({ scanId, batchId: b.id })));
      return { scanId, findingIds, tenant, batches: batches.map((b) => b.id) };
    },
    rescan: async (tenant, findingIds, commit) => {
      const { scanId } = await insertIngestedScan(
        db,
        tenant,
        commit === undefined ? repo.head() : commit,
        [],
      );
      await db
        .insertInto('scan_findings')
        .values(findingIds.map((id) => ({ scan_id: scanId, finding_id: id })))
        .execute();
      await db
        .updateTable('findings')
        .set({ last_seen_scan_id: scanId })
        .where('id', 'in', findingIds)
        .execute();
      const batches = await createTriageBatches(db, scanId, 200);
      await producer.addMany(batches.map((b) => ({ scanId, batchId: b.id })));
      return scanId;
    },
    waitForScan: async (scanId, timeoutMs = 30_000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const row = await db
          .selectFrom('scans')
          .select(['state', 'fixes_generated'])
          .where('id', '=', scanId)
          .executeTakeFirstOrThrow();
        if (row.state === 'completed' || row.state === 'failed') return row;
        if (Date.now() > deadline) throw new Error(`scan ${scanId} is still ${row.state}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close: async () => {
      for (const t of triagers) await t.stop();
      await producer.close();
      await fixQueue.close();
      for (const r of redis) r.disconnect();
      await database.destroy();
      repo.remove();
    },
  };
};
