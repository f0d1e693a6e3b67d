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
  /**
   * Its last allowed attempt was claimed before and never recorded (that dispatcher died): the
   * claim failed it, there is nothing to send.
   */
  exhausted: boolean;
  envelope: Record<string, unknown>;
  /** W3C trace context stored with the event: the attempt continues that trace (decision 0021). */
  traceContext: Record<string, string> | null;
}

export interface ClaimOptions {
  /** Most deliveries to claim. */
  limit: number;
  /** Most deliveries to claim per webhook, for the webhooks listed (0: none). */
  rooms: ReadonlyMap<string, number>;
  /** Most deliveries to claim for any other webhook. */
  defaultRoom: number;
  /** Visit webhooks with ids after this one, up to `until` (inclusive). */
  after: string;
  until: string;
  /** How long the claim holds: no one else attempts the delivery before it ends. */
  leaseMs: number;
  maxAttempts: number;
}

/** The first and last possible ids, for a full round over the webhooks. */
export const FIRST_ID = '00000000-0000-0000-0000-000000000000';
export const LAST_ID = 'ffffffff-ffff-ffff-ffff-ffffffffffff';

interface Row {
  id: string;
  attempts: number;
  webhook_id: string;
  event_id: string;
  event_type: string;
  exhausted: boolean;
  url: string;
  secret_ciphertext: Buffer;
  live: boolean;
  envelope: Record<string, unknown>;
  trace_context: Record<string, string> | null;
}

/**
 * Claims due deliveries in one statement, webhook by webhook in id order from `after`, the
 * oldest few of each (as many as the caller has room for; per-finding `triage.completed` after
 * the webhook's other events, so a scan's `scan.completed` never waits behind them): walks the webhooks that have pending deliveries through the
 * pending index (one index descent per webhook, so a webhook's backlog is never scanned), and
 * takes each claimed delivery's next attempt number while pushing `available_at` to the end of
 * the lease: a dispatcher that dies mid-attempt leaves the delivery to be claimed again, with
 * the next number, when the lease ends. FOR UPDATE SKIP LOCKED: concurrent dispatchers never
 * claim the same delivery, and PostgreSQL re-checks `available_at` on rows another just took.
 */
export const claimDue = async (db: Db, options: ClaimOptions): Promise<ClaimedDelivery[]> => {
  const { rows } = await sql<Row>`
    with recursive hooks as (
      (select webhook_id from webhook_deliveries
       where status = 'pending' and webhook_id > ${options.after}::uuid
       order by webhook_id limit 1)
      union all
      select (select d.webhook_id from webhook_deliveries d
              where d.status = 'pending' and d.webhook_id > hooks.webhook_id
              order by d.webhook_id limit 1)
      from hooks
      where hooks.webhook_id < ${options.until}::uuid
    ), rooms as (
      select * from unnest(${[...options.rooms.keys()]}::uuid[], ${[...options.rooms.values()]}::int[])
        as r(webhook_id, room)
    ), chosen as (
      select due.id from hooks
      left join rooms on rooms.webhook_id = hooks.webhook_id
      cross join lateral (
        select d.id from webhook_deliveries d
        where d.webhook_id = hooks.webhook_id and d.status = 'pending' and d.available_at <= now()
        order by (d.event_type = 'triage.completed'), d.available_at
        limit greatest(coalesce(rooms.room, ${options.defaultRoom}), 0)
        for update skip locked
      ) due
      where hooks.webhook_id <= ${options.until}::uuid
      limit ${options.limit}
    ), claimed as (
      update webhook_deliveries d
      set attempts = least(d.attempts + 1, ${options.maxAttempts}),
          status = case when d.attempts < ${options.maxAttempts} then d.status else 'failed' end,
          next_attempt_at = case
            when d.attempts < ${options.maxAttempts} then d.next_attempt_at end,
          available_at = now() + make_interval(secs => ${options.leaseMs / 1000})
      from chosen
      where d.id = chosen.id
      returning d.id, d.attempts, d.webhook_id, d.event_id, d.event_type,
                d.status = 'failed' as exhausted
    )
    select c.*, w.url, w.secret_ciphertext, (w.active and w.deleted_at is null) as live,
           o.envelope, o.trace_context
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
    exhausted: r.exhausted,
    envelope: r.envelope,
    traceContext: r.trace_context,
  }));
};
