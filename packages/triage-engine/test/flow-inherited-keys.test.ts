import { describe, expect, it } from 'vitest';
import { flowAt, pathText } from './build.js';

// Merges that skip the keys a plain object (or a function) inherits: `__proto__` and
// `constructor` are both inherited by every plain object, so `!(key in Object.prototype)` refuses
// them whatever else the guard checks beside it.
const deepExtend = (guard: string) => [
  "'use strict';",
  '',
  "const { hasOwnProperty } = require('./utils/object');",
  '',
  'function deepExtend(a, b) {',
  '  if (Array.isArray(b)) {',
  "    throw new TypeError('Arrays are not supported by deepExtend');",
  '  }',
  '',
  '  for (var prop in b) {',
  `    if (${guard}) {`,
  '      if (b[prop] && b[prop].constructor === Object) {',
  '        if (a[prop] === undefined) {',
  '          a[prop] = {};',
  '        }',
  '        if (a[prop] && a[prop].constructor === Object) {',
  '          deepExtend(a[prop], b[prop]);',
  '        } else {',
  '          a[prop] = b[prop];',
  '        }',
  '      } else {',
  '        a[prop] = b[prop];',
  '      }',
  '    }',
  '  }',
  '  return a;',
  '}',
  '',
  'module.exports = { deepExtend };',
];

// The same in TypeScript with tabs, the check split over lines and the skip written as `continue`.
const mergeTs = (check: string[]) => [
  "import { isPlainObject } from './is';",
  '',
  'export function merge<T extends Record<string, unknown>>(target: T, source: Record<string, unknown>): T {',
  '\tfor (const key of Object.keys(source)) {',
  ...check.map((l) => `\t\t${l}`),
  '\t\tconst value = source[key];',
  '\t\tif (isPlainObject(value)) {',
  '\t\t\tconst into = (target as Record<string, unknown>)[key] ?? {};',
  '\t\t\t(target as Record<string, unknown>)[key] = merge(into as Record<string, unknown>, value);',
  '\t\t} else {',
  '\t\t\t(target as Record<string, unknown>)[key] = value;',
  '\t\t}',
  '\t}',
  '\treturn target;',
  '}',
];

describe('keys a plain object inherits', () => {
  it('when the key is an own key of the source and in neither Object.prototype nor Function.prototype, then the recursive write is guarded', () => {
    const r = flowAt(
      'prototype-pollution',
      deepExtend(
        'hasOwnProperty(b, prop) && !(prop in Object.prototype) && !(prop in Function.prototype)',
      ),
      '          a[prop] = {};',
      'lib/utils/object.js',
    );
    expect(r.outcome).toBe('no-source');
    expect(pathText(r)).toMatch(/prop cannot be __proto__, constructor/);
  });

  it('when the skip is `continue` on a multi-line `||` with `key in {}`, then the write past it is guarded', () => {
    const r = flowAt(
      'prototype-pollution',
      mergeTs([
        'if (',
        '\t!Object.prototype.hasOwnProperty.call(source, key) ||',
        '\tkey in {}',
        ') {',
        '\tcontinue;',
        '}',
      ]),
      '\t\t\t(target as Record<string, unknown>)[key] = value;',
      'src/merge.ts',
    );
    expect(r.outcome).toBe('no-source');
  });

  it('when the guard asks the opposite (the key IS inherited), then nothing is refused and the input reaches the write', () => {
    const r = flowAt(
      'prototype-pollution',
      deepExtend('hasOwnProperty(b, prop) && prop in Object.prototype'),
      '          a[prop] = {};',
      'lib/utils/object.js',
    );
    expect(r.outcome).not.toBe('no-source');
  });

  it('when the only check beside the own-key test is on an element (Object.keys(src[key]).length), then a __proto__ key of parsed JSON still recurses into Object.prototype', () => {
    // swiper's extend: with key "__proto__", src[key] is the attacker's own object (JSON.parse
    // makes `__proto__` an own property), not Object.prototype, so the length check says nothing.
    const r = flowAt(
      'prototype-pollution',
      [
        "'use strict';",
        '',
        'function isObject(o) {',
        "  return typeof o === 'object' && o !== null && o.constructor && o.constructor === Object;",
        '}',
        '',
        'function extend(target, src) {',
        '  Object.keys(src).forEach(function (key) {',
        "    if (typeof target[key] === 'undefined') target[key] = src[key];",
        '    else if (isObject(src[key]) && isObject(target[key]) && Object.keys(src[key]).length > 0) {',
        '      extend(target[key], src[key]);',
        '    } else {',
        '      target[key] = src[key];',
        '    }',
        '  });',
        '}',
        '',
        'exports.extend = extend;',
      ],
      "    if (typeof target[key] === 'undefined') target[key] = src[key];",
      'cjs/utils.js',
    );
    expect(r.outcome).not.toBe('no-source');
  });
});
