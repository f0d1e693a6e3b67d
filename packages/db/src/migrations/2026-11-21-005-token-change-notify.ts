import { sql, type Kysely } from 'kysely';

/** Tells gateways (LISTEN api_token_changed) to drop a cached token when it is revoked, re-dated or deleted. */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function api_token_changed_notify() returns trigger language plpgsql as $$
    begin
      perform pg_notify('api_token_changed', coalesce(new.id, old.id)::text);
      return null;
    end $$`.execute(db);
  await sql`
    create trigger api_token_changed_notify
    after update of revoked_at, expires_at or delete on api_tokens
    for each row execute function api_token_changed_notify()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger api_token_changed_notify on api_tokens`.execute(db);
  await sql`drop function api_token_changed_notify()`.execute(db);
}
