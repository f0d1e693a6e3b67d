import type { DbOrTx } from '../database.js';
import { newId } from '../ids.js';
import type { OrganizationRow } from '../tables/tenancy.js';

export const insertOrganization = async (
  db: DbOrTx,
  org: { slug: string; tier: 'standard' | 'enterprise' },
): Promise<OrganizationRow> =>
  db
    .insertInto('organizations')
    .values({ id: newId(), slug: org.slug, tier: org.tier })
    .returningAll()
    .executeTakeFirstOrThrow();

export const findOrganizationBySlug = (db: DbOrTx, slug: string) =>
  db.selectFrom('organizations').selectAll().where('slug', '=', slug).executeTakeFirst();
