import { Type, type Static } from '@sinclair/typebox';
import { Id, Nullable, Page, Provider, Severity, Timestamp } from './common.js';

export const PR_GROUPINGS = ['finding', 'rule', 'file'] as const;
export const SARIF_VALIDATION_MODES = ['tolerant', 'strict'] as const;
export const TRIAGE_SENSITIVITIES = ['conservative', 'balanced', 'aggressive'] as const;
export type TriageSensitivity = (typeof TRIAGE_SENSITIVITIES)[number];
export type SarifValidationMode = (typeof SARIF_VALIDATION_MODES)[number];

const settingsProperties = {
  auto_fix: Type.Boolean({ description: 'Generate fixes for true positives that have a codemod' }),
  auto_pr: Type.Boolean({ description: 'Open pull requests for generated fixes' }),
  pr_grouping: Type.Union(
    PR_GROUPINGS.map((g) => Type.Literal(g)),
    { description: 'One pull request per finding, per rule or per file' },
  ),
  draft_prs: Type.Boolean({ description: 'Open pull requests as drafts' }),
  labels: Type.Array(Type.String({ minLength: 1, maxLength: 50 }), {
    maxItems: 20,
    uniqueItems: true,
    description: 'Labels put on opened pull requests',
  }),
  excluded_paths: Type.Array(Type.String({ minLength: 1, maxLength: 256 }), {
    maxItems: 100,
    uniqueItems: true,
    description:
      'Glob patterns (minimatch) of repository paths whose findings triage calls WONT_FIX and never fixes',
  }),
  min_severity: Type.Union(Severity.anyOf, {
    description: 'Findings below this severity are WONT_FIX (not fixed)',
  }),
  reviewers: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
    maxItems: 15,
    uniqueItems: true,
    description: 'Forge usernames asked to review opened pull requests',
  }),
  max_open_prs: Type.Integer({
    minimum: 0,
    maximum: 1000,
    description:
      'Open fix pull requests at most per repository; further fixes wait until some are merged or closed (0: no limit)',
  }),
  sensitivity: Type.Union(
    TRIAGE_SENSITIVITIES.map((m) => Type.Literal(m)),
    {
      description:
        'How readily triage calls a finding a false positive: `conservative` needs stronger evidence (fewer real issues dismissed, fewer false positives removed), `aggressive` less; `balanced` is the default (decision 0019)',
    },
  ),
  sarif_validation: Type.Union(
    SARIF_VALIDATION_MODES.map((m) => Type.Literal(m)),
    {
      description:
        "`tolerant` (default): only a document that cannot be processed is refused, every other schema violation is repaired or set aside and listed in the scan's `warnings`; `strict`: any schema violation is refused with 400 `invalid_sarif`",
    },
  ),
};

export const RepositorySettings = Type.Object(settingsProperties, {
  additionalProperties: false,
  title: 'RepositorySettings',
});
export type RepositorySettings = Static<typeof RepositorySettings>;

export const DEFAULT_REPOSITORY_SETTINGS: RepositorySettings = Object.freeze({
  auto_fix: true,
  auto_pr: false,
  pr_grouping: 'finding',
  draft_prs: true,
  labels: [],
  excluded_paths: [],
  min_severity: 'low',
  reviewers: [],
  max_open_prs: 10,
  sensitivity: 'balanced',
  sarif_validation: 'tolerant',
});

/** Stored settings over the defaults, so settings added later read with their default. */
export const effectiveSettings = (stored: Record<string, unknown>): RepositorySettings => ({
  ...DEFAULT_REPOSITORY_SETTINGS,
  ...(stored as Partial<RepositorySettings>),
});

export const RepositorySettingsPatch = Type.Partial(Type.Object(settingsProperties), {
  additionalProperties: false,
  minProperties: 1,
});

/** Body of `PATCH /repositories/{id}`: only `settings`, merged into the stored settings. */
export const PatchRepositoryBody = Type.Object(
  { settings: RepositorySettingsPatch },
  { additionalProperties: false, title: 'PatchRepositoryBody' },
);
export type PatchRepositoryBody = Static<typeof PatchRepositoryBody>;

export const RepositoryStatus = Type.Object(
  {
    last_scan: Nullable(
      Type.Object(
        {
          scan_id: Id,
          state: Type.String(),
          created_at: Timestamp,
          completed_at: Nullable(Timestamp),
        },
        { additionalProperties: false },
      ),
    ),
    open_findings: Type.Integer({ minimum: 0 }),
    open_fixes: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false },
);

export const Repository = Type.Object(
  {
    id: Id,
    name: Type.String({ description: 'owner/name' }),
    provider: Provider,
    default_branch: Type.String(),
    clone_url: Type.String({ description: 'Clone URL, never with credentials' }),
    settings: RepositorySettings,
    status: RepositoryStatus,
    created_at: Timestamp,
  },
  { additionalProperties: false, title: 'Repository' },
);
export type Repository = Static<typeof Repository>;

export const RepositoryList = Page(Repository, 'RepositoryList');
