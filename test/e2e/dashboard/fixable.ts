import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A session id from Math.random: CodeQL's js/insecure-randomness, which has a codemod. */
export const SESSION_JS = `'use strict';

const express = require('express');

function newSessionId() {
  return Math.random().toString(36).slice(2);
}

module.exports = { newSessionId, express };
`;

/**
 * A SARIF file with one CodeQL result on `src/session.js` (SESSION_JS) at `commit`, written to a
 * temporary directory so the browser can upload it; returns its path.
 */
export const writeSessionSarif = (commit: string): string => {
  const sarif = {
    version: '2.1.0',
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    runs: [
      {
        tool: { driver: { name: 'CodeQL', rules: [{ id: 'js/insecure-randomness' }] } },
        versionControlProvenance: [{ repositoryUri: 'file:///acme/web', revisionId: commit }],
        results: [
          {
            ruleId: 'js/insecure-randomness',
            level: 'warning',
            message: { text: 'Insecure randomness used for a session id.' },
            locations: [
              {
                physicalLocation: {
                  artifactLocation: { uri: 'src/session.js' },
                  region: { startLine: 6, startColumn: 10, endLine: 6, endColumn: 23 },
                },
              },
            ],
          },
        ],
      },
    ],
  };
  const file = join(mkdtempSync(join(tmpdir(), 'dashboard-sarif-')), 'session.sarif');
  writeFileSync(file, JSON.stringify(sarif));
  return file;
};
