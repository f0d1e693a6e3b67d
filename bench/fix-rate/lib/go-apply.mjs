// The Go project's own checks on a checkout: gofmt leaves every file alone (`gofmt -l`), and
// `go vet ./...`, `go build ./...` and `go test ./...` pass. The module uses the standard
// library only, so nothing is downloaded (GOFLAGS=-mod=mod is never needed; GOTOOLCHAIN=local
// keeps the installed Go).
import { spawnSync } from 'node:child_process';
import { relative } from 'node:path';

const ENV = { ...process.env, GOTOOLCHAIN: 'local', GOFLAGS: '', CGO_ENABLED: '0' };

const run = (cmd, args, dir) => {
  const r = spawnSync(cmd, args, { cwd: dir, encoding: 'utf8', env: ENV, timeout: 300_000 });
  return { status: r.status, output: `${r.stdout ?? ''}${r.stderr ?? ''}` };
};

/** `go version` (the toolchain the checks and gosec run with). */
export const goVersion = () => {
  const r = run('go', ['version'], process.cwd());
  if (r.status !== 0) throw new Error(`go not found: ${r.output}`);
  return r.output.trim();
};

/** Project-relative files named in compiler or vet errors (`./internal/x.go:12:3: ...`). */
const filesIn = (dir, output) => [
  ...new Set(
    [...output.matchAll(/^(?:# \S+\n)?\.?\/?([\w./-]+\.go):\d+(?::\d+)?: /gm)].map((m) =>
      relative(dir, `${dir}/${m[1]}`),
    ),
  ),
];

/** Files that gofmt would change, or that `go build` / `go vet` reject. */
export const brokenFiles = (dir) => {
  const fmt = run('gofmt', ['-l', '.'], dir);
  const unformatted = fmt.output.split('\n').filter((l) => l.endsWith('.go'));
  const build = run('go', ['build', './...'], dir);
  const vet = run('go', ['vet', './...'], dir);
  return {
    broken: [
      ...new Set([
        ...unformatted,
        ...(build.status === 0 ? [] : filesIn(dir, build.output)),
        ...(vet.status === 0 ? [] : filesIn(dir, vet.output)),
      ]),
    ].sort(),
    gofmt: unformatted,
    build,
    vet,
  };
};

/** `go test ./...`: packages that passed and failed. */
export const runTests = (dir) => {
  const r = run('go', ['test', '-count=1', './...'], dir);
  const passed = (r.output.match(/^ok\s/gm) ?? []).length;
  const failed = (r.output.match(/^(FAIL|---\s*FAIL)\s/gm) ?? []).length;
  return { status: r.status, passed, failed, output: r.output };
};
