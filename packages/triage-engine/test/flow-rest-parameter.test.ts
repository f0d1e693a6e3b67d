import { describe, expect, it } from 'vitest';
import { flowAt } from './build.js';

// A rest parameter (`...sources`) is a parameter like the others: what the callers pass.
describe('a rest parameter', () => {
  const merge = (params: string) => [
    "'use strict';",
    'Object.defineProperty(exports, "__esModule", { value: true });',
    `const mergeDeep = (${params}) => {`,
    '    const result = destination;',
    '    for (const src of sources) {',
    '        for (const key in src) {',
    '            result[key] = src[key];',
    '        }',
    '    }',
    '    return result;',
    '};',
    'exports.mergeDeep = mergeDeep;',
  ];

  it('when a public merge takes its sources as ...sources, then the keys of each source are the callers’ data', () => {
    const r = flowAt(
      'prototype-pollution',
      merge('destination, ...sources'),
      'result[key] =',
      'lib/objects.js',
    );
    expect(r.outcome).toBe('input');
    expect(r.path.map((s) => s.code).join(' ')).toMatch(/sources \(a parameter of mergeDeep/);
  });

  it('when sources is not a parameter at all, then it is a name defined outside the function', () => {
    const r = flowAt(
      'prototype-pollution',
      merge('destination'),
      'result[key] =',
      'lib/objects.js',
    );
    expect(r.outcome).toBe('undecided');
    expect(r.reason).toMatch(/sources is defined outside the function/);
  });
});
