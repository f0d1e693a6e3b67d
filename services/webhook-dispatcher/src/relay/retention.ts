import type { Db } from '@remediation/db';
import { sql } from 'kysely';

export const MIN_RETENTION_MS = 3 * 86_400_000;
const BATCH = 5_000;

/**
 * Deletes finished deliveries (attempts go with them) older than `retentionMs`, then relayed
 * outbox events older than that which no delivery refers to any more. Batched, so no statement
 * holds locks for long. Returns how many deliveries were removed.
 */
export const pruneDeliveries = async (db: Db, retentionMs: number): Promise<number> => {
  const age = sql<Date>`now() - make_interval(secs => ${retentionMs / 1000})`;
  let removed = 0;
  for (;;) {
    const result = await db
      .deleteFrom('webhook_deliveries')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('webhook_deliveries')
          .select('id')
          .where('status', '<>', 'pending')
          .where('created_at', '<', age)
          .limit(BATCH),
      )
      .executeTakeFirst();
    const n = Number(result.numDeletedRows);
    removed += n;
    if (n < BATCH) break;
  }
  for (;;) {
    const result = await db
      .deleteFrom('outbox')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('outbox as o')
          .select('o.id')
          .where('o.relayed_at', '<', age)
          .where((eb) =>
            eb.not(
              eb.exists(
                eb
                  .selectFrom('webhook_deliveries as d')
                  .select('d.id')
                  .whereRef('d.event_id', '=', 'o.id'),
              ),
            ),
          )
          .limit(BATCH),
      )
      .executeTakeFirst();
    if (Number(result.numDeletedRows) < BATCH) break;
  }
  return removed;
};
