import type { Kysely } from 'kysely';

/**
 * The W3C trace context (`{traceparent, tracestate?}`) of the transaction that wrote an outbox
 * event: the webhook dispatcher continues that trace for each delivery of the event (decision
 * 0021). Null for events written with telemetry off and for every earlier row.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('outbox').addColumn('trace_context', 'jsonb').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('outbox').dropColumn('trace_context').execute();
}
