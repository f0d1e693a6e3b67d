// The cheap compiler check of a fixed file: CPython's own compiler (`compile()`, what
// `python -m py_compile` runs) and `node --check`. The newest CPython of the machine is used, so
// 3.12 syntax (nested f-string quotes) in current packages compiles; a file whose original does
// not compile there is left unchecked rather than counted. javac is left out (too heavy per file).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

const PY_CANDIDATES = ['3.13.0', '3.12.1'].map((v) =>
  join(homedir(), '.pyenv', 'versions', v, 'bin', 'python3'),
);
export const PYTHON = PY_CANDIDATES.find(existsSync) ?? 'python3';

const PY_CHECK = `
import sys, json
bad = []
for p in sys.argv[1:]:
    try:
        compile(open(p, 'rb').read(), p, 'exec', dont_inherit=True)
    except (SyntaxError, ValueError) as e:
        bad.append(p)
print(json.dumps(bad))
`;

/** The subset of `paths` CPython refuses to compile (checked in one process per 500 files). */
export const pythonFailures = (paths) => {
  const bad = new Set();
  for (let i = 0; i < paths.length; i += 500) {
    const r = spawnSync(PYTHON, ['-c', PY_CHECK, ...paths.slice(i, i + 500)], {
      encoding: 'utf8',
      maxBuffer: 64 << 20,
    });
    if (r.status !== 0) throw new Error(`python compile check failed: ${r.stderr}`);
    for (const p of JSON.parse(r.stdout)) bad.add(p);
  }
  return bad;
};

/** True when `node --check` accepts the file (ESM or CommonJS as Node decides for it). */
export const nodeChecks = (path) => spawnSync(process.execPath, ['--check', path]).status === 0;

export const pythonVersion = () =>
  spawnSync(PYTHON, ['--version'], { encoding: 'utf8' }).stdout.trim();
