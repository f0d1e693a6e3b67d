/** Inbound integrations of the gateway (decision 0022). */
export interface IntegrationSettings {
  /** Secret of the GitHub webhook (`X-Hub-Signature-256`); its endpoint answers 404 without it. */
  githubWebhookSecret?: string | undefined;
  /** Secret token of the GitLab webhook (`X-Gitlab-Token`); its endpoint answers 404 without it. */
  gitlabWebhookToken?: string | undefined;
  /** Largest forge webhook body, bytes (GitHub caps payloads at 25 MB; PR events are a few KB). */
  forgeWebhookMaxBytes: number;
  /** How far `X-Remediation-Timestamp` may be from the gateway's clock, ms (either way). */
  sarifReplayWindowMs: number;
}

export const DEFAULT_INTEGRATION_SETTINGS: IntegrationSettings = {
  forgeWebhookMaxBytes: 5 * 1024 * 1024,
  sarifReplayWindowMs: 5 * 60_000,
};
