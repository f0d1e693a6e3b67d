import { sql, type Kysely } from 'kysely';

/**
 * Scan warnings become `{path, message, action}` objects (decision 0013) with a total beside
 * the capped list. Earlier warnings were sentences, `"<path>: <what>"` for the schema ones.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('scans')
    .addColumn('warnings_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`
    update scans set
      warnings = (
        select coalesce(jsonb_agg(
          case when w #>> '{}' ~ '^/[^ ]*: '
            then jsonb_build_object(
              'path', split_part(w #>> '{}', ': ', 1),
              'message', substr(w #>> '{}', length(split_part(w #>> '{}', ': ', 1)) + 3),
              'action', 'ignored')
            else jsonb_build_object('path', '', 'message', w #>> '{}', 'action', 'ignored')
          end), '[]'::jsonb)
        from jsonb_array_elements(warnings) as w),
      warnings_count = jsonb_array_length(warnings)
    where jsonb_array_length(warnings) > 0`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    update scans set warnings = (
      select coalesce(jsonb_agg(
        to_jsonb(case when w->>'path' = '' then w->>'message'
                      else (w->>'path') || ': ' || (w->>'message') end)), '[]'::jsonb)
      from jsonb_array_elements(warnings) as w)`.execute(db);
  await db.schema.alterTable('scans').dropColumn('warnings_count').execute();
}
