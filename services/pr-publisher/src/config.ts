import { Type } from '@sinclair/typebox';
import { configSchema } from '@remediation/runtime';
import { SourceAccessConfig } from '@remediation/source-access';

export const PublisherConfig = configSchema({
  ...SourceAccessConfig,
  /** Decrypts repository credentials (the same key as the gateway's). */
  SECRETS_ENCRYPTION_KEY: Type.String({ minLength: 1 }),
  /** Base URL of the service, for links in pull request bodies. */
  PUBLIC_URL: Type.String({ format: 'uri', default: 'http://localhost:8080' }),
  /** Publishes at once per process. */
  PUBLISHER_CONCURRENCY: Type.Integer({ minimum: 1, maximum: 32, default: 2 }),
  /** Author (and committer) of fix commits. */
  PR_AUTHOR_NAME: Type.String({ minLength: 1, default: 'remediation-bot' }),
  PR_AUTHOR_EMAIL: Type.String({
    minLength: 3,
    default: 'remediation-bot@users.noreply.localhost',
  }),
  /** Prefix of fix branches (the open-PR cap counts branches with it). */
  PR_BRANCH_PREFIX: Type.String({
    minLength: 1,
    pattern: '^[A-Za-z0-9._/-]+$',
    default: 'remediate/',
  }),
  /** GitHub API root (GitHub Enterprise Server: `https://ghe.example.com/api/v3`). */
  GITHUB_API_URL: Type.String({ format: 'uri', default: 'https://api.github.com' }),
  /** GitLab API root (self-managed: `https://gitlab.example.com/api/v4`). */
  GITLAB_API_URL: Type.String({ format: 'uri', default: 'https://gitlab.com/api/v4' }),
  /**
   * For `git` repositories: where a pushed branch can be compared, with `{repo}`, `{base}` and
   * `{branch}` (`https://git.example.com/{repo}/compare/{base}...{branch}`); unset = no PR URL.
   */
  GIT_COMPARE_URL_TEMPLATE: Type.Optional(Type.String({ minLength: 1 })),
  /** How long a fix waits when its repository has `max_open_prs` open fix PRs already. */
  PR_CAP_RETRY_MS: Type.Integer({ minimum: 1_000, default: 600_000 }),
  /** How often open PRs are polled for merge or close (covers forges without webhooks). */
  PR_POLL_INTERVAL_MS: Type.Integer({ minimum: 1_000, default: 300_000 }),
  /** PRs polled per round, least recently checked first. */
  PR_POLL_BATCH: Type.Integer({ minimum: 1, maximum: 1_000, default: 50 }),
  /** How often generated fixes of `auto_pr` repositories are checked for a lost publish job. */
  PUBLISH_SWEEP_INTERVAL_MS: Type.Integer({ minimum: 100, default: 30_000 }),
  /** Age after which such a fix's publish job is checked (at once after Redis reconnects). */
  PUBLISH_STRANDED_GRACE_MS: Type.Integer({ minimum: 1_000, default: 60_000 }),
});
