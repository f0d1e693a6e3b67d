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

/** Records one attempt and the delivery's new state in one transaction. */
export const recordAttempt = (
  db: Db,
  attempt: AttemptRecord,
  next: { status: 'delivered' | 'failed' | 'pending'; nextAttemptAt: Date | null },
): Promise<void> =>
  db.transaction().execute(async (trx) => {
    await trx
      .insertInto('webhook_delivery_attempts')
      .values({
        id: crypto.randomUUID(),
        delivery_id: attempt.deliveryId,
        attempt_number: attempt.attemptNumber,
        started_at: attempt.startedAt,
        duration_ms: attempt.durationMs,
        status_code: attempt.statusCode,
        error_class: attempt.errorClass,
        // PostgreSQL text cannot hold NUL; receivers' bodies are untrusted.
        response_excerpt: attempt.excerpt?.replaceAll('\u0000', '') ?? null,
      })
      .onConflict((oc) => oc.columns(['delivery_id', 'attempt_number']).doNothing())
      .execute();
    await trx
      .updateTable('webhook_deliveries')
      .set({
        status: next.status,
        next_attempt_at: next.nextAttemptAt,
        ...(next.status === 'delivered' ? { delivered_at: sql<Date>`now()` as never } : {}),
      })
      .where('id', '=', attempt.deliveryId)
      .execute();
  });

/** A delivery whose webhook was deleted is closed without sending. */
export const closeDelivery = async (db: Db, deliveryId: string): Promise<void> => {
  await db
    .updateTable('webhook_deliveries')
    .set({ status: 'failed', next_attempt_at: null })
    .where('id', '=', deliveryId)
    .where('status', '=', 'pending')
    .execute();
};
