import { describe, expect, it } from 'vitest';
import { flowAt, pathText } from './build.js';

// Prototype pollution: a guard that reads the element itself (`BLOCKED.includes(parts[i])`)
// rather than a variable holding it, an array iterator's element parameter that is that element,
// and a blocklist declared as a `const` of the function around the one holding the sink. Near
// misses: a blocklist without `__proto__`, a guard on the next element, an index moved on after
// the guard, a blocklist that is not a constant.
const pp = (lines: string[], marker: string, uri = 'src/index.js') =>
  flowAt('prototype-pollution', lines, marker, uri);

const unflatten = (blocked: string, test: string, decl = 'const') => [
  "const defaultDelimiter = '.'",
  '',
  'const unflatten = (obj, delimiter) => {',
  '  const result = {}',
  '  const seperator = delimiter || defaultDelimiter',
  `  ${decl} proto = ${blocked}`,
  '',
  "  if (typeof obj !== 'object') return obj",
  '',
  '  const unflat = (original) => {',
  '    Object.keys(original).forEach((key) => {',
  '      const newKeys = key.split(seperator)',
  '      newKeys.reduce((o, k, i) => {',
  `        if (${test}) return o`,
  '        return o[k] || (o[k] = isNaN(Number(newKeys[i + 1]))',
  '          ? (newKeys.length - 1 === i ? original[key] : {})',
  '          : [])',
  '      }, result)',
  '    })',
  '  }',
  '',
  '  unflat(obj)',
  '  return result',
  '}',
  '',
  'module.exports = { unflatten }',
];
const ALL = "['__proto__', 'constructor', 'prototype']";
const SINK = '        return o[k] || (o[k] = isNaN(';

describe('prototype pollution: a guard on the element an iterator hands its callback', () => {
  it('when reduce skips an element the blocklist of the outer function holds, then the write is guarded', () => {
    const r = pp(unflatten(ALL, 'proto.includes(newKeys[i])'), SINK);
    expect(r.outcome).toBe('no-source');
    expect(r.sanitized).toBe(true);
    expect(pathText(r)).toMatch(/k cannot be __proto__, constructor, prototype/);
  });

  it('when the guard names the element parameter itself, then it is guarded the same way', () => {
    expect(pp(unflatten(ALL, 'proto.includes(k)'), SINK).outcome).toBe('no-source');
  });

  it('when the blocklist leaves __proto__ out, then the write stays reachable', () => {
    const r = pp(unflatten("['constructor', 'prototype']", 'proto.includes(newKeys[i])'), SINK);
    expect(r.outcome).toBe('input');
  });

  it('when the guard reads the next element, then the element written is not guarded', () => {
    expect(pp(unflatten(ALL, 'proto.includes(newKeys[i + 1])'), SINK).outcome).toBe('input');
  });

  it('when the blocklist is a variable the outer function may change, then it decides nothing', () => {
    const lines = unflatten(ALL, 'proto.includes(newKeys[i])', 'let');
    lines.splice(6, 0, '  if (delimiter === "/") proto = []');
    expect(pp(lines, SINK).outcome).toBe('input');
  });

  it('when forEach hands the element and its index, then a guard on keys[i] keeps the walk', () => {
    const r = pp(
      [
        'function setPath(target, path, value) {',
        "\tconst keys = path.split('.');",
        '\tconst last = keys.pop();',
        '\tlet cur = target;',
        '\tkeys.forEach(function (key, index) {',
        "\t\tif (keys[index] === '__proto__' || keys[index] === 'constructor' || keys[index] === 'prototype') {",
        '\t\t\treturn;',
        '\t\t}',
        "\t\tif (typeof cur[key] !== 'object') cur[key] = {};",
        '\t\tcur = cur[key];',
        '\t});',
        '\treturn cur;',
        '}',
        'module.exports = setPath;',
      ],
      '\t\tif (typeof cur[key]',
    );
    expect(r.outcome).toBe('no-source');
  });
});

describe('prototype pollution: a guard on an element read by index', () => {
  const walk = (between: string[]) => [
    "var BLOCKED = ['__proto__', 'constructor', 'prototype'];",
    '',
    'function isBlocked(key) {',
    '  return BLOCKED.indexOf(key) !== -1;',
    '}',
    '',
    'function set(obj, path, value) {',
    '  var cur = obj;',
    '  var i = 0;',
    '  while (i < path.length - 1) {',
    ...between,
    '  }',
    '  return value;',
    '}',
    '',
    'exports.set = set;',
  ];

  it('when a same-file predicate refuses path[i] before the walk steps by it, then the walk is guarded', () => {
    const r = pp(
      walk([
        '    if (isBlocked(path[i])) return value;',
        '    if (cur[path[i]] == null) cur[path[i]] = {};',
        '    cur = cur[path[i]];',
        '    i++;',
      ]),
      '    if (cur[path[i]] == null) cur[path[i]] = {};',
    );
    expect(r.outcome).toBe('no-source');
    expect(pathText(r)).toMatch(/path\[i\] is not __proto__/);
  });

  it('when the index moves on between the guard and the step, then the element stepped by is another one', () => {
    const r = pp(
      walk([
        '    if (isBlocked(path[i])) return value;',
        '    i++;',
        '    if (cur[path[i]] == null) cur[path[i]] = {};',
        '    cur = cur[path[i]];',
      ]),
      '    if (cur[path[i]] == null) cur[path[i]] = {};',
    );
    expect(r.outcome).toBe('input');
  });
});
