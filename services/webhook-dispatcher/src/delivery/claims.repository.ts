import type { Db } from '@remediation/db';
import { sql } from 'kysely';

/** A delivery claimed for one attempt, with what sending it needs. */
export interface ClaimedDelivery {
  id: string;
  /** The attempt number this claim took (attempts so far, this one included). */
  attempt: number;
  webhookId: string;
  eventId: string;
  eventType: string;
  url: string;
  secretCiphertext: Buffer;
  /** False when the webhook was deactivated or deleted: close the delivery, send nothing. */
  live: boolean;
  envelope: Record<string, unknown>;
}

export interface ClaimOptions {
  /** Most deliveries to claim. */
  limit: number;
  /** Most deliveries to claim for any one webhook. */
  perWebhook: number;
  /** Webhooks to claim nothing for (the caller already holds enough of theirs). */
  exclude: readonly string[];
  /** How long the claim holds: no one else attempts the delivery before it ends. */
  leaseMs: number;
  maxAttempts: number;
}

interface Row {
  id: string;
  attempts: number;
  webhook_id: string;
  event_id: string;
  event_type: string;
  url: string;
  secret_ciphertext: Buffer;
  live: boolean;
  envelope: Record<string, unknown>;
}

/**
 * Claims due deliveries in one statement, oldest first, at most `perWebhook` per webhook: takes
 * the next attempt number (`attempts + 1`) and pushes `available_at` to the end of the lease,
 * so a dispatcher that dies mid-attempt leaves the delivery to be claimed again (with the next
 * number) when the lease ends. FOR UPDATE SKIP LOCKED: concurrent dispatchers never claim the
 * same delivery, and PostgreSQL re-checks `available_at` on rows another claim just took.
 */
export const claimDue = async (db: Db, options: ClaimOptions): Promise<ClaimedDelivery[]> => {
  const { rows } = await sql<Row>`
    with candidates as materialized (
      select id, webhook_id, available_at from webhook_deliveries
      where status = 'pending' and available_at <= now() and attempts < ${options.maxAttempts}
        and webhook_id <> all(${options.exclude}::uuid[])
      order by available_at
      limit ${options.limit * 2}
      for update skip locked
    ), chosen as (
      select id from (
        select id, available_at,
               row_number() over (partition by webhook_id order by available_at) as turn
        from candidates
      ) ranked
      where turn <= ${options.perWebhook}
      order by available_at
      limit ${options.limit}
    ), claimed as (
      update webhook_deliveries d
      set attempts = d.attempts + 1,
          available_at = now() + make_interval(secs => ${options.leaseMs / 1000})
      from chosen
      where d.id = chosen.id
      returning d.id, d.attempts, d.webhook_id, d.event_id, d.event_type
    )
    select c.id, c.attempts, c.webhook_id, c.event_id, c.event_type, w.url, w.secret_ciphertext,
           (w.active and w.deleted_at is null) as live, o.envelope
    from claimed c
    join webhooks w on w.id = c.webhook_id
    join outbox o on o.id = c.event_id`.execute(db);
  return rows.map((r) => ({
    id: r.id,
    attempt: r.attempts,
    webhookId: r.webhook_id,
    eventId: r.event_id,
    eventType: r.event_type,
    url: r.url,
    secretCiphertext: r.secret_ciphertext,
    live: r.live,
    envelope: r.envelope,
  }));
};

/**
 * Fails pending deliveries whose last allowed attempt was claimed by a dispatcher that died
 * (the lease ended with no outcome recorded): nothing more may be attempted. Returns how many.
 */
export const failExhausted = async (db: Db, maxAttempts: number): Promise<number> => {
  const result = await db
    .updateTable('webhook_deliveries')
    .set({ status: 'failed', next_attempt_at: null })
    .where('status', '=', 'pending')
    .where('attempts', '>=', maxAttempts)
    .where('available_at', '<=', sql<Date>`now()`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
};
