import { newId, type Db } from '@remediation/db';
import { sql } from 'kysely';
import type { NextState } from './next-state.js';

/** What became of one claim, to write to the delivery log. */
export type ClaimOutcome =
  /** An attempt was made: record it and move the delivery to its next state. */
  | ({
      kind: 'attempt';
      deliveryId: string;
      attempt: number;
      startedAt: Date;
      durationMs: number;
      statusCode: number | null;
      errorClass: string | null;
      excerpt: string | null;
    } & NextState)
  /** Not attempted (shutdown, lease nearly over): hand the attempt number back, due now. */
  | { kind: 'release'; deliveryId: string; attempt: number }
  /** The webhook is gone or inactive: the delivery fails without an attempt. */
  | { kind: 'close'; deliveryId: string; attempt: number };

/**
 * Writes a batch of outcomes in one statement: the attempts (a duplicate attempt number is
 * ignored) and each delivery's new state. A data-modifying CTE is atomic like a transaction.
 * A delivery's state moves only while the outcome's attempt is still its latest claim (a late
 * outcome after the lease ended must not undo a newer attempt), except that a success always
 * marks the delivery delivered.
 */
export const recordOutcomes = async (db: Db, outcomes: readonly ClaimOutcome[]): Promise<void> => {
  const attempt = (o: ClaimOutcome) => (o.kind === 'attempt' ? o : undefined);
  const column = <V>(pick: (o: ClaimOutcome) => V) => outcomes.map(pick);
  // Excerpts lose NUL characters (PostgreSQL text cannot hold them; receivers' bodies are untrusted).
  await sql`
    with input as (
      select * from unnest(
        ${column((o) => o.deliveryId)}::uuid[],
        ${column((o) => o.kind)}::text[],
        ${column((o) => o.attempt)}::int[],
        ${column(() => newId())}::uuid[],
        ${column((o) => attempt(o)?.startedAt ?? null)}::timestamptz[],
        ${column((o) => attempt(o)?.durationMs ?? null)}::int[],
        ${column((o) => attempt(o)?.statusCode ?? null)}::int[],
        ${column((o) => attempt(o)?.errorClass ?? null)}::text[],
        ${column((o) => attempt(o)?.excerpt?.replaceAll('\u0000', '') ?? null)}::text[],
        ${column((o) => (o.kind === 'close' ? 'failed' : (attempt(o)?.status ?? null)))}::text[],
        ${column((o) => attempt(o)?.nextAttemptAt ?? null)}::timestamptz[]
      ) as t(delivery_id, kind, attempt_number, attempt_id, started_at, duration_ms, status_code,
             error_class, excerpt, status, next_attempt_at)
    ), recorded as (
      insert into webhook_delivery_attempts
        (id, delivery_id, attempt_number, started_at, duration_ms, status_code, error_class, response_excerpt)
      select i.attempt_id, i.delivery_id, i.attempt_number, i.started_at, i.duration_ms,
             i.status_code, i.error_class, i.excerpt
      from input i
      where i.kind = 'attempt' and exists (select 1 from webhook_deliveries d where d.id = i.delivery_id)
      on conflict (delivery_id, attempt_number) do nothing
    )
    update webhook_deliveries d
    set status = case when i.kind = 'release' then d.status else i.status end,
        attempts = case when i.kind = 'attempt' then d.attempts else d.attempts - 1 end,
        last_attempt_at = case when i.kind = 'attempt' then i.started_at else d.last_attempt_at end,
        next_attempt_at = case when i.kind = 'release' then d.next_attempt_at else i.next_attempt_at end,
        available_at = case
          when i.kind = 'release' then now()
          else coalesce(i.next_attempt_at, d.available_at) end,
        delivered_at = case when i.status = 'delivered' then now() else d.delivered_at end
    from input i
    where d.id = i.delivery_id and d.status = 'pending'
      and (d.attempts = i.attempt_number or (i.kind = 'attempt' and i.status = 'delivered'))`.execute(
    db,
  );
};
