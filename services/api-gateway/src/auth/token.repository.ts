import type { Db } from '@remediation/db';
import { sql } from 'kysely';

/** The live token with this hash and its organization; revoked or expired tokens are not found. */
export const findActiveToken = (db: Db, hash: Buffer) =>
  db
    .selectFrom('api_tokens as t')
    .innerJoin('organizations as o', 'o.id', 't.organization_id')
    .select([
      't.id',
      't.scope',
      't.repository_id',
      't.last_used_at',
      't.expires_at',
      'o.id as organization_id',
      'o.slug',
      'o.tier',
      'o.rate_limit_rpm',
      'o.rate_limit_burst',
    ])
    .where('t.token_hash', '=', hash)
    .where('t.revoked_at', 'is', null)
    .where((eb) =>
      eb.or([eb('t.expires_at', 'is', null), eb('t.expires_at', '>', sql<Date>`now()`)]),
    )
    .executeTakeFirst();

export const touchToken = async (db: Db, tokenId: string): Promise<void> => {
  await db
    .updateTable('api_tokens')
    .set({ last_used_at: sql<Date>`now()` as never })
    .where('id', '=', tokenId)
    .execute();
};
