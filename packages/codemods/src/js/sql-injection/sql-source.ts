import type { SgNode } from '@ast-grep/napi';
import { unwrap } from '../common/request-input.js';
import { isBuiltString, stringParts } from '../common/string-parts.js';

const SQL_WORDS = /\b(select|insert|update|delete|where|values|set)\b/i;

/** True for a string built from SQL text and values. */
export const isBuiltSql = (node: SgNode): boolean =>
  isBuiltString(node) && stringParts(node).some((p) => p.kind === 'text' && SQL_WORDS.test(p.text));

/**
 * Where the SQL of a query call is built: the argument itself, or — for `query(sql)` — the
 * `const sql = ...` declared just for it earlier in the same block (used by this call only),
 * with the block that holds both.
 */
export const sqlSource = (argument: SgNode): { value: SgNode; block: SgNode | null } | null => {
  if (isBuiltSql(argument)) return { value: argument, block: null };
  const name = unwrap(argument);
  if (name.kind() !== 'identifier') return null;
  let statement: SgNode | null = name;
  while (
    statement &&
    !['statement_block', 'program'].includes(String(statement.parent()?.kind()))
  ) {
    statement = statement.parent();
  }
  const block = statement?.parent();
  if (!statement || !block) return null;
  const start = statement.range().start.index;
  const before = block.children().filter((c) => c.range().end.index <= start);
  const declaration = before
    .reverse()
    .find(
      (c) =>
        c.kind() === 'lexical_declaration' &&
        c.children()[0]?.text() === 'const' &&
        c
          .findAll({ rule: { kind: 'variable_declarator' } })
          .some((d) => d.field('name')?.text() === name.text()),
    );
  const declarator = declaration
    ?.findAll({ rule: { kind: 'variable_declarator' } })
    .find((d) => d.field('name')?.text() === name.text());
  const value = declarator?.field('value');
  if (!value || !isBuiltSql(value)) return null;
  const uses = block
    .findAll({ rule: { kind: 'identifier', regex: `^${name.text()}$` } })
    .filter((id) => id.range().start.index !== declarator!.field('name')!.range().start.index);
  return uses.length === 1 ? { value, block } : null;
};
