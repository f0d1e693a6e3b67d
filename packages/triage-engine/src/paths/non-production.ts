/** Why a file is not production code. */
export type NonProductionKind =
  | 'test'
  | 'fixture'
  | 'example'
  | 'documentation'
  | 'vendored'
  | 'build-output'
  | 'generated'
  | 'minified';

export interface PathKind {
  kind: NonProductionKind;
  /** The convention that matched, e.g. `directory __tests__/` or `file name *_test.go`. */
  convention: string;
}

// Directory names, compared case-insensitively with whole path segments.
const DIRECTORIES: [NonProductionKind, string[]][] = [
  [
    'test',
    [
      'test',
      'tests',
      '__tests__',
      '__test__',
      'spec',
      'specs',
      '__mocks__',
      'e2e',
      'cypress',
      'integration-tests',
      'unittests',
    ],
  ],
  [
    'fixture',
    ['fixtures', 'fixture', '__fixtures__', 'testdata', 'test-data', 'test_data', 'mock-data'],
  ],
  ['example', ['examples', 'example', 'samples', 'sample', 'demo', 'demos']],
  ['documentation', ['docs', 'doc', 'documentation']],
  [
    'vendored',
    [
      'vendor',
      'node_modules',
      'third_party',
      'third-party',
      'thirdparty',
      'bower_components',
      'jspm_packages',
      '.yarn',
    ],
  ],
  ['build-output', ['dist', 'build', 'out', 'target', '.next', '.nuxt', 'coverage', 'obj']],
  ['generated', ['generated', '__generated__', 'generated-sources', 'gen-src']],
];

// File-name conventions per ecosystem.
const FILES: [NonProductionKind, RegExp, string][] = [
  ['test', /_test\.go$/, '*_test.go'],
  ['test', /^test_.*\.py$/, 'test_*.py'],
  ['test', /_tests?\.py$/, '*_test.py'],
  ['test', /^conftest\.py$/, 'conftest.py'],
  ['test', /\.(test|spec)\.[cm]?[jt]sx?$/, '*.test.js / *.spec.ts'],
  ['test', /^[A-Z]\w*(Test|Tests|IT|TestCase)\.(java|kt|scala|groovy)$/, '*Test.java'],
  ['test', /^Test[A-Z]\w*\.(java|kt)$/, 'Test*.java'],
  ['test', /_spec\.rb$/, '*_spec.rb'],
  ['test', /(Test|Tests)\.cs$/, '*Tests.cs'],
  ['minified', /[.-]min\.(js|css|mjs)$/, '*.min.js'],
  ['minified', /\.(bundle|chunk)\.js$/, '*.bundle.js'],
  ['generated', /\.generated\.\w+$/, '*.generated.*'],
  ['generated', /_pb2(_grpc)?\.pyi?$/, '*_pb2.py'],
  ['generated', /\.pb(\.gw)?\.go$/, '*.pb.go'],
  ['generated', /^zz_generated.*\.go$/, 'zz_generated*.go'],
  ['generated', /_gen\.go$/, '*_gen.go'],
  ['generated', /\.g\.dart$/, '*.g.dart'],
  ['generated', /\.designer\.cs$/i, '*.Designer.cs'],
  ['generated', /_grpc_pb\.js$|_pb\.js$|_pb\.d\.ts$/, '*_pb.js'],
  ['documentation', /\.(md|mdx|rst|adoc)$/i, 'documentation file'],
];

const SEGMENT_KIND = new Map<string, NonProductionKind>();
for (const [kind, names] of DIRECTORIES) for (const n of names) SEGMENT_KIND.set(n, kind);

/**
 * The non-production kind of a repository-relative path by naming conventions, or null. Maven's
 * `src/test/java` is covered by the `test` directory; `testing`, `mock` and `gen` are left out
 * on purpose: production packages use them too.
 */
export const nonProductionPath = (path: string): PathKind | null => {
  let kind = BY_PATH.get(path);
  if (kind === undefined) {
    kind = pathKind(path);
    // A scan's findings and flow steps name the same files again and again.
    if (BY_PATH.size >= 4096) BY_PATH.clear();
    BY_PATH.set(path, kind);
  }
  return kind;
};

const BY_PATH = new Map<string, PathKind | null>();

const pathKind = (path: string): PathKind | null => {
  const segments = path.replace(/\\/g, '/').split('/').filter(Boolean);
  const file = segments.pop() ?? '';
  for (const [kind, re, convention] of FILES)
    if (re.test(file)) return { kind, convention: `file name ${convention}` };
  for (const segment of segments) {
    const kind = SEGMENT_KIND.get(segment.toLowerCase());
    if (kind) return { kind, convention: `directory ${segment}/` };
  }
  return null;
};
