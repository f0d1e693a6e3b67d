/** A forge notification in the terms pr-publisher acts on. */
export type ForgeEvent =
  | {
      kind: 'pull_request';
      /** `merged`/`closed` end a PR; `other` is any other change (opened, labeled, ...). */
      action: 'merged' | 'closed' | 'other';
      repositoryFullName: string;
      number: number;
      url: string;
      headBranch: string;
      /** ISO 8601. */
      mergedAt: string | null;
      mergedBy: string | null;
      mergeCommitSha: string | null;
      closedAt: string | null;
      closedBy: string | null;
    }
  | {
      kind: 'code_scanning';
      repositoryFullName: string;
      /** `refs/heads/main`, `refs/pull/1/merge`. */
      ref: string;
      commitSha: string;
      analysisKey?: string;
    }
  | { kind: 'ignored'; reason: string };

export const ignored = (reason: string): ForgeEvent => ({ kind: 'ignored', reason });

type Json = Record<string, unknown>;

export const isObject = (v: unknown): v is Json =>
  v !== null && typeof v === 'object' && !Array.isArray(v);
export const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
export const num = (v: unknown): number | null =>
  typeof v === 'number' && Number.isInteger(v) ? v : null;

/** A date as ISO 8601 (GitLab also sends `2013-12-03 17:23:34 UTC`); null when absent or unreadable. */
export const isoDate = (v: unknown): string | null => {
  const text = str(v);
  if (text === null) return null;
  const ms = Date.parse(text.replace(/^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d) UTC$/, '$1T$2Z'));
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
};

/** `obj.a.b.c`, or undefined when any step is not an object. */
export const at = (obj: unknown, ...keys: string[]): unknown =>
  keys.reduce<unknown>((acc, key) => (isObject(acc) ? acc[key] : undefined), obj);
