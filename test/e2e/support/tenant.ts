import type { Db } from '@remediation/db';
import { newId } from '@remediation/db';

export interface Tenant {
  orgId: string;
  orgSlug: string;
  repoId: string;
  repoName: string;
}

/** An organization and one repository cloned from `cloneUrl`, with settings over the defaults. */
export const insertTenant = async (
  db: Db,
  cloneUrl: string,
  settings: Record<string, unknown> = {},
): Promise<Tenant> => {
  const orgId = newId();
  const repoId = newId();
  const orgSlug = `org-${orgId.slice(-12)}`;
  const repoName = `acme/app-${repoId.slice(-6)}`;
  await db
    .insertInto('organizations')
    .values({
      id: orgId,
      slug: orgSlug,
      tier: 'standard',
      rate_limit_rpm: null,
      rate_limit_burst: null,
    })
    .execute();
  await db
    .insertInto('repositories')
    .values({
      id: repoId,
      organization_id: orgId,
      name: repoName,
      provider: 'git',
      clone_url: cloneUrl,
      credentials_ref: null,
      default_branch: 'main',
      settings: JSON.stringify(settings),
    })
    .execute();
  return { orgId, orgSlug, repoId, repoName };
};

export interface SeedFinding {
  ruleId: string | null;
  tool: string;
  uri: string;
  startLine: number;
  startColumn?: number;
  endLine?: number;
  endColumn?: number;
  message?: string;
  snippet?: string;
  codeFlows?: unknown[];
  sarifFixes?: unknown[];
  suppressed?: boolean;
  problems?: string[];
  rule?: Record<string, unknown>;
  properties?: Record<string, unknown>;
  level?: 'error' | 'warning' | 'note' | 'none';
  severity?: 'critical' | 'high' | 'medium' | 'low' | 'info';
  dataflowTier?: string;
}

/**
 * A scan as ingestion leaves it (`processing`, ingested) with its findings written and linked;
 * the caller adds the batches it needs.
 */
export const insertIngestedScan = async (
  db: Db,
  tenant: Tenant,
  commitSha: string | null,
  findings: readonly SeedFinding[],
): Promise<{ scanId: string; findingIds: string[] }> => {
  const scanId = newId();
  await db
    .insertInto('scans')
    .values({
      id: scanId,
      repository_id: tenant.repoId,
      sarif_document_id: null,
      state: 'processing',
      source: 'upload',
      commit_sha: commitSha,
      ref: 'refs/heads/main',
      checkout_uri: null,
      idempotency_key: null,
      error: null,
      findings_count: findings.length,
      ingested_at: new Date(),
      tools: [...new Set(findings.map((f) => f.tool))],
    })
    .execute();
  const findingIds = findings.map(() => newId());
  if (findings.length > 0) {
    await db
      .insertInto('findings')
      .values(
        findings.map((f, i) => ({
          id: findingIds[i]!,
          repository_id: tenant.repoId,
          fingerprint: `fp-${findingIds[i]}`,
          first_seen_scan_id: scanId,
          last_seen_scan_id: scanId,
          rule_id: f.ruleId,
          tool: f.tool,
          category: null,
          message: f.message ?? `${f.ruleId ?? 'finding'} at ${f.uri}:${f.startLine}`,
          uri: f.uri,
          start_line: f.startLine,
          start_column: f.startColumn ?? null,
          end_line: f.endLine ?? f.startLine,
          end_column: f.endColumn ?? null,
          level: f.level ?? 'error',
          severity: f.severity ?? 'high',
          dataflow_tier: f.dataflowTier ?? 'SINGLE_LOCATION',
          suppressed: f.suppressed ?? false,
          fixable: (f.problems ?? []).length === 0 && !(f.suppressed ?? false),
          problems: f.problems ?? [],
          code_flows: JSON.stringify(f.codeFlows ?? []),
          related_locations: JSON.stringify([]),
          properties: JSON.stringify(f.properties ?? {}),
          rule: JSON.stringify(f.rule ?? {}),
          snippet: f.snippet ?? null,
          sarif_fixes: JSON.stringify(f.sarifFixes ?? []),
        })),
      )
      .execute();
    await db
      .insertInto('scan_findings')
      .values(findingIds.map((id) => ({ scan_id: scanId, finding_id: id })))
      .execute();
  }
  return { scanId, findingIds };
};
