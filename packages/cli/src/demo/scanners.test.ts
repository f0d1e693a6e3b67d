import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoScanners, findTool, mergeSarif } from './scanners.js';

/** A workspace-shaped folder with the bench's ESLint and, optionally, a bandit in .tools/bin. */
const workspace = (withBandit: boolean) => {
  const root = mkdtempSync(join(tmpdir(), 'demo-ws-'));
  const bin = join(root, 'bench', 'node_modules', '.bin');
  mkdirSync(bin, { recursive: true });
  writeFileSync(join(bin, 'eslint'), '#!/bin/sh\n');
  chmodSync(join(bin, 'eslint'), 0o755);
  const fmt = join(root, 'bench', 'node_modules', '@microsoft', 'eslint-formatter-sarif');
  mkdirSync(fmt, { recursive: true });
  writeFileSync(join(fmt, 'sarif.js'), '');
  if (withBandit) {
    mkdirSync(join(root, '.tools', 'bin'), { recursive: true });
    writeFileSync(join(root, '.tools', 'bin', 'bandit'), '#!/bin/sh\n');
    chmodSync(join(root, '.tools', 'bin', 'bandit'), 0o755);
  }
  return root;
};

describe('demoScanners', () => {
  it('when Bandit is neither on PATH nor in .tools/bin, then the error names it and the command that installs it', () => {
    const root = workspace(false);
    expect(() => demoScanners(root, { PATH: '' })).toThrow(
      /Bandit is not installed .*ensure_bandit/,
    );
  });

  it('when the bench ESLint is missing, then the error names ESLint and pnpm install', () => {
    const root = mkdtempSync(join(tmpdir(), 'demo-ws-'));
    expect(() => demoScanners(root, { PATH: '' })).toThrow(/ESLint .*`pnpm install`/);
  });

  it('when Bandit is in .tools/bin and Semgrep is asked for but absent, then ESLint and Bandit run and Semgrep is reported as skipped', () => {
    const root = workspace(true);
    const { scanners, skipped } = demoScanners(root, { PATH: '' }, true);
    expect(scanners.map((s) => s.name)).toEqual(['ESLint', 'Bandit']);
    expect(scanners[1]!.command).toBe(join(root, '.tools', 'bin', 'bandit'));
    expect(skipped.join()).toMatch(/Semgrep/);
  });
});

describe('findTool', () => {
  it('when a tool is on PATH, then PATH wins over .tools/bin', () => {
    const root = workspace(true);
    const dir = mkdtempSync(join(tmpdir(), 'demo-path-'));
    writeFileSync(join(dir, 'bandit'), '#!/bin/sh\n');
    chmodSync(join(dir, 'bandit'), 0o755);
    expect(findTool('bandit', root, { PATH: dir })).toBe(join(dir, 'bandit'));
  });
});

describe('mergeSarif', () => {
  it("when two scanners' logs are merged, then every run is kept as written, in order", () => {
    const merged = mergeSarif([
      { version: '2.1.0', runs: [{ tool: 'a' }] },
      { version: '2.1.0', runs: [{ tool: 'b' }, { tool: 'c' }] },
    ]);
    expect(merged.version).toBe('2.1.0');
    expect(merged.runs).toEqual([{ tool: 'a' }, { tool: 'b' }, { tool: 'c' }]);
  });
});
