import { EventEnvelope, makeEnvelope, validate, type Severity } from '@remediation/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeedFinding } from '../../../test/e2e/support/tenant.js';
import { createHarness, type Harness } from './harness.js';

const SESSION = `'use strict';

const express = require('express');

function newSessionId() {
  return Math.random().toString(36).slice(2);
}

module.exports = { newSessionId, express };
`;

const SPEC = `const { newSessionId } = require('../src/session');

test('ids differ', () => {
  expect(Math.random()).not.toBe(Math.random());
});
`;

// A query whose only outside value is checked by a validator another module of the project
// defines: triage must read that module at the scan's commit.
const CHECKS = `import re

_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


def require_identifier(name):
    if not _NAME.fullmatch(name):
        raise ValueError(f"not an identifier: {name!r}")
`;

const REPORTS = `from reports.checks import require_identifier


def count_rows(cursor, table):
    require_identifier(table)
    cursor.execute("SELECT count(*) FROM %s" % table)
    return cursor.fetchone()[0]
`;

// Go: the handler keeps only the last element of the name with a function of another package of
// the module, which triage lists and reads at the scan's commit.
const GO_FILES = {
  'go.mod': 'module example.com/files\n\ngo 1.22\n',
  'internal/names/names.go': `package names

import "path/filepath"

// Leaf keeps the last element of a requested name.
func Leaf(p string) string {
\treturn filepath.Base(p)
}
`,
  'web/download.go': `package web

import (
\t"net/http"
\t"os"
\t"path/filepath"

\t"example.com/files/internal/names"
)

func Download(w http.ResponseWriter, r *http.Request) {
\tname := names.Leaf(r.URL.Query().Get("file"))
\tdata, err := os.ReadFile(filepath.Join("/srv/files", name))
\tif err != nil {
\t\thttp.NotFound(w, r)
\t\treturn
\t}
\tw.Write(data)
}
`,
};

let h: Harness;
beforeAll(async () => {
  h = await createHarness({
    'src/session.js': SESSION,
    'test/session.test.js': SPEC,
    'reports/checks.py': CHECKS,
    'reports/queries.py': REPORTS,
    ...GO_FILES,
  });
  h.startTriager();
});
afterAll(async () => h?.close());

const token: SeedFinding = {
  ruleId: 'js/insecure-randomness',
  tool: 'CodeQL',
  uri: 'src/session.js',
  startLine: 6,
  startColumn: 10,
  endLine: 6,
  endColumn: 23,
  message:
    'This uses a cryptographically insecure random number generated at Math.random() in a security context.',
  rule: {
    id: 'js/insecure-randomness',
    cwe: ['CWE-338'],
    precision: 'high',
    security_severity: '7.8',
    tags: ['security'],
  },
};
const inTest: SeedFinding = {
  ...token,
  uri: 'test/session.test.js',
  startLine: 4,
  startColumn: 10,
  endColumn: 23,
};

const verdicts = (scanId: string) =>
  h.db.selectFrom('triage_results').selectAll().where('scan_id', '=', scanId).execute();

const events = (repoId: string) =>
  h.db
    .selectFrom('outbox')
    .select(['type', 'envelope'])
    .where('repository_id', '=', repoId)
    .orderBy('id')
    .execute();

const formattedSql: SeedFinding = {
  ruleId: 'B608',
  tool: 'Bandit',
  uri: 'reports/queries.py',
  startLine: 6,
  message: 'Possible SQL injection vector through string-based query construction.',
  level: 'warning',
  severity: 'medium',
  rule: { id: 'B608', cwe: ['CWE-89'], tags: ['security'] },
};

const goFileRead: SeedFinding = {
  ruleId: 'G304',
  tool: 'gosec',
  uri: 'web/download.go',
  startLine: 13,
  message: 'Potential file inclusion via variable',
  level: 'warning',
  severity: 'medium',
  rule: { id: 'G304', cwe: ['CWE-22'], tags: ['security'] },
};

describe('triage of a scan', () => {
  it('when a Go handler cleans the name with a function of another package of its module, then that package is listed and read and the finding is FALSE_POSITIVE', async () => {
    const { scanId } = await h.submit([goFileRead], { settings: { auto_fix: false } });
    await h.waitForScan(scanId);
    const [row] = await verdicts(scanId);
    expect(row).toMatchObject({ classification: 'FALSE_POSITIVE' });
    expect(JSON.stringify(row!.evidence)).toMatch(
      /names\.Leaf\(r\.URL\.Query\(\)\.Get\(\\"file\\"\)\) → Leaf\(\) returns no input \(read in the module it is imported from\)/,
    );
  });

  it('when the value is checked by a validator another module of the project defines, then that module is read and the finding is FALSE_POSITIVE', async () => {
    const { scanId, tenant, findingIds } = await h.submit([formattedSql], {
      settings: { auto_fix: false },
    });
    await h.waitForScan(scanId);
    const [row] = await verdicts(scanId);
    expect(row).toMatchObject({ classification: 'FALSE_POSITIVE' });
    expect(JSON.stringify(row!.evidence)).toMatch(
      /require_identifier\(table\) \(require_identifier\(\) refuses name unless it passes its checks\)/,
    );
    // At a commit where the validator only logs, the same finding is a true positive.
    const logging = h.repo.commit({
      'reports/checks.py': CHECKS.replace(
        '        raise ValueError(f"not an identifier: {name!r}")',
        '        print(f"not an identifier: {name!r}")',
      ),
    });
    const again = await h.rescan(tenant, findingIds, logging);
    await h.waitForScan(again);
    const [later] = await verdicts(again);
    expect(later).toMatchObject({ classification: 'TRUE_POSITIVE', reused_from: null });
  });

  it('when every batch is triaged, then each finding has a verdict with evidence, one triage.completed each, and the scan completes once', async () => {
    const findings = Array.from({ length: 5 }, (_, i) => ({
      ...token,
      message: `${token.message} #${i}`,
    }));
    const { scanId, tenant } = await h.submit([...findings, inTest], {
      settings: { auto_fix: false },
      batchSize: 2,
    });
    expect(await h.waitForScan(scanId)).toMatchObject({ state: 'completed' });
    const rows = await verdicts(scanId);
    expect(rows).toHaveLength(6);
    for (const r of rows) {
      expect(r.justification.length).toBeGreaterThan(0);
      expect(r.evidence.length).toBeGreaterThan(0);
      expect(r.confidence).toBeGreaterThanOrEqual(0);
      expect(r.confidence).toBeLessThanOrEqual(1);
      expect(r.provider).toBe('deterministic');
    }
    const sent = await events(tenant.repoId);
    expect(sent.filter((e) => e.type === 'triage.completed')).toHaveLength(6);
    expect(sent.filter((e) => e.type === 'scan.completed')).toHaveLength(1);
    expect(sent.at(-1)!.type).toBe('scan.completed');
    // Each envelope (built by PostgreSQL from its verdict) is the contract's, field for field
    // what makeEnvelope makes of the stored verdict.
    for (const event of sent.filter((e) => e.type === 'triage.completed')) {
      const envelope = event.envelope as EventEnvelope<'triage.completed'>;
      expect(validate(EventEnvelope, envelope).ok).toBe(true);
      const verdict = rows.find((r) => r.finding_id === envelope.data.finding_id)!;
      expect(envelope).toEqual(
        makeEnvelope({
          id: envelope.id,
          type: 'triage.completed',
          createdAt: new Date(envelope.created_at),
          organization: tenant.orgSlug,
          repository: tenant.repoName,
          data: {
            finding_id: verdict.finding_id,
            rule_id: 'js/insecure-randomness',
            classification: verdict.classification,
            severity: verdict.severity as Severity,
            justification: verdict.justification,
            confidence: verdict.confidence,
            evidence_summary: envelope.data.evidence_summary,
          },
        }),
      );
      expect(envelope.data.evidence_summary).toMatch(
        new RegExp(`^${verdict.classification} ${Math.round(verdict.confidence * 100)}%: `),
      );
    }
  });

  it('when a finding is in test code, then it is WONT_FIX with the path as evidence', async () => {
    const { scanId, findingIds } = await h.submit([inTest], { settings: { auto_fix: false } });
    await h.waitForScan(scanId);
    const [row] = await verdicts(scanId);
    expect(row).toMatchObject({ finding_id: findingIds[0], classification: 'WONT_FIX' });
    expect(JSON.stringify(row!.evidence)).toMatch(/test/i);
  });

  it('when the scan has no commit, then verdicts come from the SARIF alone and say why', async () => {
    const { scanId } = await h.submit([token], { commit: null, settings: { auto_fix: false } });
    await h.waitForScan(scanId);
    const [row] = await verdicts(scanId);
    expect(JSON.stringify(row!.evidence)).toContain('the scan has no commit');
  });

  it('when a true positive has a codemod and auto_fix is on, then a fix attempt is planned and the scan waits for it', async () => {
    const { scanId, findingIds } = await h.submit([token], { settings: { auto_fix: true } });
    const deadline = Date.now() + 30_000;
    let batch;
    while (
      !(batch = await h.db
        .selectFrom('scan_batches')
        .selectAll()
        .where('scan_id', '=', scanId)
        .where('stage', '=', 'fix')
        .executeTakeFirst())
    ) {
      if (Date.now() > deadline) throw new Error('no fix batch');
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(batch).toMatchObject({ finding_ids: findingIds, state: 'pending' });
    expect(await h.fixQueue.getJob(`fix-${batch.id}`)).toBeDefined();
    const scan = await h.db
      .selectFrom('scans')
      .select(['state', 'triaged_at'])
      .where('id', '=', scanId)
      .executeTakeFirstOrThrow();
    expect(scan.state).toBe('processing');
    expect(scan.triaged_at).not.toBeNull();
  });

  it('when auto_fix is off, then no fix attempt is planned', async () => {
    const { scanId } = await h.submit([token], { settings: { auto_fix: false } });
    await h.waitForScan(scanId);
    const fixes = await h.db
      .selectFrom('scan_batches')
      .select('id')
      .where('scan_id', '=', scanId)
      .where('stage', '=', 'fix')
      .execute();
    expect(fixes).toEqual([]);
  });
});

describe('verdicts across rescans', () => {
  it('when a finding is seen again with the same evidence, then its verdict is reused without a second event', async () => {
    const first = await h.submit([token], { settings: { auto_fix: false } });
    await h.waitForScan(first.scanId);
    const triaged = async () =>
      (await events(first.tenant.repoId)).filter((e) => e.type === 'triage.completed').length;
    const before = await triaged();
    const second = await h.rescan(first.tenant, first.findingIds);
    await h.waitForScan(second);
    const [original] = await verdicts(first.scanId);
    const [row] = await verdicts(second);
    expect(row).toMatchObject({
      reused_from: original!.id,
      classification: original!.classification,
      evidence_hash: original!.evidence_hash,
    });
    expect(await triaged()).toBe(before);
  });

  it('when the code changed, then the verdict is made again and announced', async () => {
    const first = await h.submit([token], { settings: { auto_fix: false } });
    await h.waitForScan(first.scanId);
    // The line the finding points at now computes a retry delay, not an identifier.
    const changed = h.repo.commit({
      'src/session.js': SESSION.replace(
        'function newSessionId() {\n  return Math.random().toString(36).slice(2);',
        'function retryDelayMs() {\n  return 100 + Math.random() * 50;',
      ),
    });
    const second = await h.rescan(first.tenant, first.findingIds, changed);
    await h.waitForScan(second);
    const [row] = await verdicts(second);
    const [original] = await verdicts(first.scanId);
    expect(row!.reused_from).toBeNull();
    expect(row!.evidence_hash).not.toBe(original!.evidence_hash);
  });

  it('when a person overrode the verdict, then triage keeps the override and writes no verdict', async () => {
    const first = await h.submit([token], { settings: { auto_fix: true }, enqueue: false });
    await h.db
      .insertInto('triage_overrides')
      .values({
        finding_id: first.findingIds[0]!,
        classification: 'FALSE_POSITIVE',
        justification: 'The id is only a cache key.',
        actor: 'user:test',
      })
      .execute();
    await h.triage.add({ scanId: first.scanId, batchId: first.batches[0]! });
    const scan = await h.waitForScan(first.scanId).catch(async (err: Error) => {
      const batches = await h.db
        .selectFrom('scan_batches')
        .selectAll()
        .where('scan_id', '=', first.scanId)
        .execute();
      throw new Error(`${err.message}: ${JSON.stringify(batches)}`);
    });
    expect(scan.state).toBe('completed');
    expect(await verdicts(first.scanId)).toEqual([]);
    // Overridden as a false positive: never routed to the fixer.
    const fixes = await h.db
      .selectFrom('scan_batches')
      .select('id')
      .where('scan_id', '=', first.scanId)
      .where('stage', '=', 'fix')
      .execute();
    expect(fixes).toEqual([]);
  });
});

describe('failures', () => {
  it('when a batch fails for good, then its findings have no verdict but the error, and the scan completes', async () => {
    const other = await h.submit([], { settings: { auto_fix: false } });
    const { scanId, findingIds, batches } = await h.submit([token], {
      settings: { auto_fix: false },
      enqueue: false,
    });
    // A job that names the batch under the wrong scan is unrecoverable: it fails at once.
    await h.triage.add({ scanId: other.scanId, batchId: batches[0]! });
    expect(await h.waitForScan(scanId)).toMatchObject({ state: 'completed' });
    const batch = await h.db
      .selectFrom('scan_batches')
      .select(['state', 'error'])
      .where('id', '=', batches[0]!)
      .executeTakeFirstOrThrow();
    expect(batch.state).toBe('failed');
    expect(batch.error).toMatch(/triage failed after 1 attempts: the triage batch does not exist/);
    const finding = await h.db
      .selectFrom('findings')
      .select('triage_error')
      .where('id', '=', findingIds[0]!)
      .executeTakeFirstOrThrow();
    expect(finding.triage_error).toBe(batch.error);
    expect(await verdicts(scanId)).toEqual([]);
  });
});
