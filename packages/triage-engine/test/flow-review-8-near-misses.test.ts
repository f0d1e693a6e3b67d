import { describe, expect, it } from 'vitest';
import { reconstructFlow } from '../src/flow/index.js';

// Adversarial review of three soundness-sensitive rules (7405045 / ae527de: keys a plain object
// inherits and a boolean right side of && / || deciding a guard trial; 9151df9: Python archives
// whose members a function of the file checks). Each case is code a real project could hold; the
// finding is at the line marked SINK. A test asserting `not.toBe('no-source')` that fails is a
// bypass: really vulnerable code the rules call safe. Tests titled "positive" are
// safe code the rules left open when the review was made; both are accepted now.
//
// Bypasses found by the review (each failed then; archive.ts was rewritten to refuse them all in
// the commit that added this file), all in archive.ts:
// - in the per-member check shared by the validator/filter rule and the older same-function loop
//   (checkedLoop / refusingCheck / memberHandedOn): a try/except inside the loop that swallows the
//   raise; `continue` before the check; the check in a nested branch (links only) or on
//   member.linkname only; the raise gated by another conjunct (`self.strict and …`); a prefix test
//   of an unnormalized join (`os.path.join(dest, m.name).startswith(dest)`); a per-member function
//   that returns early before its check;
// - in the validator rule (9151df9): a validator that returns before its loop; a generator or
//   `async def` validator called as a statement (its body never runs); a same-named method of
//   another class; the archive rebound by a tuple assignment, a walrus, or at the end of a loop
//   body after the extraction;
// - in the older same-scope loop rule: a checking function never called (module-level script),
//   and a checking loop under `if verify:`.
const at = (cls: string, uri: string, lines: string[]) => {
  const text = lines.join('\n');
  const line = text.split('\n').findIndex((l) => l.includes('SINK')) + 1;
  if (line === 0) throw new Error('no SINK marker');
  const r = reconstructFlow({ uri, text, line, endLine: null, cls })!;
  if (process.env.REVIEW_DEBUG)
    console.log(
      uri,
      r.outcome,
      r.reason,
      r.path.map((s) => s.code),
    );
  return r;
};
const proto = (lines: string[], uri = 'src/merge.js') => at('prototype-pollution', uri, lines);
const archive = (lines: string[], uri = 'pkg/datasets/download.py') =>
  at('path-traversal', uri, lines);

// A merge over the keys of a parsed object: `check` lines go at the top of the loop body, `write`
// is the line that writes (marked SINK).
const merge = (check: string[], write = 'target[key] = value; // SINK', pre: string[] = []) => [
  "'use strict';",
  '',
  'const hasOwn = (o, k) => Object.prototype.hasOwnProperty.call(o, k);',
  '',
  'function merge(target, source, opts) {',
  '  for (const key of Object.keys(source)) {',
  ...check.map((l) => `    ${l}`),
  ...pre.map((l) => `    ${l}`),
  '    const value = source[key];',
  "    if (value && typeof value === 'object' && !Array.isArray(value)) {",
  '      if (!target[key]) target[key] = {};',
  '      merge(target[key], value, opts);',
  '      continue;',
  '    }',
  `    ${write}`,
  '  }',
  '  return target;',
  '}',
  '',
  'module.exports = (req, res) => {',
  '  res.json(merge({}, JSON.parse(req.body.settings), {}));',
  '};',
];

describe('review 8: keys a plain object inherits (near misses and bypasses)', () => {
  it('control: the correct skip (`!hasOwn(source, key) || key in {}` then continue) is safe', () => {
    const r = proto(merge(['if (!hasOwn(source, key) || key in {}) continue;']));
    expect(r.outcome).toBe('no-source');
  });

  it('control: with no check at all, the write is reached', () => {
    expect(proto(merge([])).outcome).not.toBe('no-source');
  });

  it('when the check is `&&` where `||` is meant (skips only an inherited key that is not own), then the write is reached', () => {
    const r = proto(merge(['if (!hasOwn(source, key) && key in {}) continue;']));
    expect(r.outcome).not.toBe('no-source');
  });

  it('when the guard is `hasOwn || !(key in Object.prototype)` (either suffices), then the write is reached', () => {
    const r = proto(merge(['if (!(hasOwn(source, key) || !(key in Object.prototype))) continue;']));
    expect(r.outcome).not.toBe('no-source');
  });

  it('when the negation binds to the key (`!key in {}`: `false in {}`, never true), then the write is reached', () => {
    const r = proto(merge(['if (!hasOwn(source, key) || !key in {}) continue;']));
    expect(r.outcome).not.toBe('no-source');
  });

  it('when the membership is tested on an object made without a prototype (Object.create(null)), then the write is reached', () => {
    const r = proto(merge(['if (!hasOwn(source, key) || key in Object.create(null)) continue;']));
    expect(r.outcome).not.toBe('no-source');
  });

  it('when the membership is tested on a defaults object (`key in defaults`), then the write is reached', () => {
    const r = proto(merge(['if (!hasOwn(source, key) || key in opts.defaults) continue;']));
    expect(r.outcome).not.toBe('no-source');
  });

  it('when the skip runs only under an option (the check does not dominate the write), then the write is reached', () => {
    const r = proto(
      merge(['if (opts.safe) {', '  if (!hasOwn(source, key) || key in {}) continue;', '}']),
    );
    expect(r.outcome).not.toBe('no-source');
  });

  it('when the check is on another variable than the key written, then the write is reached', () => {
    const r = proto(
      merge([
        'const name = String(opts.prefix || "") + "x";',
        'if (!hasOwn(source, key) || name in {}) continue;',
      ]),
    );
    expect(r.outcome).not.toBe('no-source');
  });

  it('when the key is trimmed after the check (" __proto__" is not inherited, its trim is), then the write is reached', () => {
    const r = proto(
      merge(
        ['if (!hasOwn(source, key) || key in {}) continue;'],
        'target[key.trim()] = value; // SINK',
      ),
    );
    expect(r.outcome).not.toBe('no-source');
  });

  it('when the key is lower-cased after the check ("__PROTO__" passes), then the write is reached', () => {
    const r = proto(
      merge(
        ['if (!hasOwn(source, key) || key in Object.prototype) continue;'],
        'target[key.toLowerCase()] = value; // SINK',
      ),
    );
    expect(r.outcome).not.toBe('no-source');
  });

  it('when a `$` prefix is stripped into a new name after the check ("$__proto__" passes), then the write is reached', () => {
    const r = proto(
      merge(['if (!hasOwn(source, key) || key in {}) continue;'], 'target[name] = value; // SINK', [
        "const name = key.replace(/^\\$/, '');",
      ]),
    );
    expect(r.outcome).not.toBe('no-source');
  });

  it('when the key variable is itself reassigned (normalized) after the check, then the write is reached', () => {
    const lines = merge(
      ['if (!hasOwn(source, key) || key in {}) continue;'],
      'target[k] = value; // SINK',
      ['let k = key;', "k = k.replace(/[\\[\\]]/g, '');"],
    );
    expect(proto(lines).outcome).not.toBe('no-source');
  });

  it('when a dotted path is checked whole and then split (a.__proto__.b is not inherited), then the walk reaches Object.prototype', () => {
    const r = proto(
      [
        "'use strict';",
        '',
        'function setPath(obj, path, value) {',
        '  if (path in Object.prototype) return obj;',
        "  const parts = path.split('.');",
        '  let cur = obj;',
        '  for (let i = 0; i < parts.length - 1; i++) {',
        '    if (!cur[parts[i]]) cur[parts[i]] = {};',
        '    cur = cur[parts[i]];',
        '  }',
        '  cur[parts[parts.length - 1]] = value; // SINK',
        '  return obj;',
        '}',
        '',
        'module.exports = (req, res) => {',
        '  res.json(setPath({}, req.query.path, req.query.value));',
        '};',
      ],
      'src/set-path.js',
    );
    expect(r.outcome).not.toBe('no-source');
  });

  it('when the outer loop checks `key` but a callback inside shadows it with an unchecked key, then the write is reached', () => {
    const r = proto(
      [
        "'use strict';",
        '',
        'function mergeDeep(target, source) {',
        '  for (const key in source) {',
        '    if (!Object.prototype.hasOwnProperty.call(source, key) || key in Object.prototype) continue;',
        "    if (typeof source[key] !== 'object') { target[key] = source[key]; continue; }",
        '    target[key] = target[key] || {};',
        '    Object.keys(source[key]).forEach((key2) => {',
        '      const key = key2;',
        '      target[key] = source[key2]; // SINK',
        '    });',
        '  }',
        '  return target;',
        '}',
        '',
        'module.exports = (req, res) => res.json(mergeDeep({}, JSON.parse(req.body.data)));',
      ],
      'src/merge-deep.js',
    );
    expect(r.outcome).not.toBe('no-source');
  });

  it('when the right side of && decides only on the else branch (the write is in the else), then the write is reached', () => {
    const r = proto(
      [
        "'use strict';",
        '',
        'function extend(a, b) {',
        '  for (const prop in b) {',
        '    if (Object.prototype.hasOwnProperty.call(b, prop) && !(prop in Object.prototype)) {',
        "      if (typeof b[prop] === 'object') extend(a[prop] || (a[prop] = {}), b[prop]);",
        '      else a[prop] = b[prop];',
        '    } else {',
        '      a[prop] = b[prop]; // SINK',
        '    }',
        '  }',
        '  return a;',
        '}',
        '',
        'module.exports = (req, res) => res.json(extend({}, JSON.parse(req.body.data)));',
      ],
      'src/extend.js',
    );
    expect(r.outcome).not.toBe('no-source');
  });

  it('when the right side is a helper handed the key and the source (`!isUnsafe(source, key)`), then it does not decide and the write is reached', () => {
    const r = proto(
      [
        "'use strict';",
        '',
        'function isUnsafe(obj, key) {',
        '  return key in {} && !Object.prototype.hasOwnProperty.call(obj, key);',
        '}',
        '',
        'function assign(target, source) {',
        '  for (const key of Object.keys(source)) {',
        '    if (source[key] === undefined || isUnsafe(source, key)) continue;',
        '    target[key] = source[key]; // SINK',
        '  }',
        '  return target;',
        '}',
        '',
        'module.exports = (req, res) => res.json(assign({}, JSON.parse(req.body.data)));',
      ],
      'src/assign.js',
    );
    expect(r.outcome).not.toBe('no-source');
  });

  it('when the inherited-key test is joined by `||` to an option (`opts.unsafe || !(key in {})`), then the write is reached', () => {
    const r = proto(merge(['if (!(opts.unsafe || !(key in {}))) continue;']));
    expect(r.outcome).not.toBe('no-source');
  });

  it('when the guard tests the key of the previous iteration (`last`), then the write is reached', () => {
    const r = proto(
      merge(
        ['if (last !== undefined && last in {}) continue;', 'last = key;'],
        'target[key] = value; // SINK',
      )
        .map((l) =>
          l === 'function merge(target, source, opts) {'
            ? 'function merge(target, source, opts) {\n  let last;'
            : l,
        )
        .join('\n')
        .split('\n'),
    );
    expect(r.outcome).not.toBe('no-source');
  });
  it('when the right side asks the parsed source itself (`source.hasOwnProperty(key)`: JSON.parse makes `__proto__` own), then it does not decide and the write is reached', () => {
    const r = proto(merge(['if (opts.skipEmpty || !source.hasOwnProperty(key)) continue;']));
    expect(r.outcome).not.toBe('no-source');
  });

  it('when the right side asks `key in source` of the parsed source, then it does not decide and the write is reached', () => {
    const r = proto(merge(['if (opts.skipEmpty || !(key in source)) continue;']));
    expect(r.outcome).not.toBe('no-source');
  });

  it('when the keys tested are the enumerable keys of Object.prototype (none), then the write is reached', () => {
    const r = proto(
      merge(['if (opts.skipEmpty || Object.keys(Object.prototype).includes(key)) continue;']),
    );
    expect(r.outcome).not.toBe('no-source');
  });
  it('when an inherited key is only warned about, not skipped, then the write is reached', () => {
    const r = proto(
      merge(["if (key in Object.prototype) console.warn('ignoring inherited key', key);"]),
    );
    expect(r.outcome).not.toBe('no-source');
  });

  it('when the throw on an inherited key is caught right there, then the write is reached', () => {
    const r = proto(
      merge([
        'try {',
        "  if (!hasOwn(source, key) || key in {}) throw new TypeError('bad key ' + key);",
        '} catch (e) {',
        '  console.warn(e.message);',
        '}',
      ]),
    );
    expect(r.outcome).not.toBe('no-source');
  });

  it('positive: `Object.prototype.hasOwnProperty.call(Object.prototype, key)` refuses __proto__ and constructor (own keys of Object.prototype), and is accepted', () => {
    const r = proto(
      merge([
        'if (!hasOwn(source, key) || Object.prototype.hasOwnProperty.call(Object.prototype, key)) continue;',
      ]),
    );
    expect(r.outcome).toBe('no-source');
  });
});

// The CVE-2007-4559 helper, in a class, with the parts a case changes.
const validator = (
  o: {
    call?: string[];
    loopHead?: string;
    loopPre?: string[];
    check?: string[];
    helperPre?: string[];
    after?: string[];
    extra?: string[];
  } = {},
) => [
  'import os',
  'import tarfile',
  '',
  '',
  'def is_within_directory(directory, target):',
  '    abs_directory = os.path.abspath(directory)',
  '    abs_target = os.path.abspath(target)',
  '    prefix = os.path.commonprefix([abs_directory, abs_target])',
  '    return prefix == abs_directory',
  '',
  '',
  ...(o.extra ?? []),
  'class Downloader:',
  '    def unpack(self, archive_path, dest):',
  "        with tarfile.open(archive_path, 'r:*') as tar:",
  ...(o.call ?? ['            self._check_members(tar, dest)']).map((l) =>
    `            ${l.trimStart()}`.replace(/^ {12}\|/, ''),
  ),
  '            tar.extractall(dest)  # SINK',
  ...(o.after ?? []),
  '',
  '    def _check_members(self, tar, dest):',
  ...(o.helperPre ?? []).map((l) => `        ${l}`),
  `        ${o.loopHead ?? 'for member in tar.getmembers():'}`,
  ...(o.loopPre ?? []).map((l) => `            ${l}`),
  '            member_path = os.path.join(dest, member.name)',
  ...(
    o.check ?? [
      'if not is_within_directory(dest, member_path):',
      '    raise Exception("Attempted Path Traversal in Tar File")',
    ]
  ).map((l) => `            ${l}`),
];

describe('review 8: archive members checked by a function of the file (near misses and bypasses)', () => {
  it('control: the validator run before the extraction is accepted', () => {
    const r = archive(validator());
    expect(r.outcome).toBe('no-source');
  });

  it('control: without the validator call, the extraction is not sanitized', () => {
    expect(archive(validator({ call: [] })).outcome).not.toBe('no-source');
  });

  it('when the validator is handed another archive than the one extracted, then it is not sanitized', () => {
    const r = archive(
      validator({
        call: [
          "with tarfile.open(archive_path + '.sig') as sig:",
          '|                self._check_members(sig, dest)',
        ],
      }),
    );
    expect(r.outcome).not.toBe('no-source');
  });

  it('when the validator catches its own exception inside the loop (try/except that logs), then it is not sanitized', () => {
    const r = archive(
      validator({
        check: [
          'try:',
          '    if not is_within_directory(dest, member_path):',
          '        raise ValueError(member.name)',
          'except ValueError as e:',
          '    print("skipping suspicious member", e)',
        ],
      }),
    );
    expect(r.outcome).not.toBe('no-source');
  });

  it('when the loop skips some members with `continue` before the check (symlinks), then it is not sanitized', () => {
    // A symlink member pointing outside, then a file written through it, escapes the folder.
    const r = archive(
      validator({ loopPre: ['if member.issym() or member.islnk():', '    continue'] }),
    );
    expect(r.outcome).not.toBe('no-source');
  });

  it('when the loop skips members under a trusted prefix with `continue` ("data/../../x" starts with it), then it is not sanitized', () => {
    const r = archive(
      validator({ loopPre: ['if member.name.startswith("data/"):', '    continue'] }),
    );
    expect(r.outcome).not.toBe('no-source');
  });

  it('when the check only prints a warning and raises nothing, then it is not sanitized', () => {
    const r = archive(
      validator({
        check: [
          'if not is_within_directory(dest, member_path):',
          '    print("warning: member outside", member_path)',
        ],
      }),
    );
    expect(r.outcome).not.toBe('no-source');
  });

  it('when the check sits in a nested branch of the loop (only link members are checked), then it is not sanitized', () => {
    const r = archive(
      validator({
        check: [
          'if member.issym() or member.islnk():',
          '    if not is_within_directory(dest, member_path):',
          '        raise Exception("Attempted Path Traversal in Tar File")',
        ],
      }),
    );
    expect(r.outcome).not.toBe('no-source');
  });

  it("when the check tests only the link target (member.linkname), not the member's own name, then it is not sanitized", () => {
    const r = archive(
      validator({
        check: [
          'link_path = os.path.join(dest, member.linkname)',
          'if member.issym() and not is_within_directory(dest, link_path):',
          '    raise Exception("Attempted Path Traversal in Tar File")',
        ],
      }),
    );
    expect(r.outcome).not.toBe('no-source');
  });

  it('when the check raises only in strict mode (`if self.strict and not inside`), then it is not sanitized', () => {
    const r = archive(
      validator({
        check: [
          'if self.strict and not is_within_directory(dest, member_path):',
          '    raise Exception("Attempted Path Traversal in Tar File")',
        ],
      }),
    );
    expect(r.outcome).not.toBe('no-source');
  });

  it('when the check joins without normalizing (`os.path.join(dest, m.name).startswith(dest)`: "dest/../x" passes), then it is not sanitized', () => {
    const r = archive(
      validator({
        check: [
          'if not member_path.startswith(dest):',
          '    raise Exception("Attempted Path Traversal in Tar File")',
        ],
      }),
    );
    expect(r.outcome).not.toBe('no-source');
  });

  it('when the validator returns early before its loop (an opt-out), then it is not sanitized', () => {
    const r = archive(
      validator({ helperPre: ['if os.environ.get("SKIP_TAR_CHECK"):', '    return'] }),
    );
    expect(r.outcome).not.toBe('no-source');
  });

  it('when the validator is a generator (it yields the members): called as a statement it never runs, then it is not sanitized', () => {
    const lines = validator();
    lines.push('            yield member');
    const r = archive(lines);
    expect(r.outcome).not.toBe('no-source');
  });

  it('when the validator is `async def` and called without await (the coroutine never runs), then it is not sanitized', () => {
    const r = archive(
      validator().map((l) =>
        l === '    def _check_members(self, tar, dest):'
          ? '    async def _check_members(self, tar, dest):'
          : l,
      ),
    );
    expect(r.outcome).not.toBe('no-source');
  });

  it('when the class calls its own no-op `_check_members` but another class of the file has a checking one of that name, then it is not sanitized', () => {
    const lines = validator().map((l) =>
      l === 'class Downloader:' ? 'class StrictDownloader:' : l,
    );
    lines.push(
      '',
      '',
      'class FastDownloader:',
      '    def unpack(self, archive_path, dest):',
      "        with tarfile.open(archive_path, 'r:*') as tar:",
      '            self._check_members(tar, dest)',
      '            tar.extractall(dest)  # FAST',
      '',
      '    def _check_members(self, tar, dest):',
      '        for member in tar.getmembers():',
      '            print("extracting", member.name)',
    );
    const text = lines
      .join('\n')
      .replace('tar.extractall(dest)  # SINK', 'tar.extractall(dest)')
      .replace('# FAST', '# SINK');
    const r = archive(text.split('\n'));
    expect(r.outcome).not.toBe('no-source');
  });

  it('when the archive name is rebound by a tuple assignment between the check and the extraction, then it is not sanitized', () => {
    const r = archive(
      validator({
        call: [
          'self._check_members(tar, dest)',
          "tar, kind = self._open_inner(tar, dest), 'inner'",
        ],
      }),
    );
    expect(r.outcome).not.toBe('no-source');
  });

  it('when the archive name is rebound by a walrus between the check and the extraction, then it is not sanitized', () => {
    const r = archive(
      validator({
        call: [
          'self._check_members(tar, dest)',
          'if (tar := self._unwrap_inner(tar)) is None:',
          '|                return',
        ],
      }),
    );
    expect(r.outcome).not.toBe('no-source');
  });

  it('when the archive name is rebound with `with ... as tar` between the check and the extraction, then it is not sanitized', () => {
    const r = archive([
      'import os',
      'import tarfile',
      '',
      'def check(tar, dest):',
      '    for member in tar.getmembers():',
      '        if not os.path.realpath(os.path.join(dest, member.name)).startswith(os.path.realpath(dest) + os.sep):',
      '            raise ValueError(member.name)',
      '',
      'def unpack(outer_path, dest):',
      '    with tarfile.open(outer_path) as tar:',
      '        check(tar, dest)',
      '        inner = tar.extractfile("payload.tar")',
      '    with tarfile.open(fileobj=inner) as tar:',
      '        tar.extractall(dest)  # SINK',
    ]);
    expect(r.outcome).not.toBe('no-source');
  });

  it('when the archive is rebound at the end of a loop body (the next pass extracts an unchecked archive), then it is not sanitized', () => {
    const r = archive([
      'import os',
      'import tarfile',
      '',
      'def check(tar, dest):',
      '    for member in tar.getmembers():',
      '        if not os.path.realpath(os.path.join(dest, member.name)).startswith(os.path.realpath(dest) + os.sep):',
      '            raise ValueError(member.name)',
      '',
      'def unpack_volumes(paths, dest):',
      '    tar = tarfile.open(paths[0])',
      '    check(tar, dest)',
      '    for nxt in paths[1:] + [None]:',
      '        tar.extractall(dest)  # SINK',
      '        if nxt is None:',
      '            break',
      '        tar = tarfile.open(nxt)',
    ]);
    expect(r.outcome).not.toBe('no-source');
  });

  it('when the check comes after the extraction, then it is not sanitized', () => {
    const r = archive(
      validator({ call: [], after: ['            self._check_members(tar, dest)'] }),
    );
    expect(r.outcome).not.toBe('no-source');
  });

  it('when a try/except around the validator call swallows its error, then it is not sanitized', () => {
    const r = archive(
      validator({
        call: [
          'try:',
          '|                self._check_members(tar, dest)',
          'except Exception as e:',
          '|                print("could not verify archive:", e)',
        ],
      }),
    );
    expect(r.outcome).not.toBe('no-source');
  });

  it('when contextlib.suppress around the validator call swallows its error, then it is not sanitized', () => {
    const r = archive(
      validator({
        call: [
          'with contextlib.suppress(Exception):',
          '|                self._check_members(tar, dest)',
        ],
      }),
    );
    expect(r.outcome).not.toBe('no-source');
  });

  it('when the check is an assert (stripped under python -O), then it is not sanitized', () => {
    const r = archive(
      validator({ check: ['assert is_within_directory(dest, member_path), member.name'] }),
    );
    expect(r.outcome).not.toBe('no-source');
  });

  it('when the members= filter raises nothing and returns every member, then it is not sanitized', () => {
    const r = archive([
      'import os',
      'import tarfile',
      '',
      'def members_inside(tar, dest):',
      '    out = []',
      '    for member in tar.getmembers():',
      '        if not os.path.abspath(os.path.join(dest, member.name)).startswith(os.path.abspath(dest)):',
      '            print("outside:", member.name)',
      '        out.append(member)',
      '    return out',
      '',
      'def unpack(path, dest):',
      '    with tarfile.open(path) as tar:',
      '        tar.extractall(dest, members=members_inside(tar, dest))  # SINK',
    ]);
    expect(r.outcome).not.toBe('no-source');
  });

  it('when the per-member function returns early for some members (symlinks) before its check, then it is not sanitized', () => {
    const r = archive([
      'import os',
      'import tarfile',
      '',
      'class Unpacker:',
      '    def unpack(self, path, dest):',
      '        with tarfile.open(path) as tar:',
      '            self._validate(tar, dest)',
      '            tar.extractall(dest)  # SINK',
      '',
      '    def _validate(self, tar, dest):',
      '        for member in tar:',
      '            self._validate_member(member, dest)',
      '',
      '    def _validate_member(self, member, dest):',
      '        if member.issym() or member.islnk():',
      '            return',
      '        target = os.path.realpath(os.path.join(dest, member.name))',
      '        if os.path.commonpath([target, os.path.realpath(dest)]) != os.path.realpath(dest):',
      '            raise RuntimeError(f"outside: {target}")',
    ]);
    expect(r.outcome).not.toBe('no-source');
  });

  it('when the per-member function catches its own error, then it is not sanitized', () => {
    const r = archive([
      'import os',
      'import tarfile',
      '',
      'class Unpacker:',
      '    def unpack(self, path, dest):',
      '        with tarfile.open(path) as tar:',
      '            self._validate(tar, dest)',
      '            tar.extractall(dest)  # SINK',
      '',
      '    def _validate(self, tar, dest):',
      '        for member in tar:',
      '            self._validate_member(member, dest)',
      '',
      '    def _validate_member(self, member, dest):',
      '        target = os.path.realpath(os.path.join(dest, member.name))',
      '        try:',
      '            if os.path.commonpath([target, os.path.realpath(dest)]) != os.path.realpath(dest):',
      '                raise RuntimeError(f"outside: {target}")',
      '        except RuntimeError as e:',
      '            print(e)',
    ]);
    expect(r.outcome).not.toBe('no-source');
  });

  it('when a script defines a checking function but never calls it before the module-level extraction, then it is not sanitized', () => {
    const r = archive([
      'import os',
      'import sys',
      'import tarfile',
      '',
      'def check_members(tar, dest):',
      '    for member in tar.getmembers():',
      '        if not os.path.abspath(os.path.join(dest, member.name)).startswith(os.path.abspath(dest) + os.sep):',
      '            raise ValueError(member.name)',
      '',
      'dest = sys.argv[2]',
      'with tarfile.open(sys.argv[1]) as tar:',
      '    tar.extractall(dest)  # SINK',
    ]);
    expect(r.outcome).not.toBe('no-source');
  });

  it('when the checking loop runs only under a flag (the loop does not dominate the extraction), then it is not sanitized', () => {
    const r = archive([
      'import os',
      'import tarfile',
      '',
      'def unpack(path, dest, verify=False):',
      '    with tarfile.open(path) as tar:',
      '        if verify:',
      '            for member in tar.getmembers():',
      '                if not os.path.abspath(os.path.join(dest, member.name)).startswith(os.path.abspath(dest) + os.sep):',
      '                    raise ValueError(member.name)',
      '        tar.extractall(dest)  # SINK',
    ]);
    expect(r.outcome).not.toBe('no-source');
  });

  it('when the validator recurses into nested archives but the outer loop checks nothing itself, then it is not sanitized', () => {
    const r = archive([
      'import os',
      'import tarfile',
      '',
      'def check(tar, dest):',
      '    for member in tar.getmembers():',
      '        if member.name.endswith(".tar"):',
      '            inner = tarfile.open(fileobj=tar.extractfile(member))',
      '            check(inner, os.path.join(dest, os.path.dirname(member.name)))',
      '',
      'def unpack(path, dest):',
      '    with tarfile.open(path) as tar:',
      '        check(tar, dest)',
      '        tar.extractall(dest)  # SINK',
    ]);
    expect(r.outcome).not.toBe('no-source');
  });
  it('positive: a loop over `tar.getnames()` raising on a name outside the folder is accepted like getmembers()', () => {
    const r = archive([
      'import os',
      'import tarfile',
      '',
      'def unpack(path, dest):',
      '    with tarfile.open(path) as tar:',
      '        root = os.path.realpath(dest)',
      '        for name in tar.getnames():',
      '            target = os.path.realpath(os.path.join(root, name))',
      '            if os.path.commonpath([root, target]) != root:',
      '                raise ValueError(f"unsafe member {name}")',
      '        tar.extractall(dest)  # SINK',
    ]);
    // Symlinks aside (realpath of names does not see links made by earlier members), this is the
    // same check as getmembers().
    expect(r.outcome).toBe('no-source');
  });
});
