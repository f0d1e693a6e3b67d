// Downloads the pinned corpus through the registries' own clients (pip, npm, mvn) into
// .cache/dl and unpacks each package once into .cache/src/<ecosystem>/<name>; an unpacked
// folder is the marker, so a second run downloads nothing.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const run = (cmd, args, opts = {}) =>
  new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], ...opts });
    let err = '';
    child.stdout.resume();
    child.stderr.on('data', (d) => (err += d));
    child.on('close', (status) => resolve({ status, stderr: err }));
  });

/** Runs `fn` over `items`, `width` at a time. */
const pool = async (items, width, fn) => {
  const out = [];
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]);
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
  return out;
};

const folderName = (spec) => spec.replace(/^@/, '').replace(/[/=@:]+/g, '_');

/**
 * Makes sure every spec is unpacked under `src`; returns `{ dir, spec }` for those that are and
 * `{ spec, error }` for those the registry did not serve as asked.
 */
const fetchAll = async (specs, cache, ecosystem, download) => {
  const dl = join(cache, 'dl', ecosystem);
  const src = join(cache, 'src', ecosystem);
  mkdirSync(dl, { recursive: true });
  mkdirSync(src, { recursive: true });
  return pool(specs, 4, async (spec) => {
    const dir = join(src, folderName(spec));
    if (existsSync(dir)) return { spec, dir };
    const tmp = `${dir}.partial`;
    rmSync(tmp, { recursive: true, force: true });
    mkdirSync(tmp, { recursive: true });
    const error = await download(spec, join(dl, folderName(spec)), tmp);
    if (error) {
      rmSync(tmp, { recursive: true, force: true });
      return { spec, error };
    }
    renameSync(tmp, dir);
    return { spec, dir };
  });
};

const only = (dir) => {
  const files = existsSync(dir) ? readdirSync(dir) : [];
  return files.length === 1 ? join(dir, files[0]) : undefined;
};

/**
 * A wheel per pin (`pip download --no-deps --only-binary :all:`) for CPython 3.13 (current
 * releases require it, whatever this machine's default Python is), unzipped.
 */
export const fetchPython = (specs, cache) =>
  fetchAll(specs, cache, 'python', async (spec, dl, out) => {
    if (!only(dl)) {
      mkdirSync(dl, { recursive: true });
      const r = await run('python3', [
        '-m',
        'pip',
        'download',
        '--no-deps',
        '--only-binary',
        ':all:',
        '--quiet',
        '--disable-pip-version-check',
        '--python-version',
        '3.13',
        '-d',
        dl,
        spec,
      ]);
      if (r.status !== 0) return `pip download: ${r.stderr.trim().split('\n').at(-1)}`;
    }
    const r = await run('python3', ['-m', 'zipfile', '-e', only(dl), out]);
    return r.status === 0 ? undefined : `unzip: ${r.stderr}`;
  });

/** A tarball per pin (`npm pack`), unpacked (its files sit under package/). */
export const fetchJs = (specs, cache) =>
  fetchAll(specs, cache, 'js', async (spec, dl, out) => {
    if (!only(dl)) {
      mkdirSync(dl, { recursive: true });
      const r = await run('npm', ['pack', spec, '--pack-destination', dl, '--silent'], {
        cwd: dl,
      });
      if (r.status !== 0) return `npm pack: ${r.stderr.trim().split('\n').at(-1)}`;
    }
    const r = await run('tar', ['-xzf', only(dl), '-C', out]);
    return r.status === 0 ? undefined : `tar: ${r.stderr}`;
  });

/** Where a Java package's class jar is kept (outside its sources folder). */
export const classJar = (cache, dir) => join(cache, 'jars', `${dir.split('/').at(-1)}.jar`);

/**
 * The sources jar per pin, unpacked, and its class jar beside the corpus (`mvn
 * dependency:copy`, the ordinary Maven client; no transitive dependencies).
 */
export const fetchJava = (specs, cache) =>
  fetchAll(specs, cache, 'java', async (spec, dl, out) => {
    mkdirSync(join(cache, 'jars'), { recursive: true });
    for (const artifact of [`${spec}:jar:sources`, spec]) {
      const r = await run('mvn', [
        '-q',
        '-B',
        'dependency:copy',
        `-Dartifact=${artifact}`,
        `-DoutputDirectory=${dl}`,
        '-Dmdep.useBaseVersion=true',
      ]);
      if (r.status !== 0) return `mvn dependency:copy ${artifact}: failed`;
    }
    const jars = readdirSync(dl);
    const sources = jars.find((j) => j.endsWith('-sources.jar'));
    const classes = jars.find((j) => !j.endsWith('-sources.jar'));
    if (!sources || !classes) return 'mvn: no jar';
    renameSync(join(dl, classes), classJar(cache, out.replace(/\.partial$/, '')));
    const r = await run('python3', ['-m', 'zipfile', '-e', join(dl, sources), out]);
    return r.status === 0 ? undefined : `unzip: ${r.stderr}`;
  });
