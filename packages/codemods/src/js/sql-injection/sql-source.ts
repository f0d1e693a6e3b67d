import type { SgNode } from '@ast-grep/napi';
import { declaredSource } from '../common/declared-source.js';
import { isBuiltString, stringParts } from '../common/string-parts.js';

const SQL_WORDS = /\b(select|insert|update|delete|where|values|set|create|alter|drop|pragma)\b/i;

/** True for a string built from SQL text and values. */
export const isBuiltSql = (node: SgNode): boolean =>
  isBuiltString(node) && stringParts(node).some((p) => p.kind === 'text' && SQL_WORDS.test(p.text));

/**
 * Where the SQL of a query call is built: the argument itself, or — for `query(sql)` — the
 * `const sql = ...` declared just for it earlier in the same block (used by this call only),
 * with the block that holds both.
 */
export const sqlSource = (argument: SgNode): { value: SgNode; block: SgNode | null } | null =>
  declaredSource(argument, isBuiltSql);
