import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { effectiveSettings, type QUEUES } from '@remediation/contracts';
import { storeSarifScan, type Db } from '@remediation/db';
import { isGithubProvider } from '@remediation/forges';
import type { Logger, Producer } from '@remediation/runtime';
import { inspectSarif, type SarifLimits } from '@remediation/sarif';
import type { ForgeFor } from '../forge-resolver.js';

const gzipAsync = promisify(gzip);

export interface CodeScanningDeps {
  db: Db;
  logger: Logger;
  forgeFor: ForgeFor;
  ingest: Pick<Producer<typeof QUEUES.sarifIngest>, 'add'>;
  limits: SarifLimits;
}

/**
 * SARIF from GitHub code scanning (a natively integrated scanner): the analyses of the event's
 * commit are pulled as SARIF (`Accept: application/sarif+json`) and ingested like an upload —
 * accepted under the repository's validation mode, stored, a `github_code_scanning` scan
 * queued — once per analysis (the idempotency key is the analysis id). Returns the scans made.
 */
export const ingestCodeScanning = async (
  deps: CodeScanningDeps,
  repositoryId: string,
  event: { ref: string; commitSha: string },
): Promise<string[]> => {
  const { provider, repo } = await deps.forgeFor(repositoryId);
  if (!isGithubProvider(provider)) return [];
  const settings = effectiveSettings(
    (
      await deps.db
        .selectFrom('repositories')
        .select('settings')
        .where('id', '=', repositoryId)
        .executeTakeFirstOrThrow()
    ).settings,
  );
  const scans: string[] = [];
  for (const analysis of await provider.listCodeScanningAnalyses(
    repo,
    event.ref,
    event.commitSha,
  )) {
    const key = `github-analysis:${analysis.id}`;
    const known = await deps.db
      .selectFrom('scans')
      .select('id')
      .where('repository_id', '=', repositoryId)
      .where('idempotency_key', '=', key)
      .executeTakeFirst();
    if (known) continue;
    const text = await provider.downloadAnalysisSarif(repo, analysis.id);
    const inspection = inspectSarif(text, deps.limits, settings.sarif_validation);
    if (inspection.kind !== 'valid') {
      deps.logger.warn(
        { repositoryId, analysisId: analysis.id, verdict: inspection.kind },
        'a code scanning analysis was not accepted',
      );
      continue;
    }
    const gz = await gzipAsync(text);
    const scanId = await deps.db.transaction().execute(async (trx) => {
      const stored = await storeSarifScan(trx, {
        repositoryId,
        gzip: gz,
        sha256: createHash('sha256').update(text).digest('hex'),
        size: text.length,
        source: 'github_code_scanning',
        tools: inspection.envelope.tools,
        commitSha: analysis.commitSha || event.commitSha,
        ref: analysis.ref || event.ref,
        checkoutUri: null,
        idempotencyKey: key,
        warnings: inspection.warnings,
        warningsCount: inspection.warningsCount,
      });
      await deps.ingest.add({ scanId: stored.scanId });
      return stored.scanId;
    });
    scans.push(scanId);
  }
  return scans;
};
