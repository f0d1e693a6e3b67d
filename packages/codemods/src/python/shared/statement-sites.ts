import type { SgNode } from '@ast-grep/napi';
import { enclosingStatement } from '../../engine/source-file.js';
import type { Site } from '../../types.js';

const within = (inner: SgNode, outer: SgNode): boolean =>
  outer.range().start.index <= inner.range().start.index &&
  inner.range().end.index <= outer.range().end.index;

/**
 * The sites of the statement `site` is in, in file order. A scanner reports each of two sinks on
 * one line; fixing them together leaves nothing for the fix's own re-check to find on that line,
 * and gives every finding of the statement the same change (two pull requests then merge).
 */
export const statementSites = <D>(site: Site<D>, all: readonly Site<D>[]): Site<D>[] => {
  const statement = enclosingStatement(site.node);
  const found = all.filter((s) => within(s.node, statement));
  return found.length > 0 ? found : [site];
};

/** True when one site's node lies inside another's (their edits would overlap). */
export const nestedSites = (sites: readonly Site<unknown>[]): boolean =>
  sites.some((a, i) => sites.some((b, j) => i !== j && within(a.node, b.node)));
