import type { ScanWarning } from '@remediation/contracts';
import { createHash, randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
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
import { Registry } from 'prom-client';
import { corpusFile } from '../../../test/e2e/corpus.js';
import { IngestConfig } from '../src/config.js';
import { createIngestMetrics } from '../src/ingest/ingest-metrics.js';
import { createIngester, type Ingester } from '../src/ingester.js';

const REDIS_URL = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';
/** A corpus file by name, from the shared corpus or the one generated here (test/corpus). */
export const corpus = (name: string): Buffer => corpusFile(name);

export interface Harness {
  db: Db;
  database: TestDatabase;
  prefix: string;
  producer: Producer<typeof QUEUES.sarifIngest>;
  /** A fresh organization and repository. */
  tenant(): Promise<{ orgId: string; repoId: string }>;
  /** Stores a document and a queued scan as the gateway does, and enqueues its ingestion. */
  submit(
    repoId: string,
    doc: Buffer | object,
    options?: {
      checkoutUri?: string;
      enqueueBeforeCommitMs?: number;
      /** Acceptance warnings the gateway recorded (the first 100 and the total). */
      warnings?: { list: ScanWarning[]; count: number };
    },
  ): Promise<string>;
  waitForScan(scanId: string, timeoutMs?: number): Promise<ScanState>;
  /** An ingester on its own worker connection (`redis`, to break it). */
  startIngester(env?: Record<string, string>): Ingester & { redis: Redis };
  /** The Prometheus text of every ingester started here. */
  metricsText(): Promise<string>;
  close(): Promise<void>;
}

export interface ScanState {
  state: string;
  findings_count: number;
  error: string | null;
  warnings: ScanWarning[];
  warnings_count: number;
  tools: string[];
}

export const createHarness = async (): Promise<Harness> => {
  const database = await createTestDatabase();
  const { db } = database;
  const prefix = `test-${randomBytes(6).toString('hex')}`;
  const producerRedis = createRedis(REDIS_URL, 'producer');
  const producer = createProducer(QUEUES.sarifIngest, { connection: producerRedis, prefix });
  const connections: Redis[] = [producerRedis];
  const ingesters: Ingester[] = [];
  const registries: Registry[] = [];
  const logger = createLogger({ service: 'sarif-ingest-test', level: 'silent' });

  return {
    db,
    database,
    prefix,
    producer,
    tenant: async () => {
      const orgId = newId();
      const repoId = newId();
      await db
        .insertInto('organizations')
        .values({
          id: orgId,
          slug: `org-${orgId.slice(-12)}`,
          tier: 'standard',
          rate_limit_rpm: null,
          rate_limit_burst: null,
        })
        .execute();
      await db
        .insertInto('repositories')
        .values({
          id: repoId,
          organization_id: orgId,
          name: `acme/web-${repoId.slice(-6)}`,
          provider: 'github',
          clone_url: 'https://github.com/acme/web.git',
          credentials_ref: null,
          default_branch: 'main',
          settings: JSON.stringify({}),
        })
        .execute();
      return { orgId, repoId };
    },
    submit: async (repoId, doc, options = {}) => {
      const text = Buffer.isBuffer(doc) ? doc : Buffer.from(JSON.stringify(doc));
      const documentId = newId();
      const scanId = newId();
      if (options.enqueueBeforeCommitMs !== undefined) {
        // As when the worker takes the job before the gateway's transaction commits.
        await producer.add({ scanId });
        await new Promise((r) => setTimeout(r, options.enqueueBeforeCommitMs));
      }
      await db
        .insertInto('sarif_documents')
        .values({
          id: documentId,
          repository_id: repoId,
          content_gzip: gzipSync(text),
          content_sha256: createHash('sha256').update(text).digest('hex'),
          size_bytes: text.length,
        })
        .execute();
      await db
        .insertInto('scans')
        .values({
          id: scanId,
          repository_id: repoId,
          sarif_document_id: documentId,
          state: 'queued',
          source: 'upload',
          commit_sha: null,
          ref: null,
          checkout_uri: options.checkoutUri ?? null,
          idempotency_key: null,
          error: null,
          ...(options.warnings
            ? {
                warnings: JSON.stringify(options.warnings.list),
                warnings_count: options.warnings.count,
              }
            : {}),
        })
        .execute();
      if (options.enqueueBeforeCommitMs === undefined) await producer.add({ scanId });
      return scanId;
    },
    waitForScan: async (scanId, timeoutMs = 20_000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const row = await db
          .selectFrom('scans')
          .select([
            'state',
            'findings_count',
            'error',
            'warnings',
            'warnings_count',
            'tools',
            'ingested_at',
          ])
          .where('id', '=', scanId)
          .executeTakeFirstOrThrow();
        // Ingestion's part ends when the findings are written (triage completes the scan).
        if (row.ingested_at !== null || row.state === 'completed' || row.state === 'failed')
          return row;
        if (Date.now() > deadline) throw new Error(`scan ${scanId} still ${row.state}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    startIngester: (env = {}) => {
      const workerRedis = createRedis(REDIS_URL, 'worker');
      connections.push(workerRedis);
      const config = loadConfig(IngestConfig, {
        DATABASE_URL: database.url,
        REDIS_URL,
        QUEUE_PREFIX: prefix,
        ...env,
      });
      const registry = new Registry();
      registries.push(registry);
      const ingester = createIngester({
        config,
        db,
        workerRedis,
        producerRedis,
        logger,
        metrics: createIngestMetrics(registry),
      });
      ingesters.push(ingester);
      ingester.run();
      return Object.assign(ingester, { redis: workerRedis });
    },
    metricsText: async () => (await Promise.all(registries.map((r) => r.metrics()))).join('\n'),
    close: async () => {
      await Promise.all(ingesters.map((i) => i.stop()));
      await producer.queue.obliterate({ force: true });
      await producer.close();
      await Promise.all(connections.map((c) => c.quit()));
      await database.destroy();
    },
  };
};
