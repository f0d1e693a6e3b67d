import { describe, expect, it } from 'vitest';
import { flowAt, pathText } from './build.js';

// Prototype pollution: keys kept by a filter, keys renamed by a helper, and walks that cannot
// step into a function (`constructor`) or a prototype. Each guarded case sits beside near
// misses that must stay reachable: a filter or guard that lets `__proto__` through, a type check
// that lets functions in, the guard after the write, a guard on another variable.
const pp = (lines: string[], marker: string, uri = 'lib/index.js') =>
  flowAt('prototype-pollution', lines, marker, uri);

const setter = (filter: string, extra: string[] = []) => [
  "'use strict';",
  '',
  "var isObject = require('is-extendable');",
  '',
  'module.exports = function(obj, prop, val) {',
  "\tvar keys = prop.split('.')" + filter + ';',
  '\tvar len = keys.length;',
  '\tvar idx = -1;',
  '\tvar current = obj;',
  '',
  '\twhile (++idx < len) {',
  '\t\tvar key = keys[idx];',
  '\t\tif (idx !== len - 1) {',
  '\t\t\tif (!isObject(current[key])) {',
  '\t\t\t\tcurrent[key] = {};',
  '\t\t\t}',
  '\t\t\tcurrent = current[key];',
  '\t\t\tcontinue;',
  '\t\t}',
  '\t\tcurrent[key] = val;',
  '\t}',
  '\treturn obj;',
  '};',
  ...extra,
];

describe('prototype pollution: keys kept by a filter', () => {
  it('when the path segments are filtered by a same-file function refusing the three keys, then the walk is guarded', () => {
    const r = pp(
      setter('.filter(isValidKey)', [
        '',
        'function isValidKey(key) {',
        "\treturn key !== '__proto__' && key !== 'constructor' && key !== 'prototype';",
        '}',
      ]),
      '\t\tcurrent[key] = val;',
    );
    expect(r.outcome).toBe('no-source');
    expect(r.sanitized).toBe(true);
    expect(pathText(r)).toMatch(/keeps no __proto__, constructor, prototype/);
  });

  it('when the filter is an arrow with a blocklist of the three keys, then it is guarded too', () => {
    const r = pp(
      setter(".filter((k) => !['__proto__', 'constructor', 'prototype'].includes(k))"),
      '\t\tcurrent[key] = val;',
    );
    expect(r.outcome).toBe('no-source');
  });

  // A blocklist declared at the top of the function, read by the filter's callback.
  const denied = (decl: string) =>
    pp(
      setter('.filter(function (k) {\n\t\treturn deny.indexOf(k) < 0;\n\t})').map((l) =>
        l === 'module.exports = function(obj, prop, val) {' ? `${l}\n\t${decl}` : l,
      ),
      '\t\tcurrent[key] = val;',
    );

  it('when the filter callback reads a blocklist declared in the function around it, then it is guarded', () => {
    const r = denied("var deny = ['__proto__', 'constructor', 'prototype'];");
    expect(r.outcome).toBe('no-source');
    expect(pathText(r)).toMatch(/keeps no __proto__, constructor, prototype/);
  });

  it('when that blocklist holds __proto__ only, then a deep walk still reaches constructor.prototype', () => {
    expect(denied("var deny = ['__proto__'];").outcome).not.toBe('no-source');
  });

  it('when that blocklist is emptied before the filter runs, then nothing is refused', () => {
    const r = denied("var deny = ['__proto__', 'constructor', 'prototype'];\n\tdeny = [];");
    expect(r.outcome).toBe('input');
  });

  it('when the filter only drops empty segments, then __proto__ passes it', () => {
    const r = pp(setter('.filter(Boolean)'), '\t\tcurrent[key] = val;');
    expect(r.outcome).toBe('input');
  });

  it('when the filter refuses __proto__ only, then a deep walk still reaches constructor.prototype', () => {
    const r = pp(
      setter(".filter(function (k) { return k !== '__proto__' })"),
      '\t\tcurrent[key] = val;',
    );
    expect(r.outcome).not.toBe('no-source');
  });

  it('when the keys of a filtered array are iterated with for…of in ESM, then they are guarded', () => {
    const r = pp(
      [
        "const BLOCKED = new Set(['__proto__', 'constructor', 'prototype'])",
        '',
        'export function assignAll(target, source) {',
        '  for (const name of Object.keys(source).filter((n) => !BLOCKED.has(n))) {',
        '    target[name] = source[name]',
        '  }',
        '  return target',
        '}',
      ],
      'target[name] = source[name]',
      'src/assign.mjs',
    );
    expect(r.outcome).toBe('no-source');
  });
});

describe('prototype pollution: a key renamed by a same-file helper', () => {
  const lines = (helper: string[]) => [
    'function setKey (obj, key, value) {',
    '\tkey = sanitizeKey(key)',
    '\tobj[key] = value',
    '}',
    '',
    ...helper,
    '',
    'module.exports = setKey',
  ];

  it('when the helper maps __proto__ to another name with an early return, then the write is guarded', () => {
    const r = pp(
      lines([
        'function sanitizeKey (key) {',
        "\tif (key === '__proto__') return '___proto___'",
        '\treturn key',
        '}',
      ]),
      'obj[key] = value',
    );
    expect(r.outcome).toBe('no-source');
    expect(pathText(r)).toMatch(/key is not __proto__/);
  });

  it('when the helper maps another name instead, then __proto__ comes through', () => {
    const r = pp(
      lines([
        'function sanitizeKey (key) {',
        "\tif (key === 'proto') return '_proto'",
        '\treturn key',
        '}',
      ]),
      'obj[key] = value',
    );
    expect(r.outcome).toBe('input');
  });
});

describe('prototype pollution: a walk that refuses functions', () => {
  // yargs-parser's shape: the descent happens only into objects (a non-object is replaced by
  // an array holding a fresh object), each key renamed away from __proto__.
  const walk = (guard: string, keyFix: string) => [
    'function sanitizeKey (key) {',
    "\tif (key === '__proto__') return '___proto___'",
    '\treturn key',
    '}',
    '',
    'function setKey (obj, keys, value) {',
    '\tvar o = obj',
    '',
    '\tkeys.slice(0, -1).forEach(function (key) {',
    `\t\tkey = ${keyFix}`,
    '',
    `\t\tif (${guard}) {`,
    '\t\t\to[key] = [o[key], {}]',
    '\t\t\to = o[key][o[key].length - 1]',
    '\t\t} else {',
    '\t\t\to = o[key]',
    '\t\t}',
    '\t})',
    '',
    `\tconst key = ${keyFix.replace('key)', 'keys[keys.length - 1])')}`,
    '\to[key] = value',
    '}',
    '',
    'module.exports = setKey',
  ];

  it('when the descent is taken only if typeof o[key] is object, then only __proto__ has to be kept out', () => {
    const r = pp(
      walk("typeof o[key] !== 'object' || Array.isArray(o[key])", 'sanitizeKey(key)'),
      '\to[key] = value',
    );
    expect(r.outcome).toBe('no-source');
    expect(pathText(r)).toMatch(/o is a plain object here/);
  });

  it('when functions are let through the type check, then constructor.prototype is reachable', () => {
    const r = pp(
      walk("typeof o[key] !== 'object' && typeof o[key] !== 'function'", 'sanitizeKey(key)'),
      '\to[key] = value',
    );
    expect(r.outcome).not.toBe('no-source');
  });

  it('when the keys are not renamed away from __proto__, then the walk can land on Object.prototype', () => {
    const r = pp(
      walk("typeof o[key] !== 'object' || Array.isArray(o[key])", 'String(key)'),
      '\to[key] = value',
    );
    expect(r.outcome).not.toBe('no-source');
  });

  const created = (check: string, order: 'before' | 'after' = 'before') => [
    'export function setPath(target, path, value) {',
    "  const parts = path.split('.')",
    '  let node = target',
    '  for (let i = 0; i < parts.length - 1; i++) {',
    '    const part = parts[i]',
    "    if (part === '__proto__') throw new Error('bad path')",
    ...(order === 'before' ? [`    if (${check}) node[part] = {}`, '    node = node[part]'] : []),
    ...(order === 'after' ? ['    node = node[part]', `    if (${check}) node[part] = {}`] : []),
    '  }',
    '  const last = parts[parts.length - 1]',
    "  if (last === '__proto__') throw new Error('bad path')",
    '  node[last] = value',
    '}',
  ];

  it('when a part that is not an object is replaced by {} before the descent, then the walk stays in plain objects', () => {
    const r = pp(
      created("typeof node[part] !== 'object' || node[part] === null"),
      'node[last] = value',
      'src/set-path.ts',
    );
    expect(r.outcome).toBe('no-source');
  });

  it('when the replacement lets functions stay, then the descent can enter the Object function', () => {
    const r = pp(
      created('node[part] === undefined || node[part] === null'),
      'node[last] = value',
      'src/set-path.ts',
    );
    expect(r.outcome).not.toBe('no-source');
  });

  it('when the object check comes after the descent, then it protects nothing', () => {
    const r = pp(
      created("typeof node[part] !== 'object'", 'after'),
      'node[last] = value',
      'src/set-path.ts',
    );
    expect(r.outcome).not.toBe('no-source');
  });

  it('when the type check tests another variable, then the descent is not checked', () => {
    const r = pp(
      [
        'export function setPath(target, path, value) {',
        "  const parts = path.split('.')",
        '  let node = target',
        '  for (let i = 0; i < parts.length - 1; i++) {',
        '    const part = parts[i]',
        "    if (part === '__proto__') throw new Error('bad path')",
        "    if (typeof value !== 'object') node[part] = {}",
        '    node = node[part]',
        '  }',
        '  const last = parts[parts.length - 1]',
        "  if (last === '__proto__') throw new Error('bad path')",
        '  node[last] = value',
        '}',
      ],
      'node[last] = value',
      'src/set-path.ts',
    );
    expect(r.outcome).not.toBe('no-source');
  });

  it('when the walk is an unguarded callback assigning the outer variable, then it is not called plain', () => {
    const r = pp(
      [
        'function set (obj, path, value) {',
        "\tvar keys = path.split('.')",
        '\tvar last = keys.pop()',
        "\tif (last === '__proto__') return",
        '\tvar o = obj',
        '\tkeys.forEach(function (k) {',
        '\t\to = o[k] = o[k] || {}',
        '\t})',
        '\to[last] = value',
        '}',
        'module.exports = set',
      ],
      'o[last] = value',
    );
    expect(r.outcome).not.toBe('no-source');
  });
});

// A pointer walk that creates missing parents under a `typeof … === 'undefined'` check: the check
// keeps the key written there from the three names, but not the key of the descent after it, so
// the object written may already be Object.prototype (`/__proto__/a/b`).
const pointerSetter = (guard: string[]) => [
  'function setter (obj, pointer, value) {',
  '  var part',
  '  var hasNextPart',
  ...guard,
  '',
  '  for (var p = 1, len = pointer.length; p < len;) {',
  '    part = untilde(pointer[p++])',
  '    hasNextPart = len > p',
  '',
  "    if (typeof obj[part] === 'undefined') {",
  "      if (Array.isArray(obj) && part === '-') {",
  '        part = obj.length',
  '      }',
  '      if (hasNextPart) {',
  "        if ((pointer[p] !== '' && pointer[p] < Infinity) || pointer[p] === '-') obj[part] = []",
  '        else obj[part] = {}',
  '      }',
  '    }',
  '',
  '    if (!hasNextPart) break',
  '    obj = obj[part]',
  '  }',
  '  return obj',
  '}',
  '',
  'function untilde (str) {',
  "  return str.replace(/~1/g, '/').replace(/~0/g, '~')",
  '}',
  '',
  'exports.set = function (obj, pointer, value) {',
  "  if (typeof pointer === 'string') pointer = pointer.split('/')",
  '  return setter(obj, pointer, value)',
  '}',
];

describe('prototype pollution: a walk whose descent is not guarded', () => {
  it('when only the write is under a typeof-undefined check and the descent takes any key, then the write reaches Object.prototype', () => {
    const r = pp(pointerSetter([]), '        else obj[part] = {}');
    expect(r.outcome).toBe('input');
    expect(pathText(r)).toMatch(/obj may be Object\.prototype here/);
  });

  it('when every part is refused as __proto__, constructor or prototype before the walk steps, then the write is guarded', () => {
    const r = pp(
      pointerSetter([]).map((l) =>
        l === '    hasNextPart = len > p'
          ? "    hasNextPart = len > p\n    if (part === '__proto__' || part === 'constructor' || part === 'prototype') return obj"
          : l,
      ),
      '        else obj[part] = {}',
    );
    expect(r.outcome).toBe('no-source');
  });

  it('when only the first part is checked (a later __proto__ still steps in), then the write is reached', () => {
    const r = pp(
      pointerSetter(["  if (pointer[1] === '__proto__') return obj"]),
      '        else obj[part] = {}',
    );
    expect(r.outcome).toBe('input');
  });
});

// The key checked through a variable read from the same element the walk then indexes again
// (`const part = parts[index]; if (part === '__proto__' …) return; data = data[parts[index++]]`).
describe('prototype pollution: a guard on a variable holding the element', () => {
  const walk = (guard: string, step = '    data = data[parts[index++]]') => [
    'module.exports.set = function set(obj, path, value) {',
    "    var parts = path.split('.')",
    '    var index = 0',
    '    var len = parts.length',
    '    var data = obj',
    '    while (index < len - 1) {',
    '      let part = parts[index]',
    guard,
    step,
    '    }',
    '    const last = parts[index]',
    "    if (last === '__proto__') return obj",
    '    data[last] = value',
    '}',
  ];
  const at = (lines: string[]) => pp(lines, '    data[last] = value');

  it('when the variable is refused as any of the three keys, then the element the walk indexes is too', () => {
    const r = at(
      walk(
        "      if (part === '__proto__' || part === 'constructor' || part === 'prototype') return obj",
      ),
    );
    expect(r.outcome).toBe('no-source');
  });

  it('when the walk indexes another element than the one checked, or the check is on another variable, then the write is reached', () => {
    const guard =
      "      if (part === '__proto__' || part === 'constructor' || part === 'prototype') return obj";
    expect(at(walk(guard, '    data = data[parts[index + 1]]; index++')).outcome).toBe('input');
    expect(
      at(
        walk(
          "      let other = parts[0]\n      if (other === '__proto__' || other === 'constructor' || other === 'prototype') return obj",
        ),
      ).outcome,
    ).toBe('input');
  });
});
