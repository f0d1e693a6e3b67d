import type { SgNode } from '@ast-grep/napi';
import { keywordValue, positional } from '../shared/args.js';
import { calleeName, enclosingFunction, type ImportMap } from '../shared/names.js';
import { localUses } from '../shared/scope.js';

/** A verification key and algorithm that the decode call can use, as source text. */
export interface Verification {
  key: string;
  algorithm: string;
}

const KEY_NAME = /^(JWT_)?(SECRET|SIGNING|PUBLIC)_?KEY$|^JWT_(SECRET|KEY)$/;
const ALGORITHM_NAME = /^(JWT_)?ALGORITHM$/;

/** Names a module binds at top level: imports, assignments, functions and classes. */
const moduleNames = (root: SgNode): Set<string> => {
  const names = new Set<string>();
  for (const statement of root.children()) {
    const kind = String(statement.kind());
    if (kind === 'import_statement' || kind === 'import_from_statement') {
      for (const item of statement.namedChildren()) {
        if (item.id() === statement.field('module_name')?.id()) continue;
        if (item.kind() === 'aliased_import') names.add(item.field('alias')!.text());
        else if (item.kind() === 'dotted_name') names.add(item.text().split('.')[0]!);
      }
    } else if (kind === 'expression_statement') {
      const left = statement.child(0)?.field('left');
      if (left?.kind() === 'identifier') names.add(left.text());
    } else if (kind === 'function_definition' || kind === 'class_definition') {
      names.add(statement.field('name')!.text());
    }
  }
  return names;
};

/** True when every name an expression reads is bound at module level and not shadowed at `site`. */
const usableAt = (expression: SgNode, site: SgNode, root: SgNode): boolean => {
  const fn = enclosingFunction(site);
  const bound = moduleNames(root);
  const reads = [expression, ...expression.findAll({ rule: { kind: 'identifier' } })].filter(
    (n) => {
      if (n.kind() !== 'identifier') return false;
      const parent = n.parent();
      return !(parent?.kind() === 'attribute' && parent.field('attribute')?.id() === n.id());
    },
  );
  return reads.every((id) => {
    if (!bound.has(id.text())) return false;
    if (!fn) return true;
    const local = localUses(fn, id.text());
    return local.assignments.length === 0 && !local.parameter;
  });
};

/** The algorithm text of an `algorithm=` value usable at the site: a string literal or a module name. */
const algorithmText = (value: SgNode | undefined, site: SgNode, root: SgNode): string | null => {
  if (!value) return null;
  if (value.kind() === 'string' && !/^[a-zA-Z]*f/i.test(value.text())) return value.text();
  return usableAt(value, site, root) ? value.text() : null;
};

/**
 * The key and algorithm the module signs its tokens with: every `jwt.encode(payload, key,
 * algorithm=...)` in the file must agree, and the key expression must only read module-level
 * names not shadowed where the token is decoded; else module constants such as `JWT_SECRET` and
 * `JWT_ALGORITHM`. Null when the module does not say.
 */
export const verificationInScope = (
  root: SgNode,
  site: SgNode,
  imports: ImportMap,
): Verification | null => {
  const encodes = root
    .findAll({ rule: { kind: 'call' } })
    .filter((call) => calleeName(call, imports) === 'jwt.encode');
  if (encodes.length > 0) {
    const found = encodes.map((call) => {
      const key = positional(call)[1] ?? keywordValue(call, 'key');
      const algorithm = algorithmText(
        keywordValue(call, 'algorithm') ?? positional(call)[2],
        site,
        root,
      );
      return key && algorithm && usableAt(key, site, root) ? { key: key.text(), algorithm } : null;
    });
    const first = found[0];
    const agree = found.every((f) => f && f.key === first?.key && f.algorithm === first.algorithm);
    return agree && first ? first : null;
  }
  const constants = root
    .children()
    .filter((n) => n.kind() === 'expression_statement')
    .map((n) => n.child(0)?.field('left')?.text() ?? '');
  const fn = enclosingFunction(site);
  const free = (name: string) =>
    !fn || (localUses(fn, name).assignments.length === 0 && !localUses(fn, name).parameter);
  const key = constants.filter((n) => KEY_NAME.test(n) && free(n));
  const algorithm = constants.filter((n) => ALGORITHM_NAME.test(n) && free(n));
  return key.length === 1 && algorithm.length === 1
    ? { key: key[0]!, algorithm: algorithm[0]! }
    : null;
};
