import { setImmediate as turnOfTheLoop } from 'node:timers/promises';
import { DEFAULT_REPOSITORY_SETTINGS } from '@remediation/contracts';
import type { SourceView } from '@remediation/triage-engine';
import { describe, expect, it } from 'vitest';
import type { BatchScan, TriageFindingRow } from '../src/triage/batch.repository.js';
import { classifyBatch } from '../src/triage/classify-batch.js';

// Real code in the style of a small Express handler file: each finding's line is read through
// the flow reconstruction (syntax trees, the native wrappers whose memory waits for the loop).
const FILE = `'use strict';
const { exec } = require('child_process');
const express = require('express');

const router = express.Router();

router.get('/ping', (req, res) => {
\tconst host = req.query.host;
\texec('ping -c 1 ' + host, (err, out) => res.send(out));
});

router.get('/uptime', (_req, res) => {
\tconst cmd = 'uptime';
\texec(cmd, (err, out) => res.send(out));
});

module.exports = router;
`;

const scan: BatchScan = {
  id: '00000000-0000-4000-8000-000000000001',
  state: 'triaging',
  commitSha: 'c0ffee',
  repositoryId: '00000000-0000-4000-8000-000000000002',
  repositoryName: 'acme/app',
  cloneUrl: 'https://forge.invalid/acme/app.git',
  organizationId: '00000000-0000-4000-8000-000000000003',
  organizationSlug: 'acme',
  settings: DEFAULT_REPOSITORY_SETTINGS,
};

const row = (n: number, line: number): TriageFindingRow => ({
  id: `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`,
  rule_id: 'javascript.lang.security.detect-child-process.detect-child-process',
  tool: 'Semgrep OSS',
  message: 'Detected calls to child_process from a function argument.',
  uri: 'routes/ops.js',
  start_line: line,
  start_column: 2,
  end_line: line,
  end_column: 40,
  level: 'error',
  severity: 'high',
  dataflow_tier: 'none',
  suppressed: false,
  suppressions: [],
  problems: [],
  snippet: null,
  code_flows: [],
  properties: {},
  rule: {},
  fixable: false,
  resolved: false,
  fix_id: null,
  triage_error: null,
});

const source: SourceView = {
  status: 'available',
  commit: 'c0ffee',
  files: new Map([['routes/ops.js', FILE]]),
};

describe('classifying a batch', () => {
  it('when a batch has many findings, then the event loop turns between them (native tree memory is freed, the job lock is renewed) and every finding gets its verdict', async () => {
    const findings = Array.from({ length: 40 }, (_, i) => row(i, i % 2 === 0 ? 9 : 14));
    let turns = 0;
    let done = false;
    const count = async () => {
      while (!done) {
        await turnOfTheLoop();
        turns++;
      }
    };
    const counting = count();
    const decided = await classifyBatch(scan, findings, new Map(), source, {
      llmMaxPerBatch: 0,
    });
    done = true;
    await counting;
    expect(turns).toBeGreaterThanOrEqual(findings.length - 1);
    expect(decided.map((d) => d.findingId)).toEqual(findings.map((f) => f.id));
    const byLine = (line: number) =>
      new Set(
        decided
          .filter((_, i) => findings[i]!.start_line === line)
          .map((d) =>
            'verdict' in d.decision ? d.decision.verdict.classification : d.decision.kind,
          ),
      );
    // The request's host reaches the shell; the constant command does not.
    expect(byLine(9)).toEqual(new Set(['TRUE_POSITIVE']));
    expect(byLine(14)).toEqual(new Set(['FALSE_POSITIVE']));
  });
});
