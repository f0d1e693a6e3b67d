import type { Db, NewSession } from '@remediation/db';
import { sql } from 'kysely';

export const insertSession = async (db: Db, row: NewSession): Promise<void> => {
  await db.insertInto('sessions').values(row).execute();
};

/**
 * The live session with this hash, with its person's current role in the session's
 * organization (a removed membership or a disabled user ends the session at once).
 */
export const findLiveSession = (db: Db, hash: Buffer, idleTimeoutMs: number) =>
  db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .innerJoin('memberships as m', (j) =>
      j.onRef('m.user_id', '=', 's.user_id').onRef('m.organization_id', '=', 's.organization_id'),
    )
    .innerJoin('organizations as o', 'o.id', 's.organization_id')
    .select([
      's.id',
      's.user_id',
      's.csrf_token',
      's.expires_at',
      's.last_seen_at',
      's.auth_method',
      'u.email',
      'u.password_must_change',
      'm.role',
      'o.id as organization_id',
      'o.slug',
      'o.tier',
      'o.rate_limit_rpm',
      'o.rate_limit_burst',
    ])
    .where('s.session_hash', '=', hash)
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', sql<Date>`now()`)
    .where('s.last_seen_at', '>', sql<Date>`now() - make_interval(secs => ${idleTimeoutMs / 1000})`)
    .where('u.disabled_at', 'is', null)
    .executeTakeFirst();

export type LiveSession = NonNullable<Awaited<ReturnType<typeof findLiveSession>>>;

export const touchSession = async (db: Db, id: string): Promise<void> => {
  await db
    .updateTable('sessions')
    .set({ last_seen_at: sql<Date>`now()` as never })
    .where('id', '=', id)
    .execute();
};

export const revokeSession = async (db: Db, id: string): Promise<void> => {
  await db
    .updateTable('sessions')
    .set({ revoked_at: sql<Date>`coalesce(revoked_at, now())` as never })
    .where('id', '=', id)
    .execute();
};

/** Ends every other session of the user (after a password change). */
export const revokeOtherSessions = async (db: Db, userId: string, keepId: string) => {
  await db
    .updateTable('sessions')
    .set({ revoked_at: sql<Date>`now()` as never })
    .where('user_id', '=', userId)
    .where('id', '<>', keepId)
    .where('revoked_at', 'is', null)
    .execute();
};

/** Deletes the user's sessions that ended more than a day ago (run at each sign-in). */
export const purgeEndedSessions = async (db: Db, userId: string): Promise<void> => {
  await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where((eb) =>
      eb.or([
        eb('expires_at', '<', sql<Date>`now() - interval '1 day'`),
        eb('revoked_at', '<', sql<Date>`now() - interval '1 day'`),
      ]),
    )
    .execute();
};

export const markSignedIn = async (db: Db, userId: string): Promise<void> => {
  await db
    .updateTable('users')
    .set({ last_sign_in_at: sql<Date>`now()` as never })
    .where('id', '=', userId)
    .execute();
};
