import { sql, type Kysely } from 'kysely';

/**
 * One `outbox` notification per INSERT statement instead of one per row. The relay ignores the
 * payload (a notification only wakes it), and a triage batch inserts 200 events in one
 * statement: 200 notifications queued and de-duplicated per transaction, then written to the
 * notification queue under its global commit lock, for nothing.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop trigger outbox_notify on outbox`.execute(db);
  await sql`
    create function outbox_notify_statement() returns trigger language plpgsql as $$
    begin
      perform pg_notify('outbox', '');
      return null;
    end $$`.execute(db);
  await sql`
    create trigger outbox_notify after insert on outbox
    for each statement execute function outbox_notify_statement()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger outbox_notify on outbox`.execute(db);
  await sql`drop function outbox_notify_statement()`.execute(db);
  await sql`create trigger outbox_notify after insert on outbox for each row execute function outbox_notify()`.execute(
    db,
  );
}
