// SpotBugs 4.10.4 with Find Security Bugs 1.14.0 on billing/: javac compiles every source of the
// module (main, test and the generated API under target/generated-sources) with debug
// information against the jars it imports (billing-deps.pom.xml, fetched once from Maven Central
// by mvn into .work/), then SpotBugs analyses the classes the way Find Security Bugs documents:
// `-effort:max`, the SECURITY category only (spotbugs-security.xml). The default (medium)
// threshold is kept: `-low` adds FSB's SERVLET_PARAMETER notes, which mark every request
// parameter read (a source, not a flaw). The plugin is picked up from SpotBugs' plugin/ folder,
// where scripts/lib.sh installs it (passing it again with -pluginList registers it twice).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REPO, SET_DIR, WORK, readSarif, reroot, tool } from './common.mjs';

const BILLING = join(REPO, 'billing');
const SOURCE_ROOTS = ['src/main/java', 'src/test/java', 'target/generated-sources'].map((p) =>
  join(BILLING, p),
);

const javaFiles = (dir) =>
  readdirSync(dir, { recursive: true })
    .filter((p) => p.endsWith('.java'))
    .map((p) => join(dir, p));

/** The jars billing compiles against (and their dependencies), fetched once. */
const dependencies = () => {
  const dir = join(WORK, 'billing-deps');
  if (!existsSync(join(dir, '.complete'))) {
    rmSync(dir, { recursive: true, force: true });
    execFileSync(
      'mvn',
      [
        '-q',
        '-B',
        '-f',
        join(SET_DIR, 'billing-deps.pom.xml'),
        'dependency:copy-dependencies',
        `-DoutputDirectory=${dir}`,
      ],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
    execFileSync('touch', [join(dir, '.complete')]);
  }
  return readdirSync(dir)
    .filter((n) => n.endsWith('.jar'))
    .sort()
    .map((n) => join(dir, n));
};

export const spotbugs = () => {
  const jars = dependencies().join(':');
  const classes = join(WORK, 'billing-classes');
  rmSync(classes, { recursive: true, force: true });
  mkdirSync(classes, { recursive: true });
  execFileSync(
    'javac',
    ['--release', '17', '-encoding', 'UTF-8', '-g', '-nowarn', '-d', classes, '-cp', jars].concat(
      SOURCE_ROOTS.flatMap(javaFiles),
    ),
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const out = join(WORK, 'spotbugs.sarif');
  rmSync(out, { force: true });
  const run = spawnSync(
    tool('spotbugs'),
    [
      '-textui',
      '-quiet',
      '-effort:max',
      '-include',
      join(SET_DIR, 'spotbugs-security.xml'),
      '-auxclasspath',
      jars,
      '-sourcepath',
      SOURCE_ROOTS.join(':'),
      `-sarif=${out}`,
      classes,
    ],
    { encoding: 'utf8' },
  );
  // SpotBugs names files relative to the source root they were found under, recorded as an
  // originalUriBaseIds entry holding that root's absolute file: URI.
  return reroot(readSarif(out, 'spotbugs', run), (uri, base, r) => {
    const root = base ? r.originalUriBaseIds?.[base]?.uri : undefined;
    return root ? relative(REPO, join(fileURLToPath(root), uri)) : uri;
  });
};
