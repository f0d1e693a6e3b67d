import { describe, expect, it } from 'vitest';
import { flowAt } from './build.js';

// A safe configuration written where real projects put it: PyYAML's safe loader imported under
// another name (`try: from yaml import CSafeLoader as Loader` / `except ImportError: …`) or
// passed positionally, and an lxml parser built in `__init__` under `self._parser` and used by
// another method through an `etree` alias. Near misses: a fallback that imports the full
// loader, another method that replaces the parser with a default one.
describe('PyYAML safe loaders under another name', () => {
  const py = (fallback: string, call = 'yaml.load(stream, Loader=Loader)') => [
    'import yaml',
    'try:',
    '    from yaml import CSafeLoader as Loader',
    'except ImportError:  # pragma: no cover',
    `    from yaml import ${fallback} as Loader`,
    '',
    '',
    'def read_config(stream):',
    `    data = ${call}`,
    '    return data or {}',
  ];

  it('when every import of the name is a safe loader, then the load builds plain data only', () => {
    const r = flowAt('deserialization', py('SafeLoader'), '    data = yaml', 'pkg/config.py');
    expect(r.outcome).toBe('no-source');
    expect(r.reason).toMatch(/Loader=Loader, which builds plain data only/);
  });

  it('when the fallback imports the full Loader under that name, then it is not safe', () => {
    const r = flowAt('deserialization', py('FullLoader'), '    data = yaml', 'pkg/config.py');
    expect(r.outcome).not.toBe('no-source');
  });

  it('when the safe loader is passed positionally, then it counts the same', () => {
    const lines = py('SafeLoader', 'yaml.load(stream, yaml.SafeLoader)');
    expect(flowAt('deserialization', lines, '    data = yaml', 'pkg/config.py').outcome).toBe(
      'no-source',
    );
    const full = py('SafeLoader', 'yaml.load(stream, yaml.Loader)');
    expect(flowAt('deserialization', full, '    data = yaml', 'pkg/config.py').outcome).not.toBe(
      'no-source',
    );
  });
});

describe('an lxml parser kept on the instance', () => {
  const py = (other: string[] = []) => [
    'import lxml.etree as ET',
    '',
    '',
    'class FeedReader(object):',
    '    def __init__(self, url):',
    '        self.url = url',
    '        self._parser = ET.XMLParser(resolve_entities=False, no_network=True)',
    ...other,
    '',
    '    def read(self, path):',
    '        tree = ET.parse(path, self._parser)',
    '        return tree.getroot()',
  ];

  it('when __init__ builds it with entities off, then a read in another method is safe', () => {
    const r = flowAt('xxe', py(), '        tree = ET.parse', 'feeds/reader.py');
    expect(r?.outcome).toBe('no-source');
  });

  it('when another method replaces it with a default parser, then it is not', () => {
    const r = flowAt(
      'xxe',
      py(['', '    def reset(self):', '        self._parser = ET.XMLParser()']),
      '        tree = ET.parse',
      'feeds/reader.py',
    );
    expect(r?.outcome).not.toBe('no-source');
  });
});
