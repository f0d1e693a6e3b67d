import type { SelectQueryBuilder } from 'kysely';
import { isId } from './ids.js';

/** Cursors are the base64url of the last id of the previous page. */
export const encodeCursor = (lastId: string): string =>
  Buffer.from(lastId, 'utf8').toString('base64url');

/** Returns the id inside a cursor, or `undefined` when the cursor is not one of ours. */
export const decodeCursor = (cursor: string): string | undefined => {
  const id = Buffer.from(cursor, 'base64url').toString('utf8');
  return isId(id) ? id : undefined;
};

export interface PageRequest {
  limit: number;
  /** Id after which to continue (exclusive), decoded from the cursor. */
  after?: string | undefined;
}

export interface PageResult<T> {
  data: T[];
  has_more: boolean;
  next_cursor: string | null;
}

/**
 * Keyset pagination, newest first: ids are UUIDv7, so `id desc` is creation order and rows
 * inserted while a client pages land before its cursor: no duplicates, no gaps.
 */
export const paginate = async <DB, TB extends keyof DB, O extends { id: string }>(
  query: SelectQueryBuilder<DB, TB, O>,
  idColumn: string,
  page: PageRequest,
): Promise<PageResult<O>> => {
  let q = query;
  if (page.after !== undefined) {
    q = q.where(idColumn as never, '<', page.after as never);
  }
  const rows = await q
    .orderBy(idColumn as never, 'desc')
    .limit(page.limit + 1)
    .execute();
  const has_more = rows.length > page.limit;
  const data = has_more ? rows.slice(0, page.limit) : rows;
  const last = data[data.length - 1];
  return { data, has_more, next_cursor: has_more && last ? encodeCursor(last.id) : null };
};
