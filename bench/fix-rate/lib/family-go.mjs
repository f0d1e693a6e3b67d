// The Go family of the end-to-end fix rate: real gosec 2.30.0 (its own SARIF, run from the
// module root so its URIs are module-relative) and real Semgrep with the repository's Go rules,
// merged into one upload; the checks are gofmt -l, go vet, go build and go test over the module;
// the re-scan runs the same scanners.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkoutUriOf, classing, flatResults, merged, readLabels } from './family-common.mjs';
import { brokenFiles, goVersion, runTests } from './go-apply.mjs';
import { countByTool } from './sarif-results.mjs';
import { semgrep, semgrepRulesPresent } from './scanners.mjs';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const FIX_RATE = join(import.meta.dirname, '..');
const PROJECT = join(FIX_RATE, 'projects', 'go');
const LABELS = readLabels(FIX_RATE, 'go');
const { classOf, labelOf } = classing({ project: PROJECT, labels: LABELS });

/**
 * gosec over the module (`gosec -fmt sarif ./...`, test files excluded as by default). gosec
 * exits 1 when it reports issues; only a missing log is an error.
 */
export const gosec = (dir) => {
  const tmp = mkdtempSync(join(tmpdir(), 'fix-rate-gosec-'));
  try {
    const out = join(tmp, 'gosec.sarif');
    const bin = join(ROOT, '.tools', 'bin', 'gosec');
    if (!existsSync(bin)) throw new Error(`${bin} missing: run through bench/fix-rate/run.sh`);
    const run = spawnSync(bin, ['-quiet', '-fmt', 'sarif', '-out', out, './...'], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, GOTOOLCHAIN: 'local' },
      maxBuffer: 64 * 1024 * 1024,
    });
    if (!existsSync(out))
      throw new Error(`gosec wrote no SARIF (exit ${run.status}): ${run.stderr}`);
    return JSON.parse(readFileSync(out, 'utf8'));
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
};

const scanAll = (dir) =>
  merged([
    gosec(dir),
    ...(semgrepRulesPresent() ? [semgrep(dir, { exclude: ['*_test.go'] })] : []),
  ]);

export const goFamily = {
  key: 'go',
  name: 'Go',
  project: PROJECT,
  labels: LABELS,
  prepare: () => goVersion(),
  scan(dir) {
    const sarif = scanAll(dir);
    const results = flatResults(sarif, dir, classOf);
    return { sarif, results, checkoutUri: checkoutUriOf(dir), counts: countByTool(results) };
  },
  classOf,
  labelOf,
  rescan: (dir) => flatResults(scanAll(dir), dir, classOf),
  auditOnly: () => false,
  broken: (dir) => brokenFiles(dir).broken,
  check(dir) {
    const files = brokenFiles(dir);
    const tests = runTests(dir);
    return {
      broken: files.broken,
      tests: { passed: tests.passed, failed: tests.failed, ok: tests.status === 0 },
      testOutput: [
        files.gofmt.length ? `gofmt -l: ${files.gofmt.join(' ')}` : '',
        files.build.status === 0 ? '' : `go build:\n${files.build.output}`,
        files.vet.status === 0 ? '' : `go vet:\n${files.vet.output}`,
        tests.output,
      ]
        .filter(Boolean)
        .join('\n'),
    };
  },
};
