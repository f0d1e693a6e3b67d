import { describe, expect, it } from 'vitest';
import { checkoutRoot, resolveArtifactUri, type Run } from '../src/index.js';

const run = (originalUriBaseIds?: Run['originalUriBaseIds']): Run => ({
  tool: { driver: { name: 't' } },
  ...(originalUriBaseIds ? { originalUriBaseIds } : {}),
});

describe('resolveArtifactUri', () => {
  const cases: [string, Run, { uri: string; uriBaseId?: string }, string | undefined, unknown][] = [
    ['relative path', run(), { uri: 'src/a.js' }, undefined, { ok: true, path: 'src/a.js' }],
    [
      'dot segments',
      run(),
      { uri: './src/../lib/a.js' },
      undefined,
      { ok: true, path: 'lib/a.js' },
    ],
    [
      'percent-encoding',
      run(),
      { uri: 'src/my%20file.js' },
      undefined,
      { ok: true, path: 'src/my file.js' },
    ],
    [
      'escaping the root',
      run(),
      { uri: '../etc/passwd' },
      undefined,
      { ok: false, raw: '../etc/passwd', reason: 'outside' },
    ],
    [
      'backslashes',
      run(),
      { uri: 'src\\a.js' },
      undefined,
      { ok: false, raw: 'src\\a.js', reason: 'backslash' },
    ],
    [
      'absolute path',
      run(),
      { uri: '/home/u/repo/a.js' },
      undefined,
      { ok: false, raw: '/home/u/repo/a.js', reason: 'absolute' },
    ],
    [
      'file URI without checkout',
      run(),
      { uri: 'file:///home/u/repo/a.js' },
      undefined,
      { ok: false, raw: 'file:///home/u/repo/a.js', reason: 'absolute' },
    ],
    [
      'file URI under checkout',
      run(),
      { uri: 'file:///home/u/repo/src/a.js' },
      'file:///home/u/repo',
      { ok: true, path: 'src/a.js' },
    ],
    [
      'plain path under checkout',
      run(),
      { uri: '/home/u/repo/src/a.js' },
      '/home/u/repo/',
      { ok: true, path: 'src/a.js' },
    ],
    [
      'file URI outside checkout',
      run(),
      { uri: 'file:///home/u/other/a.js' },
      '/home/u/repo',
      { ok: false, raw: 'file:///home/u/other/a.js', reason: 'absolute' },
    ],
    [
      'sibling with a common prefix',
      run(),
      { uri: 'file:///home/u/repo2/a.js' },
      '/home/u/repo',
      { ok: false, raw: 'file:///home/u/repo2/a.js', reason: 'absolute' },
    ],
    [
      'Windows drive, case-insensitive',
      run(),
      { uri: 'file:///C:/dev/repo/src/a.js' },
      'c:\\dev\\repo',
      { ok: true, path: 'src/a.js' },
    ],
    [
      'file: without slashes is relative',
      run(),
      { uri: 'file:src/A.java' },
      undefined,
      { ok: true, path: 'src/A.java' },
    ],
    [
      'other schemes',
      run(),
      { uri: 'https://example.com/a.js' },
      undefined,
      { ok: false, raw: 'https://example.com/a.js', reason: 'malformed' },
    ],
    [
      'undefined base = repository root',
      run(),
      { uri: 'src/a.py', uriBaseId: '%SRCROOT%' },
      undefined,
      { ok: true, path: 'src/a.py' },
    ],
    [
      'relative base',
      run({ SRC: { uri: 'src/' } }),
      { uri: 'a.py', uriBaseId: 'SRC' },
      undefined,
      { ok: true, path: 'src/a.py' },
    ],
    [
      'chained bases',
      run({ ROOT: { uri: 'file:///w/repo/' }, SRC: { uri: 'lib/', uriBaseId: 'ROOT' } }),
      { uri: 'a.py', uriBaseId: 'SRC' },
      'file:///w/repo/',
      { ok: true, path: 'lib/a.py' },
    ],
    [
      'absolute base without checkout',
      run({ SRCROOT: { uri: 'file:///Users/t/detekt/' } }),
      { uri: 'src/A.kt', uriBaseId: 'SRCROOT' },
      undefined,
      { ok: false, raw: 'src/A.kt', reason: 'absolute' },
    ],
    [
      'absolute base under checkout',
      run({ SRCROOT: { uri: 'file:///Users/t/detekt/' } }),
      { uri: 'src/A.kt', uriBaseId: 'SRCROOT' },
      'file:///Users/t/detekt',
      { ok: true, path: 'src/A.kt' },
    ],
    [
      'cyclic bases',
      run({ A: { uri: 'x/', uriBaseId: 'B' }, B: { uri: 'y/', uriBaseId: 'A' } }),
      { uri: 'a', uriBaseId: 'A' },
      undefined,
      { ok: false, raw: 'a', reason: 'malformed' },
    ],
  ];
  for (const [name, r, loc, checkout, expected] of cases) {
    it(name, () => expect(resolveArtifactUri(r, loc, checkoutRoot(checkout))).toEqual(expected));
  }

  it('follows an artifact index when the location has no uri', () => {
    const r: Run = { ...run(), artifacts: [{ location: { uri: 'src/b.js' } }] };
    expect(resolveArtifactUri(r, { index: 0 }, undefined)).toEqual({ ok: true, path: 'src/b.js' });
  });
});
