import { describe, expect, it } from 'vitest';
import { flowAt, pathText } from './build.js';

// Prototype pollution: a path split into segments that a same-file predicate checks all at once
// (`if (!isValidPath(parts)) return []`, dot-prop 4.2.1's getPathSegments), read the way an
// inline `parts.some((s) => BLOCKED.includes(s))` is, and through the function that returns
// the checked list (its early `return []` holds no segment). Near misses: a predicate that reads
// one segment only, one whose list lacks `__proto__`, a function that returns the unchecked
// list on another path, a predicate that is not a plain test.
const pp = (lines: string[], marker: string, uri = 'index.js') =>
  flowAt('prototype-pollution', lines, marker, uri);

const SINK = '\t\t\t\tobj[p] = {};';

const dotProp = (predicate: string, segments: string[]) => [
  "'use strict';",
  "const isObj = require('is-obj');",
  '',
  'const disallowedKeys = [',
  "\t'__proto__',",
  "\t'prototype',",
  "\t'constructor'",
  '];',
  '',
  predicate,
  '',
  'function getPathSegments(path) {',
  ...segments,
  '}',
  '',
  'module.exports = {',
  '\tset(obj, path, value) {',
  "\t\tif (!isObj(obj) || typeof path !== 'string') {",
  '\t\t\treturn obj;',
  '\t\t}',
  '',
  '\t\tconst root = obj;',
  '\t\tconst pathArr = getPathSegments(path);',
  '',
  '\t\tfor (let i = 0; i < pathArr.length; i++) {',
  '\t\t\tconst p = pathArr[i];',
  '',
  '\t\t\tif (!isObj(obj[p])) {',
  SINK,
  '\t\t\t}',
  '',
  '\t\t\tif (i === pathArr.length - 1) {',
  '\t\t\t\tobj[p] = value;',
  '\t\t\t}',
  '',
  '\t\t\tobj = obj[p];',
  '\t\t}',
  '',
  '\t\treturn root;',
  '\t},',
  '};',
];

const EVERY =
  'const isValidPath = pathSegments => !pathSegments.some(segment => disallowedKeys.includes(segment));';

const SPLIT_AND_CHECK = [
  "\tconst pathArr = path.split('.');",
  '\tconst parts = [];',
  '',
  '\tfor (let i = 0; i < pathArr.length; i++) {',
  '\t\tlet p = pathArr[i];',
  "\t\twhile (p[p.length - 1] === '\\\\' && pathArr[i + 1] !== undefined) {",
  "\t\t\tp = p.slice(0, -1) + '.';",
  '\t\t\tp += pathArr[++i];',
  '\t\t}',
  '\t\tparts.push(p);',
  '\t}',
  '',
  '\tif (!isValidPath(parts)) {',
  '\t\treturn [];',
  '\t}',
  '',
  '\treturn parts;',
];

describe('flow reconstruction: path segments checked by a same-file predicate', () => {
  it('when getPathSegments returns the parts only once every one passed the predicate, then the walk and both writes are guarded', () => {
    const lines = dotProp(EVERY, SPLIT_AND_CHECK);
    const r = pp(lines, SINK);
    expect(r.outcome).toBe('no-source');
    expect(pathText(r)).toMatch(/isValidPath\(\) checks every element of parts/);
    expect(pp(lines, '\t\t\t\tobj[p] = value;').outcome).toBe('no-source');
  });

  it('when the predicate is a function declaration checked in the caller itself, then it counts the same', () => {
    const lines = [
      "const BLOCKED = new Set(['__proto__', 'constructor', 'prototype']);",
      'function isSafe(keys) {',
      '\treturn keys.every(function (k) { return !BLOCKED.has(k); });',
      '}',
      'exports.set = function (target, dotted, value) {',
      "\tvar keys = dotted.split('.');",
      "\tif (!isSafe(keys)) throw new TypeError('refused');",
      '\tvar last = keys.pop();',
      '\tkeys.forEach(function (k) {',
      '\t\tif (typeof target[k] !== "object") target[k] = {};',
      '\t\ttarget = target[k];',
      '\t});',
      '\ttarget[last] = value;',
      '};',
    ];
    expect(pp(lines, '\ttarget[last] = value;').outcome).toBe('no-source');
  });

  it('when the predicate reads the first segment only, then the others reach the write', () => {
    const r = pp(
      dotProp(
        'const isValidPath = pathSegments => !disallowedKeys.includes(pathSegments[0]);',
        SPLIT_AND_CHECK,
      ),
      SINK,
    );
    expect(r.outcome).toBe('input');
  });

  it('when the list the predicate tries lacks __proto__, then the walk still reaches Object.prototype', () => {
    const r = pp(
      dotProp(
        "const isValidPath = pathSegments => !pathSegments.some(segment => ['prototype'].includes(segment));",
        SPLIT_AND_CHECK,
      ),
      SINK,
    );
    expect(r.outcome).toBe('input');
  });

  it('when getPathSegments returns the unchecked split on another path, then its result is not checked', () => {
    const segments = [
      "\tif (path.indexOf('\\\\') === -1) return path.split('.');",
      "\tconst parts = path.split('.');",
      '\tif (!isValidPath(parts)) {',
      '\t\treturn [];',
      '\t}',
      '\treturn parts;',
    ];
    expect(pp(dotProp(EVERY, segments), SINK).outcome).toBe('input');
  });

  it('when the early return hands back a list it did not check, then the join is not checked either', () => {
    const segments = [
      "\tconst parts = path.split('.');",
      '\tif (!isValidPath(parts)) {',
      '\t\treturn [path];',
      '\t}',
      '\treturn parts;',
    ];
    expect(pp(dotProp(EVERY, segments), SINK).outcome).toBe('input');
  });

  it('when the predicate branches before its test (not a plain test), then the call is not read as one', () => {
    const predicate = [
      'function isValidPath(pathSegments) {',
      '\tif (pathSegments.length > 32) {',
      '\t\treturn false;',
      '\t}',
      '\treturn !pathSegments.some(segment => disallowedKeys.includes(segment));',
      '}',
    ].join('\n');
    expect(pp(dotProp(predicate, SPLIT_AND_CHECK), SINK).outcome).toBe('input');
  });
});
