import { describe, expect, it } from 'vitest';
import { fixGroup, type FixFinding } from '../src/fix/generate.js';

const files = (map: Record<string, string>) => (path: string) => Promise.resolve(map[path]);

const SESSION = `'use strict';

const express = require('express');

function newSessionId() {
  return Math.random().toString(36).slice(2);
}

function newCsrfToken() {
  return Math.random().toString(36).slice(2);
}

module.exports = { newSessionId, newCsrfToken, express };
`;

const finding = (id: string, line: number, extra: Partial<FixFinding> = {}): FixFinding => ({
  id,
  tool: 'CodeQL',
  ruleId: 'js/insecure-randomness',
  uri: 'src/session.js',
  location: { startLine: line, startColumn: 10, endLine: line, endColumn: 23 },
  message: 'This uses a cryptographically insecure random number generated at Math.random()',
  codeFlows: [],
  sarifFixes: [],
  ...extra,
});

describe('fixing a group of findings', () => {
  it('when two findings of one rule are in one file, then both are fixed in one change with one import', async () => {
    const outcome = await fixGroup(
      [finding('a', 6), finding('b', 10)],
      files({ 'src/session.js': SESSION }),
    );
    expect(outcome.unfixed).toEqual([]);
    expect(outcome.applied.map((a) => a.findingId).sort()).toEqual(['a', 'b']);
    expect(outcome.files).toHaveLength(1);
    const after = outcome.files[0]!.after;
    expect(after.match(/require\('node:crypto'\)/g)).toHaveLength(1);
    expect(after).not.toContain('Math.random');
    expect(after).toContain("return crypto.randomBytes(16).toString('hex').slice(2);");
  });

  it('when no codemod is bound to the rule, then the finding is left with the reason', async () => {
    const outcome = await fixGroup(
      [finding('a', 6, { ruleId: 'js/unused-local-variable' })],
      files({ 'src/session.js': SESSION }),
    );
    expect(outcome.applied).toEqual([]);
    expect(outcome.unfixed).toEqual([
      {
        findingId: 'a',
        reason: 'no codemod for CodeQL rule js/unused-local-variable in javascript',
      },
    ]);
  });

  it('when the file cannot be read at the commit, then the finding says so', async () => {
    const outcome = await fixGroup([finding('a', 6)], files({}));
    expect(outcome.unfixed[0]!.reason).toMatch(/src\/session.js cannot be read/);
  });

  it("when a tool's own proposed fix is valid code, then it is applied as sarif:<tool>/<rule>", async () => {
    const py = 'def get(inputs, x):\n    return inputs[x]\n';
    const outcome = await fixGroup(
      [
        {
          id: 'p',
          tool: 'Semgrep OSS',
          ruleId: 'python.lang.correctness.dict-get',
          uri: 'app/util.py',
          location: { startLine: 2, startColumn: 12, endLine: 2, endColumn: 21 },
          message: 'use .get()',
          codeFlows: [],
          sarifFixes: [
            {
              description: { text: 'Use `.get()`' },
              artifactChanges: [
                {
                  artifactLocation: { uri: 'app/util.py' },
                  replacements: [
                    {
                      deletedRegion: { startLine: 2, startColumn: 12, endLine: 2, endColumn: 21 },
                      insertedContent: { text: 'inputs.get(x)' },
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
      files({ 'app/util.py': py }),
    );
    expect(outcome.applied[0]!.codemod).toBe('sarif:Semgrep OSS/python.lang.correctness.dict-get');
    expect(outcome.files[0]!.after).toBe('def get(inputs, x):\n    return inputs.get(x)\n');
  });

  it("when a tool's proposed fix does not parse (Semgrep's golden autofix output), then it is rejected", async () => {
    const py = 'def f(inputs, x):\n  inputs[x] = 1\n';
    const outcome = await fixGroup(
      [
        {
          id: 'p',
          tool: 'Semgrep OSS',
          ruleId: 'rules.autofix',
          uri: 'targets/autofix/autofix.py',
          location: { startLine: 2, startColumn: 3, endLine: 2, endColumn: 16 },
          message: 'use .get()',
          codeFlows: [],
          sarifFixes: [
            {
              artifactChanges: [
                {
                  artifactLocation: { uri: 'targets/autofix/autofix.py' },
                  replacements: [
                    {
                      deletedRegion: { endColumn: 12, endLine: 2, startColumn: 3, startLine: 2 },
                      insertedContent: { text: '  inputs.get(x) = 1' },
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
      files({ 'targets/autofix/autofix.py': py }),
    );
    expect(outcome.applied).toEqual([]);
    expect(outcome.rejected[0]).toMatchObject({ codemod: 'sarif:Semgrep OSS/rules.autofix' });
    expect(outcome.unfixed[0]!.reason).toMatch(/does not parse/);
  });
});

describe('two findings at one site', () => {
  const BACKUP = `'use strict';

const { exec } = require('child_process');

function backup(folder, done) {
  exec('tar -czf /tmp/backup.tgz ' + folder, done);
}

module.exports = { backup };
`;
  const at = (id: string, ruleId: string): FixFinding => ({
    id,
    tool: 'ESLint',
    ruleId,
    uri: 'src/backup.js',
    location: { startLine: 6, startColumn: 3, endLine: 6, endColumn: 45 },
    message: 'command built from input',
    codeFlows: [],
    sarifFixes: [],
  });

  it('when two rules report the same call, then one change fixes both and neither is left unfixed', async () => {
    const outcome = await fixGroup(
      [at('a', 'security/detect-child-process'), at('b', 'sonarjs/os-command')],
      files({ 'src/backup.js': BACKUP }),
    );
    expect(outcome.unfixed).toEqual([]);
    expect(outcome.applied.map((a) => a.findingId).sort()).toEqual(['a', 'b']);
    expect(outcome.applied[1]!.notes[0]).toMatch(/same site/);
    expect(outcome.files).toHaveLength(1);
    expect(outcome.files[0]!.after).not.toContain("exec('tar");
  });

  it('when a later finding at another site is not recognized, then it stays unfixed with its reason', async () => {
    const outcome = await fixGroup(
      [
        at('a', 'security/detect-child-process'),
        {
          ...at('b', 'sonarjs/os-command'),
          location: { startLine: 3, startColumn: 1, endLine: 3 },
        },
      ],
      files({ 'src/backup.js': BACKUP }),
    );
    expect(outcome.applied.map((a) => a.findingId)).toEqual(['a']);
    expect(outcome.unfixed.map((u) => u.findingId)).toEqual(['b']);
  });
});
