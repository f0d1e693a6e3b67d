import { describe, expect, it } from 'vitest';
import { flowAt, pathText } from './build.js';

// A YAML load given a loader or schema that builds plain data only is safe whatever it reads;
// any other loader (FullLoader, UnsafeLoader, the default) keeps the flow's verdict.
describe('deserialization: safe YAML loaders', () => {
  const view = (loader: string) => [
    'import yaml',
    'from flask import Flask, request',
    '',
    'app = Flask(__name__)',
    '',
    '',
    "@app.route('/import', methods=['POST'])",
    'def import_config():',
    '    raw = request.get_data()',
    '    config = yaml.load(',
    '        raw,',
    `        Loader=${loader},`,
    '    )',
    '    return {"keys": sorted(config)}',
  ];

  it('when PyYAML is given SafeLoader or CSafeLoader (a multi-line call), then the load is sanitized', () => {
    for (const loader of ['yaml.SafeLoader', 'yaml.CSafeLoader', 'SafeLoader']) {
      const r = flowAt('deserialization', view(loader), 'config = yaml.load(', 'app/views.py');
      expect(r.outcome, loader).toBe('no-source');
      expect(pathText(r)).toMatch(/Loader=/);
    }
  });

  it('when it is given FullLoader or UnsafeLoader, then the request body reaches the load', () => {
    for (const loader of ['yaml.FullLoader', 'yaml.UnsafeLoader']) {
      const r = flowAt('deserialization', view(loader), 'config = yaml.load(', 'app/views.py');
      expect(r.outcome, loader).toBe('input');
      expect(pathText(r)).toMatch(/request\.get_data\(\)/);
    }
  });

  it('when js-yaml is given a schema without JavaScript types, then it is sanitized; with the default, it is not', () => {
    const js = (options: string) => [
      "const yaml = require('js-yaml');",
      '',
      'module.exports = (req, res) => {',
      `\tconst doc = yaml.load(req.body.text${options});`,
      '\tres.json(doc);',
      '};',
    ];
    expect(
      flowAt('deserialization', js(', { schema: yaml.JSON_SCHEMA }'), 'yaml.load(', 'lib/h.js')
        .outcome,
    ).toBe('no-source');
    expect(flowAt('deserialization', js(''), 'yaml.load(', 'lib/h.js').outcome).toBe('input');
  });
});
