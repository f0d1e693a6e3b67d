import type { Db } from '@remediation/db';
import { sql } from 'kysely';
import { Gauge, type Registry } from 'prom-client';

const STATES = ['queued', 'processing', 'completed', 'failed'] as const;
const UNFINISHED = ['queued', 'processing'] as const;

/** Scrapes within this long share one read (several Prometheus servers, a burst of scrapes). */
const CACHE_MS = 10_000;

interface ScanCounts {
  count: Record<string, number>;
  oldest: Record<string, number>;
}

const readCounts = async (db: Db): Promise<ScanCounts> => {
  const counts = await sql<{ state: string; n: string }>`
    select state, count(*) as n from scans group by state`.execute(db);
  // Through the partial index on unfinished scans: never a walk of the finished ones.
  const oldest = await sql<{ state: string; age: number }>`
    select state, extract(epoch from now() - min(created_at))::float8 as age
    from scans where state in ('queued', 'processing') group by state`.execute(db);
  return {
    count: Object.fromEntries(counts.rows.map((r) => [r.state, Number(r.n)])),
    oldest: Object.fromEntries(oldest.rows.map((r) => [r.state, Math.max(0, r.age)])),
  };
};

/**
 * Scans by state, read from PostgreSQL at scrape time (one service reports them: sarif-ingest,
 * which owns the scan lifecycle; with several replicas, chart `max`): how many scans are in
 * each state, and how long the oldest queued and processing scans have waited (what the "scan
 * stuck" alert watches).
 */
export const registerScanStateMetrics = (registry: Registry, db: Db): void => {
  let cached: { at: number; value: Promise<ScanCounts | undefined> } | undefined;
  // PostgreSQL down: these series are left out of the scrape; the others are still served.
  const read = (): Promise<ScanCounts | undefined> => {
    if (!cached || Date.now() - cached.at > CACHE_MS) {
      cached = { at: Date.now(), value: readCounts(db).catch(() => undefined) };
    }
    return cached.value;
  };
  new Gauge({
    name: 'remediation_scans',
    help: 'Scans by state (all scans in the database)',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      this.reset();
      const counts = await read();
      if (counts) for (const state of STATES) this.set({ state }, counts.count[state] ?? 0);
    },
  });
  new Gauge({
    name: 'remediation_scan_oldest_unfinished_seconds',
    help: 'Age of the oldest scan still queued or processing, by state (0 when none)',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      this.reset();
      const counts = await read();
      if (counts) for (const state of UNFINISHED) this.set({ state }, counts.oldest[state] ?? 0);
    },
  });
};
