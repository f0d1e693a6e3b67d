/** What each check of a fix's evaluation asserts (the fixer's checks, in the order it runs them). */
const CHECK_LABELS: Record<string, string> = {
  parses: 'The changed files parse',
  pattern_gone: 'The vulnerable pattern is gone at each finding',
  idempotent: 'Applying the codemod again changes nothing',
  diff_local: 'The diff stays within each site plus imports and manifests',
  git_apply: 'The diff applies to the scanned commit',
};

export interface CheckItem {
  key: string;
  label: string;
  /** undefined: the check was not run (a rejected candidate never reaches `git apply`). */
  passed: boolean | undefined;
}

export interface RejectedCandidate {
  findingId: string;
  codemod: string;
  failures: string[];
}

export interface Checklist {
  ok: boolean | undefined;
  checks: CheckItem[];
  rejected: RejectedCandidate[];
  gitApplyError: string | undefined;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const str = (v: unknown, otherwise = ''): string => (typeof v === 'string' ? v : otherwise);

const label = (key: string) =>
  CHECK_LABELS[key] ?? key.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

const lines = (r: unknown) =>
  isObject(r) ? `${String(r['startLine'])}–${String(r['endLine'])}` : String(r);

/** One failed check of a rejected candidate, as a sentence. */
export const failureText = (f: unknown): string => {
  if (!isObject(f)) return String(f);
  const at = typeof f['path'] === 'string' ? `${f['path']}: ` : '';
  switch (f['check']) {
    case 'parses': {
      const errors = Array.isArray(f['errors']) ? (f['errors'] as Json[]) : [];
      const first = errors[0];
      return `${at}does not parse${first ? ` (${String(first['kind']).toLowerCase()} at line ${String(first['line'])}:${String(first['column'])})` : ''}`;
    }
    case 'pattern_gone':
      return 'the vulnerable pattern still matches';
    case 'idempotent':
      return 'applying the codemod again changes the code';
    case 'diff_local': {
      const outside = Array.isArray(f['outside']) ? f['outside'] : [];
      return `${at}changes outside the site (lines ${outside.map(lines).join(', ')})`;
    }
    default:
      return `${at}${str(f['check'], 'failed')}`;
  }
};

/**
 * A fix's `evaluation` as a checklist: every known check (passed, failed or not run) in order,
 * then any other check the record names; the rejected candidates with why; the `git apply`
 * error. Records with the checks at the top level (older fixes) read the same way.
 */
export const checklist = (evaluation: Json): Checklist => {
  const checks = isObject(evaluation['checks'])
    ? evaluation['checks']
    : Object.fromEntries(
        Object.entries(evaluation).filter(([k, v]) => k !== 'ok' && typeof v === 'boolean'),
      );
  const known = Object.keys(CHECK_LABELS);
  const keys = [
    ...known.filter((k) => k in checks || isObject(evaluation['checks'])),
    ...Object.keys(checks).filter((k) => !known.includes(k)),
  ];
  const rejected = Array.isArray(evaluation['rejected']) ? evaluation['rejected'] : [];
  return {
    ok: typeof evaluation['ok'] === 'boolean' ? evaluation['ok'] : undefined,
    checks: keys.map((key) => ({
      key,
      label: label(key),
      passed: typeof checks[key] === 'boolean' ? checks[key] : undefined,
    })),
    rejected: rejected.filter(isObject).map((r) => ({
      findingId: str(r['finding_id']),
      codemod: str(r['codemod']),
      failures: (Array.isArray(r['failures']) ? r['failures'] : []).map(failureText),
    })),
    gitApplyError:
      typeof evaluation['git_apply_error'] === 'string' ? evaluation['git_apply_error'] : undefined,
  };
};
