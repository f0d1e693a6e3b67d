import type { Db } from '@remediation/db';
import { Counter, Gauge, type Registry } from 'prom-client';
import { sql } from 'kysely';

/** What a delivery loop reports. */
export interface DeliveryMetrics {
  attempted(result: 'delivered' | 'retry' | 'failed'): void;
}

/**
 * Attempts per result and in flight (this process), and the backlog every dispatcher shares:
 * deliveries due now and the age of the oldest (read from PostgreSQL at scrape time). The
 * backlog is what to scale dispatchers on; the `webhook-delivery` queue only carries wake-ups.
 */
export const createDeliveryMetrics = (
  registry: Registry,
  db: Db,
  inFlight: () => number,
): DeliveryMetrics => {
  const attempts = new Counter({
    name: 'remediation_webhook_attempts_total',
    help: 'Delivery attempts made by this process, by result (retry: failed, another is scheduled)',
    labelNames: ['result'],
    registers: [registry],
  });
  new Gauge({
    name: 'remediation_webhook_attempts_in_flight',
    help: 'Delivery attempts in flight in this process',
    registers: [registry],
    collect() {
      this.set(inFlight());
    },
  });
  const backlog = async () => {
    const { rows } = await sql<{ due: string; oldest: number | null }>`
      select count(*) as due, extract(epoch from now() - min(available_at))::float8 as oldest
      from webhook_deliveries where status = 'pending' and available_at <= now()`.execute(db);
    return { due: Number(rows[0]?.due ?? 0), oldest: rows[0]?.oldest ?? 0 };
  };
  new Gauge({
    name: 'remediation_webhook_deliveries_due',
    help: 'Pending deliveries due now and not claimed, across all dispatchers',
    registers: [registry],
    async collect() {
      this.set((await backlog()).due);
    },
  });
  new Gauge({
    name: 'remediation_webhook_oldest_due_seconds',
    help: 'How long the oldest due, unclaimed delivery has been waiting',
    registers: [registry],
    async collect() {
      this.set((await backlog()).oldest);
    },
  });
  return { attempted: (result) => attempts.inc({ result }) };
};

/** For dispatchers built without a registry. */
export const noDeliveryMetrics: DeliveryMetrics = { attempted: () => undefined };
