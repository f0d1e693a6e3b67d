import { describe, expect, it } from 'vitest';
import { flowAt, pathText } from './build.js';

// A YAML load given a loader or schema that builds plain data only is safe whatever it reads;
// any other loader (FullLoader, UnsafeLoader, the default) keeps the flow's verdict.
describe('deserialization: safe YAML loaders', () => {
  const view = (loader: string) => [
    'import yaml',
    'from yaml import SafeLoader',
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

  it('when the safe name is bound to another loader (an alias, a class of that name), then it is not the safe loader', () => {
    const load = (binding: string[]) =>
      flowAt(
        'deserialization',
        [...binding, ...view('SafeLoader').slice(2)],
        'config = yaml.load(',
        'app/views.py',
      ).outcome;
    expect(load(['import yaml', 'from yaml import CLoader as SafeLoader'])).toBe('input');
    expect(load(['import yaml', 'class SafeLoader(yaml.Loader):', '    pass'])).toBe('input');
    expect(load(['import yaml', 'from yaml import CSafeLoader as SafeLoader'])).toBe('no-source');
  });

  it('when the option is only mentioned in a comment or chosen by a condition, then it is not read as given', () => {
    const torch = (arg: string) =>
      flowAt(
        'deserialization',
        [
          'import torch',
          'from flask import request',
          '',
          '',
          "@app.route('/model', methods=['POST'])",
          'def upload(strict=False):',
          '    state = torch.load(',
          '        request.files["model"],',
          `        ${arg}`,
          '    )',
          '    return str(len(state))',
        ],
        'torch.load(',
        'app/model.py',
      ).outcome;
    expect(torch('# weights_only=True once every checkpoint is migrated')).toBe('input');
    expect(torch('weights_only=True if strict else False,')).toBe('input');
    expect(torch('weights_only=True,')).toBe('no-source');
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

describe('deserialization: loaders restricted to plain data (PyTorch, NumPy)', () => {
  const load = (call: string) => [
    'import numpy as np',
    'import torch',
    'from flask import request',
    '',
    '',
    'def restore(model):',
    '    upload = request.files["checkpoint"]',
    `    state = ${call}`,
    '    model.load_state_dict(state)',
  ];
  const at = (call: string) =>
    flowAt('deserialization', load(call), 'state = ', 'app/checkpoints.py');

  it('when torch.load is told weights_only=True, or np.load allow_pickle=False, then the load is sanitized', () => {
    for (const call of [
      'torch.load(upload, map_location="cpu", weights_only=True)',
      'np.load(upload, allow_pickle=False)',
    ]) {
      const r = at(call);
      expect(r.outcome, call).toBe('no-source');
      expect(r.sanitized).toBe(true);
    }
  });

  it('when torch.load runs the full unpickler (weights_only=False or not said), or np.load allows pickles, then the upload reaches it', () => {
    for (const call of [
      'torch.load(upload, map_location="cpu")',
      'torch.load(upload, weights_only=False)',
      'np.load(upload, allow_pickle=True)',
    ])
      expect(at(call).outcome, call).toBe('input');
  });
});

// ruamel.yaml's `YAML()` builds plain data unless it is made with `typ='unsafe'`: round-trip (the
// default), `rt`, `safe` and `base` construct no arbitrary Python object.
describe('deserialization: ruamel.yaml instances', () => {
  const view = (maker: string, imports = 'from ruamel.yaml import YAML') => [
    imports,
    'from flask import Flask, request',
    '',
    'app = Flask(__name__)',
    '',
    '',
    "@app.route('/import', methods=['POST'])",
    'def import_config():',
    `    yaml = ${maker}`,
    '    config = yaml.load(request.get_data())',
    '    return {"keys": sorted(config)}',
  ];
  const at = (lines: string[]) =>
    flowAt('deserialization', lines, 'config = yaml.load(', 'app/views.py');

  it('when the instance is made with the default, rt, safe or base type, then the load is sanitized', () => {
    for (const maker of [
      'YAML()',
      'YAML(typ="safe")',
      "YAML(typ='rt')",
      'YAML(typ="base", pure=True)',
    ]) {
      const r = at(view(maker));
      expect(r.outcome, maker).toBe('no-source');
      expect(pathText(r)).toMatch(/ruamel\.yaml/);
    }
    expect(at(view('ruamel.yaml.YAML()', 'import ruamel.yaml')).outcome).toBe('no-source');
  });

  it('when the instance is unsafe, its type comes from a variable, or the name may be bound otherwise, then the request body still reaches the load', () => {
    expect(at(view('YAML(typ="unsafe")')).outcome).toBe('input');
    expect(at(view('YAML(typ=kind)')).outcome).toBe('input');
    expect(at(view('YAML()', 'from ruamel.yaml import YAML\nimport yaml')).outcome).toBe('input');
    expect(at(view('YAML()', 'import yaml')).outcome).toBe('input');
  });

  it('when the instance is kept on self by the constructor, then the load in a method is sanitized', () => {
    const r = flowAt(
      'deserialization',
      [
        'from ruamel.yaml import YAML',
        '',
        '',
        'class Store:',
        '    def __init__(self):',
        '        self.yaml = YAML(typ="safe", pure=True)',
        '',
        '    def read(self, stream):',
        '        return self.yaml.load(stream)',
      ],
      'self.yaml.load(',
      'store/files.py',
    );
    expect(r.outcome).toBe('no-source');
  });
});

// A subclass of SafeLoader the file defines, adding constructors that build plain values (the
// sockeye style: tuples read as Python tuples), beside subclasses that reach unsafe code.
describe('deserialization: a safe loader subclassed in the file', () => {
  const config = (cls: string[], extra: string[] = []) => [
    'import yaml',
    '',
    '',
    ...cls,
    '',
    '',
    'SafeLoaderWithTuple.add_constructor(',
    "    u'tag:yaml.org,2002:python/tuple',",
    '    SafeLoaderWithTuple.construct_python_tuple',
    ')',
    ...extra,
    '',
    '',
    'class Config(yaml.YAMLObject):',
    '    yaml_loader = SafeLoaderWithTuple',
    '',
    '    @staticmethod',
    '    def load(fname: str) -> "Config":',
    '        with open(fname) as inp:',
    '            obj = yaml.load(inp, Loader=SafeLoaderWithTuple)',
    '            return obj',
  ];
  const tuple = [
    'class SafeLoaderWithTuple(yaml.SafeLoader):',
    '    def construct_python_tuple(self, node):',
    '        return tuple(self.construct_sequence(node))',
  ];
  const load = (lines: string[]) =>
    flowAt('deserialization', lines, 'obj = yaml.load(', 'sockeye/config.py');

  it('when its methods only build tuples from what the safe loader read and register as constructors, then the load is sanitized', () => {
    const r = load(config(tuple));
    expect(r.outcome).toBe('no-source');
    expect(pathText(r)).toMatch(/Loader=SafeLoaderWithTuple/);
  });

  it('when it subclasses the full Loader, a method calls anything else, another constructor is registered, or the name is bound again, then it is not safe', () => {
    const cases = [
      config(['class SafeLoaderWithTuple(yaml.Loader):', ...tuple.slice(1)]),
      config([...tuple.slice(0, 2), '        return eval(self.construct_scalar(node))']),
      config(tuple, [
        "SafeLoaderWithTuple.add_constructor('!obj', yaml.constructor.FullConstructor.construct_python_object)",
      ]),
      config(tuple, ['SafeLoaderWithTuple = yaml.UnsafeLoader']),
      config(tuple, [
        "SafeLoaderWithTuple.yaml_constructors['!x'] = yaml.UnsafeLoader.construct_python_object",
      ]),
    ];
    for (const lines of cases) expect(load(lines).outcome).not.toBe('no-source');
  });
});
