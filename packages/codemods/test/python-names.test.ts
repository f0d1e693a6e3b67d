import { describe, expect, it } from 'vitest';
import { SourceFile } from '../src/index.js';
import { calleeName, importMap } from '../src/python/shared/names.js';

/** The qualified callee of every call in `source`, in file order (null when unresolved). */
const callees = (source: string): (string | null)[] => {
  const root = new SourceFile('m.py', 'python', source).root;
  const imports = importMap(root);
  return root.findAll({ rule: { kind: 'call' } }).map((c) => calleeName(c, imports));
};

describe('importMap / calleeName: names a function binds', () => {
  it('when a parameter has the imported name, then calls inside that function are not the import and calls elsewhere are', () => {
    const source = [
      'from hashlib import md5',
      '',
      'def lookup(md5):',
      '    return md5(b"x")',
      '',
      'def digest(data):',
      '    return md5(data)',
      '',
    ].join('\n');
    expect(callees(source)).toEqual([null, 'hashlib.md5']);
  });

  it('when a parameter named like the module defaults to a call of it, then the default (evaluated outside) is the import', () => {
    const source = [
      'import random',
      '',
      'def make(random=random.Random()):',
      '    return random.random()',
      '',
    ].join('\n');
    expect(callees(source)).toEqual(['random.Random', null]);
  });

  it('when a function assigns the name through a global declaration or the module assigns it, then no call resolves to the import', () => {
    const global =
      'import random\n\ndef reset():\n    global random\n    random = None\n\nrandom.random()\n';
    const moduleLevel = 'import random\nrandom = None\nrandom.random()\n';
    expect(callees(global)).toEqual([null]);
    expect(callees(moduleLevel)).toEqual([null]);
  });

  it('when the module binds a name with pytest.importorskip or importlib.import_module, then calls through it are the module; a name assigned again or inside a function is not', () => {
    const source = [
      'import importlib',
      'import pytest',
      '',
      'requests = pytest.importorskip("requests")',
      'yaml = importlib.import_module("yaml")',
      '',
      'def fetch(url):',
      '    return requests.get(url), yaml.safe_load("a: 1")',
      '',
    ].join('\n');
    expect(callees(source)).toEqual([
      'pytest.importorskip',
      'importlib.import_module',
      'requests.get',
      'yaml.safe_load',
    ]);
    const rebound =
      'import pytest\n\nnp = pytest.importorskip("numpy")\nnp = None\n\nnp.zeros(3)\n';
    expect(callees(rebound).at(-1)).toBeNull();
    const local =
      'import pytest\n\ndef test():\n    np = pytest.importorskip("numpy")\n    np.zeros(3)\n\nnp.ones(3)\n';
    expect(callees(local).slice(1)).toEqual([null, null]);
  });
});
