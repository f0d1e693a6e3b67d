import type { SgNode } from '@ast-grep/napi';

/** How a name is used inside one function. */
export interface LocalUses {
  /** `name = ...` assignments (plain identifier targets). */
  assignments: SgNode[];
  /** Every other occurrence of the name (reads, and targets of other bindings). */
  reads: SgNode[];
  /** True when the function takes a parameter of that name. */
  parameter: boolean;
}

/** True for an identifier that names a keyword or an attribute rather than a variable. */
const isLabel = (n: SgNode): boolean => {
  const parent = n.parent();
  if (parent?.kind() === 'keyword_argument') return parent.field('name')?.id() === n.id();
  if (parent?.kind() === 'attribute') return parent.field('attribute')?.id() === n.id();
  return false;
};

/** The assignments and other occurrences of `name` inside a function. */
export const localUses = (fn: SgNode, name: string): LocalUses => {
  const assignments = fn
    .findAll({ rule: { kind: 'assignment' } })
    .filter((a) => a.field('left')?.kind() === 'identifier' && a.field('left')!.text() === name);
  const targets = new Set(assignments.map((a) => a.field('left')!.id()));
  const params = fn.field('parameters');
  const inParams = (n: SgNode) =>
    !!params &&
    params.range().start.index <= n.range().start.index &&
    n.range().end.index <= params.range().end.index;
  const all = fn.findAll({ rule: { kind: 'identifier', regex: `^${name}$` } });
  return {
    assignments,
    reads: all.filter((n) => !targets.has(n.id()) && !inParams(n) && !isLabel(n)),
    parameter: all.some(inParams),
  };
};

const contains = (outer: SgNode, inner: SgNode): boolean =>
  outer.range().start.index <= inner.range().start.index &&
  inner.range().end.index <= outer.range().end.index;

/** The innermost block (or the module) holding both nodes: the region a two-statement fix edits. */
export const commonBlock = (a: SgNode, b: SgNode): SgNode => {
  for (let n: SgNode | null = a.parent(); n; n = n.parent()) {
    if ((n.kind() === 'block' || n.kind() === 'module') && contains(n, b)) return n;
  }
  return a.getRoot().root();
};
