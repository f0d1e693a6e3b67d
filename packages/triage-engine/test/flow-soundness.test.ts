import { describe, expect, it } from 'vitest';
import { flowAt, pathText, rule, triageAt } from './build.js';

// Readings that had called real vulnerabilities false on code nobody here wrote (held-out group
// 3, once measured): each fixed reading beside the safe code it must still tell apart.
describe('Python: pathlib joins, lists grown by extend, opt-in gates', () => {
  const store = (
    gate: string[],
    signature = 'folder_path: str, allow_dangerous_deserialization: bool = False',
  ) => [
    'import pickle',
    'from pathlib import Path',
    '',
    '',
    'class Annoy:',
    '    @classmethod',
    `    def load_local(cls, ${signature}):`,
    '        path = Path(folder_path)',
    ...gate,
    '        with open(path / "index.pkl", "rb") as file:',
    '            docstore, ids = pickle.load(file)',
    '        return cls(docstore, ids)',
  ];
  const at = (lines: string[]) =>
    flowAt('deserialization', lines, 'pickle.load(', 'langchain_community/vectorstores/annoy.py');

  it('when a path from the caller is joined with `/` (pathlib), then the file opened is not one the code names', () => {
    const r = at(store([]));
    expect(r.outcome).not.toBe('no-source');
    expect(pathText(r)).toMatch(/path \/ "index\.pkl"/);
  });

  it('when the function raises unless the caller passes a flag that defaults to False, then the load runs only on opted-in data', () => {
    const gate = [
      '        if not allow_dangerous_deserialization:',
      '            raise ValueError(',
      '                "This loads a pickle file; pass allow_dangerous_deserialization=True "',
      '                "only for files you trust."',
      '            )',
    ];
    const r = at(store(gate));
    expect(r.outcome).toBe('no-source');
    expect(r.reason).toMatch(/opts in with allow_dangerous_deserialization=True/);
  });

  it('when the environment is only required to hold a setting (not a yes/no switch), then it is no opt-in', () => {
    const r = at(
      store(
        [
          '        if not os.environ.get("INDEX_BUCKET"):',
          '            raise RuntimeError("INDEX_BUCKET is not set")',
        ],
        'folder_path: str',
      ),
    );
    expect(r.outcome).not.toBe('no-source');
    const yes = at(
      store(
        [
          '        if not strtobool(os.environ.get("TRUST_REMOTE_CODE", "False")):',
          '            raise ValueError("set TRUST_REMOTE_CODE=True to load pickled indexes")',
        ],
        'folder_path: str',
      ),
    );
    expect(yes.outcome).toBe('no-source');
  });

  it('when the flag defaults to True, or the check only warns, then it is no opt-in', () => {
    const gate = [
      '        if not allow_dangerous_deserialization:',
      '            raise ValueError("refused")',
    ];
    const on = at(store(gate, 'folder_path: str, allow_dangerous_deserialization: bool = True'));
    expect(on.outcome).not.toBe('no-source');
    const warn = at(
      store([
        '        if not allow_dangerous_deserialization:',
        '            warnings.warn("pickle")',
      ]),
    );
    expect(warn.outcome).not.toBe('no-source');
  });

  it('when a command list that starts constant is extended with values from outside, then it is not "only constants"', () => {
    const r = flowAt(
      'command-injection',
      [
        'import subprocess',
        '',
        '',
        'def run_pig(pig_opts):',
        '    pig_cmd = ["pig"]',
        '    if pig_opts:',
        '        pig_cmd.extend(pig_opts.split())',
        '    return subprocess.Popen(pig_cmd, stdout=subprocess.PIPE)',
      ],
      'subprocess.Popen(',
      'hooks/pig.py',
    );
    expect(r.outcome).not.toBe('no-source');
  });
});

describe('Go: a relative path checked for "../" only', () => {
  const extract = (check: string) => [
    'package content',
    '',
    'import (',
    '\t"archive/tar"',
    '\t"fmt"',
    '\t"io"',
    '\t"os"',
    '\t"path/filepath"',
    '\t"strings"',
    ')',
    '',
    'const root = "/srv/images"',
    '',
    'func extract(prefix string, r io.Reader) error {',
    '\ttr := tar.NewReader(r)',
    '\tfor {',
    '\t\theader, err := tr.Next()',
    '\t\tif err != nil {',
    '\t\t\treturn err',
    '\t\t}',
    '\t\tpath, err := filepath.Rel(prefix, header.Name)',
    '\t\tif err != nil {',
    '\t\t\treturn err',
    '\t\t}',
    `\t\tif ${check} {`,
    '\t\t\treturn fmt.Errorf("%q is outside of %q", header.Name, prefix)',
    '\t\t}',
    '\t\tpath = filepath.Join(root, path)',
    '\t\tf, err := os.Create(path)',
    '\t\tif err != nil {',
    '\t\t\treturn err',
    '\t\t}',
    '\t\tif _, err := io.Copy(f, tr); err != nil {',
    '\t\t\treturn err',
    '\t\t}',
    '\t}',
    '}',
  ];
  const at = (check: string) =>
    flowAt('path-traversal', extract(check), 'os.Create(', 'content/utils.go');

  it('when only strings.HasPrefix(path, "../") is refused, then a path that is ".." itself climbs out', () => {
    expect(at('strings.HasPrefix(path, "../")').outcome).not.toBe('no-source');
  });

  it('when ".." itself is refused too, then the join stays under the root', () => {
    const r = at('path == ".." || strings.HasPrefix(path, "../")');
    expect(r.outcome).toBe('no-source');
    expect(pathText(r)).toMatch(/does not climb out with \.\./);
  });
});

describe('prototype pollution: what is known of a path is not known of its segments', () => {
  it('when a path that may be an array is compared with the prototype keys as a whole, then its segments are still outside input', () => {
    const r = flowAt(
      'prototype-pollution',
      [
        "function isBasic (b) { return 'string' === typeof b || 'number' === typeof b }",
        '',
        'function set (obj, path, value) {',
        "  if (!obj) throw new Error('set: first arg must be an object')",
        '  if (isBasic(path)) return obj[path] = value',
        '  for (var i = 0; i < path.length; i++)',
        '    if (i === path.length - 1)',
        '      obj[path[i]] = value',
        '    else if (null == obj[path[i]])',
        '      obj = (obj[path[i]] = {})',
        '    else',
        '      obj = obj[path[i]]',
        '  return value',
        '}',
        '',
        'exports.set = set',
      ],
      'obj[path[i]] = value',
      'index.js',
    );
    expect(r.outcome).toBe('input');
  });

  it('when the flow is not decided, an existence check of obj[key] is not read as an allow-list', () => {
    const v = triageAt(
      'lib/document.js',
      [
        'function init(self, obj, doc, keys) {',
        '  for (let index = 0; index < keys.length; index++) {',
        '    const i = keys[index];',
        '    if (!doc[i]) {',
        '      doc[i] = {};',
        '    }',
        '    doc[i] = obj[i];',
        '  }',
        '}',
      ].join('\n'),
      'doc[i] = obj[i]',
      {
        ruleId: 'prototype-pollution-assignment',
        tool: 'Semgrep OSS',
        rule: rule({ id: 'prototype-pollution-assignment' }),
      },
    );
    expect(JSON.stringify(v.evidence)).not.toMatch(/allowlist lookup/);
  });
});

describe('prototype pollution: a guard on the value read from the source object', () => {
  const merge = (guard: string) => [
    'const mergeDeep = (result, src) => {',
    '  for (const key in src) {',
    `    if (${guard}) {`,
    '      if (!result[key]) {',
    '        result[key] = {};',
    '      }',
    '      mergeDeep(result[key], src[key]);',
    '    }',
    '  }',
    '  return result;',
    '};',
    'exports.mergeDeep = mergeDeep;',
  ];
  const isIterable = [
    "const isIterable = (item) => typeof item === 'object' && item !== null && !Array.isArray(item);",
  ];

  it('when the guard asks whether src[key] is an object, then __proto__ is not refused: parsed JSON holds it as an own key', () => {
    const r = flowAt(
      'prototype-pollution',
      [...isIterable, ...merge('isIterable(src[key])')],
      'result[key] = {};',
      'lib/objects.js',
    );
    expect(r.outcome).not.toBe('no-source');
  });

  it('when the keys themselves are refused before it, then the merge is sanitized', () => {
    const r = flowAt(
      'prototype-pollution',
      [
        ...isIterable,
        ...merge("key !== '__proto__' && key !== 'constructor' && isIterable(src[key])"),
      ],
      'result[key] = {};',
      'lib/objects.js',
    );
    expect(r.outcome).toBe('no-source');
  });
});

// Found on held-out group 4 once opened (json8-merge-patch's apply): a parameter replaced by
// Object.create(null) only when it is not an object is still the caller's plain object.
describe('JavaScript: a prototype-less object made only on one branch', () => {
  const apply = (reset: string) => [
    "'use strict';",
    '',
    'module.exports = function apply(doc, patch) {',
    "  if (typeof patch !== 'object' || patch === null) return patch;",
    reset,
    '  for (const key of Object.keys(patch)) {',
    '    const v = patch[key];',
    '    doc[key] = apply(doc[key], v);',
    '  }',
    '  return doc;',
    '};',
  ];

  it('when the parameter is replaced by Object.create(null) only if it is no object, then the caller’s object is written', () => {
    const r = flowAt(
      'prototype-pollution',
      apply("  if (typeof doc !== 'object' || doc === null) doc = Object.create(null);"),
      'doc[key] = apply(',
      'lib/apply.js',
    );
    expect(r.outcome).not.toBe('no-source');
  });

  it('when a local is made with Object.create(null) on every path, then it has no prototype', () => {
    const lines = apply('  const out = Object.create(null);').map((l) =>
      l.replace('doc[key] = apply(doc[key], v)', 'out[key] = v'),
    );
    expect(flowAt('prototype-pollution', lines, 'out[key] = v', 'lib/apply.js').outcome).toBe(
      'no-source',
    );
  });
});

// A helper named like a sanitizer is judged by its body (a local quote() that escapes ' as \'
// inside single quotes quotes nothing): MDN's escapeRegExp is read as escaping every
// metacharacter, a copy that forgets some is not.
describe('JavaScript: a local escapeRegExp judged by its body', () => {
  const file = (cls: string) => [
    "'use strict';",
    '',
    'function escapeRegExp(text) {',
    `  return text.replace(/[${cls}]/g, '\\\\$&');`,
    '}',
    '',
    'exports.matchPrefix = (req, items) => {',
    "  const re = new RegExp('^' + escapeRegExp(req.query.prefix));",
    '  return items.filter((item) => re.test(item.name));',
    '};',
  ];
  const at = (cls: string) =>
    flowAt('regex-injection', file(cls), 'new RegExp(', 'src/lib/filters.js').outcome;

  it('when every metacharacter is escaped, then the pattern is sanitized; when some are not, it is not', () => {
    expect(at('.*+?^${}()|[\\]\\\\')).toBe('no-source');
    expect(at('.*+?^$')).not.toBe('no-source');
  });
});
