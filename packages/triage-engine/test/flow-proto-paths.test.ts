import { describe, expect, it } from 'vitest';
import { flowAt, pathText } from './build.js';

// Prototype pollution in path setters as npm packages write them: a module-level `var` table of
// refused keys, a path parser that throws unless its filter dropped nothing, segments taken off
// a filtered list with shift(), and escaped dots glued back with '.'. Each sits beside a near
// miss that must stay reachable.
const pp = (lines: string[], marker: string) =>
  flowAt('prototype-pollution', lines, marker, 'index.js');

const parser = (table: string[], check: string) => [
  ...table,
  'var blacklistFilter = function (part) { return blacklist.indexOf(part) === -1 }',
  '',
  'function parsePath (path, sep) {',
  "  if (path.indexOf('[') >= 0) {",
  "    path = path.replace(/\\[/g, '.').replace(/]/g, '')",
  '  }',
  '  var parts = path.split(sep)',
  '  var check = parts.filter(blacklistFilter)',
  `  if (${check}) {`,
  "    throw Error('Refusing to update blacklisted property ' + path)",
  '  }',
  '  return parts',
  '}',
  '',
  'DotObject.prototype.set = function (path, val, obj) {',
  '  var i, k, keys, key',
  '  keys = parsePath(path, this.separator)',
  '  for (i = 0; i < keys.length; i++) {',
  '    key = keys[i]',
  '    if (i === keys.length - 1) {',
  '      obj[key] = val',
  '    } else if (!hasOwnProperty.call(obj, key)) {',
  '      obj[key] = {}',
  '    }',
  '    obj = obj[key]',
  '  }',
  '  return obj',
  '}',
];
const table = ["var blacklist = ['__proto__', 'prototype', 'constructor']"];

describe('prototype pollution: path parsers that refuse the prototype keys', () => {
  it('when the parser throws unless its filter kept every segment (a var table, no semicolons), then the setter’s writes are sanitized', () => {
    const r = pp(parser(table, 'check.length !== parts.length'), 'obj[key] = val');
    expect(r.outcome).toBe('no-source');
    expect(pathText(r)).toMatch(/every element of parts passed the filter of check/);
    expect(pp(parser(table, 'check.length !== parts.length'), 'obj[key] = {}').outcome).toBe(
      'no-source',
    );
  });

  it('when the length check compares the filtered list with another list, then the writes stay reachable', () => {
    const r = pp(parser(table, "check.length !== path.split('/').length"), 'obj[key] = val');
    expect(r.outcome).toBe('input');
  });

  it('when the module-level table is changed elsewhere in the file, then it is not read as a constant', () => {
    const r = pp(
      parser(
        [...table, "blacklist = require('./config').blocked"],
        'check.length !== parts.length',
      ),
      'obj[key] = val',
    );
    expect(r.outcome).not.toBe('no-source');
    const pushed = pp(
      parser(
        [...table, 'exports.allow = function (k) { blacklist.splice(blacklist.indexOf(k), 1) }'],
        'check.length !== parts.length',
      ),
      'obj[key] = val',
    );
    expect(pushed.outcome).not.toBe('no-source');
  });
});

const define = (glue: string) => [
  'function isValidKey(key) {',
  "  return key !== '__proto__' && key !== 'constructor' && key !== 'prototype';",
  '}',
  '',
  'function define(obj, prop, getter) {',
  "  var keys = prop.split('.').filter(isValidKey);",
  '  var last = keys.pop();',
  '  var target = obj;',
  '  var key;',
  '',
  '  while ((key = keys.shift())) {',
  "    while (key.slice(-1) === '\\\\') {",
  `      key = ${glue};`,
  '    }',
  '    target = target[key] || (target[key] = {});',
  '  }',
  '',
  '  defineProperty(target, last, getter);',
  '  return obj;',
  '}',
  '',
  'module.exports = define;',
];

describe('prototype pollution: segments taken off a filtered list', () => {
  it('when segments are shifted off a list filtered by isValidKey and escaped dots glued back with ".", then the walk is sanitized', () => {
    const r = pp(define("key.slice(0, -1) + '.' + keys.shift()"), 'target[key] = {}');
    expect(r.outcome).toBe('no-source');
    expect(pathText(r)).toMatch(/keeps no __proto__, constructor, prototype/);
  });

  it('when the glue is letters only, then the glued key may spell __proto__ and the walk stays reachable', () => {
    const r = pp(define("key.slice(0, -1) + '_' + keys.shift()"), 'target[key] = {}');
    expect(r.outcome).toBe('input');
  });

  it('when the glued piece comes from the unfiltered path with a template literal holding a dot, then it is still no prototype key', () => {
    const r = pp(define('`${key.slice(0, -1)}.${prop}`'), 'target[key] = {}');
    expect(r.outcome).toBe('no-source');
  });
});

const merge = (skip: string[]) => [
  "var specialProperties = ['__proto__', 'constructor', 'prototype'];",
  '',
  'exports.merge = function merge(to, from) {',
  '  var keys = Object.keys(from),',
  '      i = keys.length,',
  '      key;',
  '',
  '  while (i--) {',
  '    key = keys[i];',
  ...skip,
  "    if ('undefined' === typeof to[key]) {",
  '      to[key] = from[key];',
  '    } else {',
  '      if (exports.isObject(from[key])) {',
  '        merge(to[key], from[key]);',
  '      } else {',
  '        to[key] = from[key];',
  '      }',
  '    }',
  '  }',
  '};',
];

describe('prototype pollution: objects a recursive merge passes down', () => {
  it('when the merge recurses into to[key] with a key not kept from __proto__, then even a write of an undefined slot may land on Object.prototype', () => {
    const r = pp(merge([]), 'to[key] = from[key];');
    expect(r.outcome).toBe('input');
    expect(pathText(r)).toMatch(/to may be Object\.prototype here/);
  });

  it('when the merge skips the special keys before recursing (a var table), then its writes are sanitized', () => {
    const r = pp(
      merge(['    if (specialProperties.indexOf(key) !== -1) {', '      continue;', '    }']),
      'to[key] = from[key];',
    );
    expect(r.outcome).toBe('no-source');
  });
});

const store = (reset: string, first: string) => [
  "'use strict';",
  "const { Store } = require('./store');",
  '',
  'class MemoryCookieStore extends Store {',
  '  constructor() {',
  '    super();',
  '    this.synchronous = true;',
  '    this.idx = Object.create(null);',
  '  }',
  '',
  '  putCookie(cookie, cb) {',
  '    if (!this.idx[cookie.domain]) {',
  `      this.idx[cookie.domain] = ${first};`,
  '    }',
  '    if (!this.idx[cookie.domain][cookie.path]) {',
  '      this.idx[cookie.domain][cookie.path] = Object.create(null);',
  '    }',
  '    this.idx[cookie.domain][cookie.path][cookie.key] = cookie;',
  '    cb(null);',
  '  }',
  '',
  '  removeAllCookies(cb) {',
  `    this.idx = ${reset};`,
  '    return cb(null);',
  '  }',
  '}',
  '',
  'exports.MemoryCookieStore = MemoryCookieStore;',
];

describe('prototype pollution: objects built without a prototype', () => {
  const write = 'this.idx[cookie.domain][cookie.path][cookie.key] = cookie';

  it('when a class field and every entry written into it, at each level, are Object.create(null), then writes by any key are sanitized', () => {
    const r = pp(store('Object.create(null)', 'Object.create(null)'), write);
    expect(r.outcome).toBe('no-source');
    expect(pathText(r)).toMatch(/this\.idx\[cookie\.domain\]\[cookie\.path\] has no prototype/);
  });

  it('when one level is made with {} (the vulnerable store), then a __proto__ domain reaches Object.prototype', () => {
    expect(pp(store('Object.create(null)', '{}'), write).outcome).toBe('input');
  });

  it('when another method resets the field to {}, then the field may have a prototype', () => {
    expect(pp(store('{}', 'Object.create(null)'), write).outcome).toBe('input');
  });

  it('when a local made with Object.create(null) is written by a key, it is sanitized; the same with a parameter, it is not', () => {
    const local = pp(
      [
        'module.exports = function index(pairs) {',
        '  const out = Object.create(null);',
        '  for (const [k, v] of pairs) out[k] = v;',
        '  return out;',
        '};',
      ],
      'out[k] = v',
    );
    expect(local.outcome).toBe('no-source');
    const param = pp(
      [
        'module.exports = function index(out, pairs) {',
        '  for (const [k, v] of pairs) out[k][v.name] = v;',
        '  return out;',
        '};',
      ],
      'out[k][v.name] = v',
    );
    expect(param.outcome).not.toBe('no-source');
  });

  // cached-path-relative: a module-level cache of caches, reset by the function and each entry
  // kept or made on first use (`cache[from] = cache[from] || Object.create(null)`).
  const cache = (made: string, entry: string, elsewhere: string[] = []) => [
    "var path = require('path')",
    'var lastCwd = process.cwd()',
    `var cache = ${made}`,
    '',
    'module.exports = function cachedPathRelative (from, to) {',
    '  var cwd = process.cwd()',
    '  if (cwd !== lastCwd) {',
    `    cache = ${made}`,
    '    lastCwd = cwd',
    '  }',
    '  if (cache[from] && cache[from][to]) return cache[from][to]',
    '  var result = path.relative(from, to)',
    `  cache[from] = ${entry}`,
    '  cache[from][to] = result',
    '  return result',
    '}',
    ...elsewhere,
  ];
  const entryWrite = 'cache[from][to] = result';

  it('when a module-level cache and each entry kept or made on first use are Object.create(null), then a write by any key is sanitized', () => {
    for (const entry of ['cache[from] || Object.create(null)', 'cache[from] ?? new Map()']) {
      const r = pp(cache('Object.create(null)', entry), entryWrite);
      expect(r.outcome, entry).toBe('no-source');
      expect(pathText(r), entry).toMatch(/cache\[from\] has no prototype/);
    }
  });

  it('when the module makes the cache with {}, an entry falls back to {} or to an entry of a table with a prototype, or another function resets the cache to {}, then a __proto__ key reaches Object.prototype', () => {
    const variants: [string, string[]][] = [
      ['{}', cache('{}', 'cache[from] || Object.create(null)')],
      ['entry {}', cache('Object.create(null)', 'cache[from] || {}')],
      [
        'entry of another table',
        cache('Object.create(null)', 'seen[from] || Object.create(null)', ['var seen = {}']),
      ],
      [
        'reset elsewhere',
        cache('Object.create(null)', 'cache[from] || Object.create(null)', [
          'module.exports.clear = function () { cache = {} }',
        ]),
      ],
    ];
    for (const [why, lines] of variants) expect(pp(lines, entryWrite).outcome, why).toBe('input');
  });
});

// A recursive merge written with callbacks (`Object.keys(src).forEach(function (key) { … })`)
// descends as deep as one written with a loop: the function around the callback calls itself, so
// a key kept only from `__proto__` still reaches Object.prototype by `constructor.prototype`.
describe('prototype pollution: recursion through a callback', () => {
  const merge = (head: string, call: string) => [
    `${head} (target, source) {`,
    '  Object.keys(source).forEach(function (key) {',
    "    if (key === '__proto__') return",
    "    if (typeof source[key] === 'object' && source[key] !== null) {",
    '      if (!target[key]) target[key] = {}',
    `      ${call}(target[key], source[key])`,
    '    } else {',
    '      target[key] = source[key]',
    '    }',
    '  })',
    '  return target',
    '}',
  ];
  const write = 'target[key] = source[key]';

  it('when the function around the callback calls itself (declared, or assigned to a name and module.exports), then a key kept from __proto__ only is not enough', () => {
    for (const [head, call] of [
      ['function merge', 'merge'],
      ['var deepExtend = module.exports = function', 'deepExtend'],
      ['exports.merge = function', 'exports.merge'],
    ]) {
      const r = pp(merge(head!, call!), write);
      expect(r.outcome, head).not.toBe('no-source');
      expect(r.reason ?? pathText(r), head).toMatch(/constructor\/prototype/);
    }
  });

  it('when the callback calls another function, not the one around it, then the write is one level and a key kept from __proto__ is enough', () => {
    const r = pp(merge('function merge', 'Object.assign'), write);
    expect(r.outcome).toBe('no-source');
  });
});

const mergeWith = (guard: string[]) => [
  'module.exports = function merge(target, source) {',
  '  for (const key of Object.keys(source)) {',
  ...guard,
  "    if (typeof source[key] === 'object' && source[key] !== null) {",
  '      if (!target[key]) target[key] = {};',
  '      merge(target[key], source[key]);',
  '    } else {',
  '      target[key] = source[key];',
  '    }',
  '  }',
  '  return target;',
  '};',
];
const leaf = 'target[key] = source[key];';

describe('prototype pollution: key guards in the styles packages write them', () => {
  it('when the key is refused if Object.prototype has it (`key in Object.prototype`), then the merge is sanitized; `key in target` is not the same test', () => {
    expect(pp(mergeWith(['    if (key in Object.prototype) continue;']), leaf).outcome).toBe(
      'no-source',
    );
    expect(pp(mergeWith(['    if (key in target) continue;']), leaf).outcome).toBe('input');
  });

  it('when the key is refused by ~indexOf or some() over the three keys, then it is sanitized; some() comparing another value is not', () => {
    const list = "['__proto__', 'constructor', 'prototype']";
    expect(pp(mergeWith([`    if (~${list}.indexOf(key)) continue;`]), leaf).outcome).toBe(
      'no-source',
    );
    expect(pp(mergeWith([`    if (${list}.some((k) => k === key)) continue;`]), leaf).outcome).toBe(
      'no-source',
    );
    expect(
      pp(mergeWith([`    if (${list}.some((k) => k === source.name)) continue;`]), leaf).outcome,
    ).toBe('input');
  });

  it('when a switch skips the three keys, then it is sanitized; a case that only breaks keeps the key', () => {
    const skip = (how: string) => [
      '    switch (key) {',
      "      case '__proto__':",
      "      case 'constructor':",
      "      case 'prototype':",
      `        ${how}`,
      '      default:',
      '        break;',
      '    }',
    ];
    expect(pp(mergeWith(skip('continue;')), leaf).outcome).toBe('no-source');
    expect(pp(mergeWith(skip('break;')), leaf).outcome).toBe('input');
  });

  it('when the whole path is refused if it holds __proto__ or constructor, then no segment split off it is one; a prefix check is not enough', () => {
    const setPath = (check: string) => [
      'module.exports = function set(target, path, value) {',
      `  if (${check}) throw new Error('Refusing to set ' + path);`,
      "  const keys = path.split('.');",
      '  for (let i = 0; i < keys.length - 1; i++) {',
      '    const key = keys[i];',
      '    if (!target[key]) target[key] = {};',
      '    target = target[key];',
      '  }',
      '  target[keys[keys.length - 1]] = value;',
      '};',
    ];
    const write = 'target[keys[keys.length - 1]] = value;';
    const r = pp(setPath('/__proto__|constructor/.test(path)'), write);
    expect(r.outcome).toBe('no-source');
    expect(pathText(r)).toMatch(/path holds no __proto__, constructor/);
    expect(pp(setPath("path.startsWith('__proto__')"), write).outcome).toBe('input');
  });
});

describe('prototype pollution: every segment checked before the walk', () => {
  const setter = (check: string[]) => [
    "const FORBIDDEN = ['__proto__', 'constructor', 'prototype'];",
    '',
    'module.exports = function set(target, path, value) {',
    "  const keys = path.split('.');",
    ...check,
    '  let cur = target;',
    '  for (let i = 0; i < keys.length - 1; i++) {',
    '    if (!cur[keys[i]]) cur[keys[i]] = {};',
    '    cur = cur[keys[i]];',
    '  }',
    '  cur[keys[keys.length - 1]] = value;',
    '};',
  ];
  const write = 'cur[keys[keys.length - 1]] = value;';

  it('when some() over the segments refuses a forbidden one, or every() requires allowed ones, then the walk is sanitized', () => {
    for (const check of [
      "  if (keys.some((k) => FORBIDDEN.includes(k))) throw new Error('forbidden key');",
      "  if (!keys.every((k) => !FORBIDDEN.includes(k))) throw new Error('forbidden key');",
    ]) {
      const r = pp(setter([check]), write);
      expect(r.outcome, check).toBe('no-source');
      expect(pathText(r)).toMatch(/no element of keys is __proto__, constructor, prototype/);
    }
  });

  it('when a for-of loop throws on a forbidden segment, then the walk after it is sanitized', () => {
    const r = pp(
      setter([
        '  for (const k of keys) {',
        "    if (FORBIDDEN.includes(k)) throw new Error('forbidden key ' + k);",
        '  }',
      ]),
      write,
    );
    expect(r.outcome).toBe('no-source');
    expect(pathText(r)).toMatch(/every element of keys passed the loop's guard/);
  });

  it('when the loop breaks on a forbidden segment, or some() tests another list, then the walk stays reachable', () => {
    for (const check of [
      ['  for (const k of keys) {', '    if (FORBIDDEN.includes(k)) break;', '  }'],
      ["  if (path.split('/').some((k) => FORBIDDEN.includes(k))) throw new Error('no');"],
      ["  if (keys.some((k) => k === '')) throw new Error('empty segment');"],
    ])
      expect(pp(setter(check), write).outcome, check.join(' ')).toBe('input');
  });
});

// A key converted to a number (an array index in a path: `parseInt(part, 10)`, `Number(part)`,
// `+part`) is never __proto__, constructor or prototype; the same key kept as text is.
describe('prototype pollution: numeric keys', () => {
  const walk = (key: string) => [
    "'use strict';",
    '',
    'exports.set = function set(object, path, value) {',
    "\tvar parts = path.split('.'), pointer = object, key, i;",
    '\tfor (i = 0; i < parts.length - 1; i++) {',
    `\t\tkey = ${key};`,
    "\t\tif (!pointer[key] || typeof pointer[key] !== 'object') {",
    '\t\t\tpointer[key] = {};',
    '\t\t}',
    '\t\tpointer = pointer[key];',
    '\t}',
    '\tpointer[parts[parts.length - 1]] = value;',
    '\treturn object;',
    '};',
  ];
  const at = (key: string) =>
    flowAt('prototype-pollution', walk(key), '\t\t\tpointer[key] = {};', 'lib/path.js').outcome;

  it('when each key is converted with parseInt or Number, then the walk cannot reach Object.prototype; kept as text, it can', () => {
    expect(at('parseInt(parts[i], 10)')).toBe('no-source');
    expect(at('Number(parts[i])')).toBe('no-source');
    expect(at('parts[i]')).not.toBe('no-source');
    expect(at('String(parts[i])')).not.toBe('no-source');
  });
});
