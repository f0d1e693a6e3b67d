import { describe, expect, it } from 'vitest';
import { flowAt, pathText } from './build.js';

// A callback handed to forEach-like helpers runs once per element: what one run leaves in the
// variables around it (a section name read from one line) is what the next run writes with.
const ini = (guard: string) => [
  "var util = require('./util');",
  '',
  'module.exports = {',
  '  parse: function string(ini) {',
  '    var currentSection, map = {};',
  '    util.arrayEach(ini.split(/\\r?\\n/), function(line) {',
  '      line = line.split(/(^|\\s)[;#]/)[0];',
  '      var section = line.match(/^\\s*\\[([^\\[\\]]+)\\]\\s*$/);',
  '      if (section) {',
  '        currentSection = section[1];',
  ...(guard ? [`        ${guard}`] : []),
  '      } else if (currentSection) {',
  '        var item = line.match(/^\\s*(.+?)\\s*=\\s*(.+?)\\s*$/);',
  '        if (item) {',
  '          map[currentSection] = map[currentSection] || {};',
  '          map[currentSection][item[1]] = item[2];',
  '        }',
  '      }',
  '    });',
  '    return map;',
  '  }',
  '};',
];

describe('callbacks that run again', () => {
  it('when a section name set in one run is the key written in a later run, then the input reaches the write', () => {
    const r = flowAt(
      'prototype-pollution',
      ini(''),
      '          map[currentSection][item[1]] = item[2];',
      'lib/shared-ini.js',
    );
    // The text parsed is the exported function's parameter: reached, not decided safe.
    expect(r.outcome).toBe('undecided');
    expect(pathText(r)).toMatch(/currentSection = section\[1\]/);
  });

  it('when the section name is refused all three prototype keys where it is set, then the later write is guarded', () => {
    const r = flowAt(
      'prototype-pollution',
      ini(
        "if (currentSection === '__proto__' || currentSection === 'constructor' || currentSection === 'prototype') throw new Error('Cannot load section');",
      ),
      '          map[currentSection][item[1]] = item[2];',
      'lib/shared-ini.js',
    );
    expect(r.outcome).toBe('no-source');
    expect(pathText(r)).toMatch(/map\[currentSection\] is no prototype/);
  });

  it('when the section name is refused as __proto__ only, then map[section] may be the Object function and the inner key stays open', () => {
    const r = flowAt(
      'prototype-pollution',
      ini("if (currentSection === '__proto__') throw new Error('Cannot load section');"),
      '          map[currentSection][item[1]] = item[2];',
      'lib/shared-ini.js',
    );
    expect(r.outcome).toBe('undecided');
  });
});

describe('two-link writes', () => {
  const write = (guard: string) => [
    'export function setPath(target, group, name, value) {',
    ...(guard ? [`\t${guard}`] : []),
    '\ttarget[group] = target[group] || {};',
    '\ttarget[group][name] = value;',
    '\treturn target;',
    '}',
  ];

  it('when the outer key is refused all three prototype keys, then the inner key cannot pollute', () => {
    const r = flowAt(
      'prototype-pollution',
      write("if (['__proto__', 'constructor', 'prototype'].includes(group)) return target;"),
      '\ttarget[group][name] = value;',
      'src/set-path.ts',
    );
    expect(r.outcome).toBe('no-source');
  });

  it('when the outer key is unchecked, then the write reaches Object.prototype through it', () => {
    const r = flowAt(
      'prototype-pollution',
      write(''),
      '\ttarget[group][name] = value;',
      'src/set-path.ts',
    );
    expect(r.outcome).not.toBe('no-source');
  });

  it('when the inner key is the one refused, then the outer key still leads to Object.prototype', () => {
    const r = flowAt(
      'prototype-pollution',
      write(
        "if (name === '__proto__' || name === 'constructor' || name === 'prototype') return target;",
      ),
      '\ttarget[group][name] = value;',
      'src/set-path.ts',
    );
    expect(r.outcome).not.toBe('no-source');
  });
});
