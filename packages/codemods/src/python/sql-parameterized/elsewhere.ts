import type { SgNode } from '@ast-grep/napi';
import type { Site } from '../../types.js';
import { enclosingFunction } from '../shared/names.js';
import { localUses } from '../shared/scope.js';
import { templateOf } from '../shared/template.js';
import { parameterize } from './rewrite.js';

/**
 * DB-API cursor methods and SQLAlchemy's `Connection.exec_driver_sql(statement, parameters)`,
 * which hands the statement and parameters to the driver's cursor as they are.
 */
export const EXECUTE = new Set(['execute', 'executemany', 'exec_driver_sql']);

/**
 * SQL text as scanners match it (Bandit B608, Semgrep's formatted-SQL rules): a statement
 * keyword followed by its clause, in any case.
 */
const SQL_TEXT =
  /\b(select\s[\s\S]*\sfrom|insert\s+into|update\s+([\s\S]*\s)?set|delete\s+from|create\s[\s\S]*\sas\s+select)\b/i;

const isString = (n: SgNode): boolean =>
  n.kind() === 'string' || n.kind() === 'concatenated_string';

const unwrap = (n: SgNode): SgNode => {
  let inner = n;
  while (inner.kind() === 'parenthesized_expression') {
    const kids = inner.namedChildren().filter((c) => c.kind() !== 'comment');
    if (kids.length !== 1) break;
    inner = kids[0]!;
  }
  return inner;
};

const operator = (n: SgNode): string | undefined =>
  n.kind() === 'binary_operator' ? n.child(1)?.text() : undefined;

/** `x.format(...)` called on a string literal: the call node, else null. */
const formatCall = (n: SgNode): SgNode | null => {
  if (n.kind() !== 'call') return null;
  const callee = n.field('function');
  if (callee?.kind() !== 'attribute' || callee.field('attribute')?.text() !== 'format') return null;
  return isString(unwrap(callee.field('object')!)) ? n : null;
};

/** A string put together from literal text and values: an f-string, `%`, `+` or `.format()`. */
const isBuilt = (n: SgNode): boolean => {
  if (isString(n)) return !!n.find({ rule: { kind: 'interpolation' } });
  const op = operator(n);
  if (op === '%') return isString(unwrap(n.field('left')!));
  if (op === '+') {
    const sides = [n.field('left')!, n.field('right')!].map(unwrap);
    return sides.some((s) => isString(s) || isBuilt(s));
  }
  return formatCall(n) !== null;
};

/** The expression a string-building node is a part of (`"a" + x` inside `("a" + x) % y`). */
const chainParent = (n: SgNode): SgNode | null => {
  const p = n.parent();
  if (!p) return null;
  if (p.kind() === 'parenthesized_expression' || p.kind() === 'concatenated_string') return p;
  const op = operator(p);
  if (op === '+' || op === '%') return p;
  if (p.kind() === 'attribute' && p.field('object')?.id() === n.id()) {
    const call = p.parent();
    return call && formatCall(call) ? call : null;
  }
  return null;
};

/** The whole string-building expression around `n`. */
const topOf = (n: SgNode): SgNode => {
  let top = n;
  for (let p = chainParent(top); p; p = chainParent(top)) top = p;
  return unwrap(top);
};

const inside = (inner: SgNode, outer: SgNode): boolean =>
  outer.range().start.index <= inner.range().start.index &&
  inner.range().end.index <= outer.range().end.index;

const overlapping = (a: SgNode, b: SgNode): boolean =>
  a.range().start.index < b.range().end.index && b.range().start.index < a.range().end.index;

/** The statement or expression that takes the value of `n` (through parentheses). */
const takerOf = (n: SgNode): { taker: SgNode; node: SgNode } | null => {
  let node = n;
  let p = n.parent();
  while (p && (p.kind() === 'parenthesized_expression' || p.kind() === 'expression_list')) {
    node = p;
    p = p.parent();
  }
  return p ? { taker: p, node } : null;
};

/** `a.b.c(...)` → `c`: the name a reviewer recognizes in the reason. */
const calleeLabel = (call: SgNode): string => {
  const callee = call.field('function');
  const name = callee?.kind() === 'attribute' ? callee.field('attribute') : callee;
  return name?.text() ?? 'another function';
};

const RAISED =
  'the string is the message of a raised exception, not a query: nothing runs it as SQL';
const NAMES =
  'a value stands where SQL expects a name, a clause or a sub-query (a table, a column, a ' +
  'fragment), which a parameter cannot carry: it must be quoted or checked where it is built';
const RETURNED =
  'the SQL text is returned and run by the caller: its values cannot be bound here without ' +
  'changing what the function returns';
const FRAGMENT =
  'the SQL text is not run by an execute() call in this code (a fragment or a statement ' +
  'assembled here and run elsewhere): the values are bound, or not, where it runs';
const REASSIGNED =
  'the query variable execute() runs is assigned more than once (in branches or in turn): ' +
  'the rewrite follows a single assignment';
const passedTo = (call: SgNode): string =>
  EXECUTE.has(calleeLabel(call))
    ? REASSIGNED
    : `the SQL text is passed to ${calleeLabel(call)}(), not run by an execute() call here: ` +
      'its values are bound, or not, where that function runs it';

/** Where the SQL text built at `top` goes: returned, passed to a call, appended to, ... */
const flowReason = (top: SgNode, depth = 0): string => {
  const taken = takerOf(top);
  if (!taken) return FRAGMENT;
  const { taker, node } = taken;
  switch (taker.kind()) {
    case 'return_statement':
      return RETURNED;
    case 'argument_list':
      return passedTo(taker.parent()!);
    case 'keyword_argument':
      return taker.parent()?.kind() === 'argument_list'
        ? passedTo(taker.parent()!.parent()!)
        : FRAGMENT;
    case 'assignment': {
      const left = taker.field('left');
      if (depth > 0 || left?.kind() !== 'identifier' || taker.field('right')?.id() !== node.id())
        return FRAGMENT;
      const scope = enclosingFunction(taker) ?? taker.getRoot().root();
      const reads = localUses(scope, left.text()).reads.filter(
        (r) => r.range().start.index > taker.range().end.index,
      );
      return reads[0] ? flowReason(reads[0], depth + 1) : FRAGMENT;
    }
    default:
      return FRAGMENT;
  }
};

/** Why SQL text built at `top`, which no execute() in this code runs, is left alone. */
const reasonFor = (top: SgNode): string => {
  for (let p = top.parent(); p && p.kind() !== 'function_definition'; p = p.parent()) {
    if (p.kind() === 'raise_statement') return RAISED;
  }
  const template = templateOf(top);
  if (!('refusal' in template)) {
    const result = parameterize(template.pieces, 'format', '"');
    if (typeof result === 'string' && /name or a condition/.test(result)) return NAMES;
  }
  return flowReason(top);
};

/** The SQL text of a built string (values as `x`), or its source text when not a template. */
const sqlText = (top: SgNode): string | null => {
  const template = templateOf(top);
  if ('refusal' in template) return top.text();
  if (!template.pieces.some((p) => p.kind === 'value')) return null;
  return template.pieces.map((p) => (p.kind === 'text' ? p.value : ' x ')).join('');
};

/**
 * SQL text built from values (an f-string, `%`, `+`, `.format()`) that no `execute()` in the
 * file runs: returned to a caller, passed to a statement or fragment builder, raised as an
 * error message, or holding names rather than data. Scanners report the string where it is
 * built; the codemod declines each with the reason. `taken`: the nodes of the execute sites,
 * which keep their own findings.
 */
export const sqlBuiltElsewhere = <D>(root: SgNode, taken: readonly SgNode[]): Site<D>[] => {
  const tops = new Map<number, SgNode>();
  for (const n of root.findAll({
    rule: {
      any: [
        { kind: 'string' },
        { kind: 'concatenated_string' },
        { kind: 'binary_operator' },
        { kind: 'call' },
      ],
    },
  })) {
    if (!isBuilt(n)) continue;
    const top = topOf(n);
    if (!tops.has(top.id())) tops.set(top.id(), top);
  }
  const sites: Site<D>[] = [];
  for (const top of tops.values()) {
    if (!isBuilt(top) || !SQL_TEXT.test(sqlText(top) ?? '')) continue;
    if (taken.some((t) => overlapping(t, top) || inside(top, t))) continue;
    sites.push({ node: top, decline: reasonFor(top) });
  }
  return sites;
};
