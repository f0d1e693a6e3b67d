import type { RepositorySettings } from '@remediation/contracts';

/** A finding triage routed to the fixer, with what grouping needs. */
export interface RoutedFinding {
  id: string;
  tool: string;
  ruleId: string | null;
  uri: string | null;
}

/**
 * Groups a triaged scan's routed findings into fix attempts per the repository's `pr_grouping`:
 * one per finding (default), one per rule (the same codemod) or one per file. Groups are capped
 * at the fix queue's 100 findings; ids are sorted so a replanned group is the same group.
 */
export const planFixes = (
  routed: readonly RoutedFinding[],
  grouping: RepositorySettings['pr_grouping'],
  maxPerGroup = 100,
): string[][] => {
  if (grouping === 'finding') return routed.map((f) => [f.id]).sort();
  const groups = new Map<string, string[]>();
  for (const f of routed) {
    const key = grouping === 'rule' ? `${f.tool}\u0000${f.ruleId ?? ''}` : (f.uri ?? '');
    const list = groups.get(key);
    if (list) list.push(f.id);
    else groups.set(key, [f.id]);
  }
  const out: string[][] = [];
  for (const ids of groups.values()) {
    const sorted = [...ids].sort();
    for (let i = 0; i < sorted.length; i += maxPerGroup) out.push(sorted.slice(i, i + maxPerGroup));
  }
  return out;
};
