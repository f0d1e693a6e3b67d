import type { Db } from '@remediation/db';
import { sql } from 'kysely';

/** A delivery with what sending it needs: the webhook's URL and sealed secret, and the event. */
export const loadDelivery = (db: Db, deliveryId: string) =>
  db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhooks as w', 'w.id', 'd.webhook_id')
    .innerJoin('outbox as o', 'o.id', 'd.event_id')
    .select([
      'd.id',
      'd.status',
      'd.event_id',
      'd.event_type',
      'w.id as webhook_id',
      'w.url',
      'w.secret_ciphertext',
      'w.active',
      'w.deleted_at',
      'o.envelope',
    ])
    .where('d.id', '=', deliveryId)
    .executeTakeFirst();

/** Claims the next attempt number; undefined when the delivery is no longer pending. */
export const beginAttempt = async (db: Db, deliveryId: string): Promise<number | undefined> => {
  const row = await db
    .updateTable('webhook_deliveries')
    .set({
      attempts: sql<number>`attempts + 1` as never,
      last_attempt_at: sql<Date>`now()` as never,
    })
    .where('id', '=', deliveryId)
    .where('status', '=', 'pending')
    .returning('attempts')
    .executeTakeFirst();
  return row?.attempts;
};

export interface AttemptRecord {
  deliveryId: string;
  attemptNumber: number;
  startedAt: Date;
  durationMs: number;
  statusCode: number | null;
  errorClass: string | null;
  excerpt: string | null;
}

/**
 * Records one attempt and the delivery's new state in one statement (a data-modifying CTE is
 * atomic like a transaction, in one round trip instead of four).
 */
export const recordAttempt = async (
  db: Db,
  attempt: AttemptRecord,
  next: { status: 'delivered' | 'failed' | 'pending'; nextAttemptAt: Date | null },
): Promise<void> => {
  // PostgreSQL text cannot hold NUL; receivers' bodies are untrusted.
  const excerpt = attempt.excerpt?.replaceAll('\u0000', '') ?? null;
  await sql`
    with recorded as (
      insert into webhook_delivery_attempts
        (id, delivery_id, attempt_number, started_at, duration_ms, status_code, error_class, response_excerpt)
      values (${crypto.randomUUID()}, ${attempt.deliveryId}, ${attempt.attemptNumber}, ${attempt.startedAt},
              ${attempt.durationMs}, ${attempt.statusCode}, ${attempt.errorClass}, ${excerpt})
      on conflict (delivery_id, attempt_number) do nothing
    )
    update webhook_deliveries
    set status = ${next.status},
        next_attempt_at = ${next.nextAttemptAt},
        delivered_at = case when ${next.status} = 'delivered' then now() else delivered_at end
    where id = ${attempt.deliveryId}`.execute(db);
};

/** A delivery whose webhook was deleted is closed without sending. */
export const closeDelivery = async (db: Db, deliveryId: string): Promise<void> => {
  await db
    .updateTable('webhook_deliveries')
    .set({ status: 'failed', next_attempt_at: null })
    .where('id', '=', deliveryId)
    .where('status', '=', 'pending')
    .execute();
};
