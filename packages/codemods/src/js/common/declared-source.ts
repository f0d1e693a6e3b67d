import type { SgNode } from '@ast-grep/napi';
import { unwrap } from './request-input.js';

/**
 * Where a value passed to a sink is built: the argument itself when `accept` takes it, or — for
 * `sink(name)` — the `const name = ...` declared just for it earlier in the same block (used by
 * this call only) when `accept` takes its value, with the block that holds both (the fix's
 * `Site.scope`, as it edits the declaration and not the call).
 */
export const declaredSource = (
  argument: SgNode,
  accept: (value: SgNode) => boolean,
): { value: SgNode; block: SgNode | null } | null => {
  if (accept(argument)) return { value: argument, block: null };
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
  if (!value || !accept(value)) return null;
  const uses = block
    .findAll({ rule: { kind: 'identifier', regex: `^${name.text()}$` } })
    .filter((id) => id.range().start.index !== declarator!.field('name')!.range().start.index);
  return uses.length === 1 ? { value, block } : null;
};
