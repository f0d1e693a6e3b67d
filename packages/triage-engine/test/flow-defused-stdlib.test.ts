import { describe, expect, it } from 'vitest';
import { flowAt, pathText } from './build.js';

// Bandit reports the import of the standard library's XML modules and names the remedy:
// defusedxml.xmlrpc.monkey_patch() (B411) or defusedxml.defuse_stdlib() (B405–B410), which patch
// the modules in place. An import whose block runs the patch is defused.
const compat = (patch: string[]) => [
  'import sys',
  '',
  'PY3 = sys.version_info[0] == 3',
  '',
  'if PY3:',
  '    import queue',
  '    from xmlrpc.client import Fault, ProtocolError, ServerProxy, Transport, Server',
  '    from xmlrpc.server import SimpleXMLRPCRequestHandler, SimpleXMLRPCServer',
  '    from urllib.request import urlopen',
  '',
  ...patch.map((l) => `    ${l}`),
  'else:',
  '    import Queue as queue',
  '    from xmlrpclib import Fault, ProtocolError, ServerProxy, Transport, Server',
];

const at = (lines: string[], marker: string, uri = 'glances/compat.py') =>
  flowAt('xxe', lines, marker, uri);

describe('XML modules of the standard library defused in place', () => {
  it('monkey_patch() of defusedxml.xmlrpc in the import block defuses xmlrpc', () => {
    const lines = compat(['from defusedxml.xmlrpc import monkey_patch', 'monkey_patch()']);
    for (const marker of ['from xmlrpc.client', 'from xmlrpc.server']) {
      const r = at(lines, marker);
      expect(r.outcome, marker).toBe('no-source');
      expect(pathText(r)).toMatch(/monkey_patch\(\)/);
    }
  });

  it('the module called by its path, through an alias, or defuse_stdlib()', () => {
    for (const patch of [
      ['import defusedxml.xmlrpc', 'defusedxml.xmlrpc.monkey_patch()'],
      ['import defusedxml.xmlrpc as dx', 'dx.monkey_patch()'],
      ['from defusedxml import xmlrpc as defused_rpc', 'defused_rpc.monkey_patch()'],
      ['from defusedxml import defuse_stdlib', 'defuse_stdlib()'],
    ]) {
      const r = at(compat(patch), 'from xmlrpc.client');
      expect(r?.outcome, patch.join('; ')).toBe('no-source');
    }
  });

  it('defuse_stdlib() covers xml.etree and minidom at module level', () => {
    const lines = [
      'import defusedxml',
      'import xml.etree.ElementTree as ET',
      'from xml.dom import minidom',
      '',
      'defusedxml.defuse_stdlib()',
      '',
      '',
      'def load(path):',
      '    return ET.parse(path)',
    ];
    expect(at(lines, 'import xml.etree', 'app/load.py')?.outcome).toBe('no-source');
    expect(at(lines, 'from xml.dom', 'app/load.py')?.outcome).toBe('no-source');
  });

  it('near misses: the patch does not run with the import, or does not cover it', () => {
    const cases: [string, string[], string][] = [
      // the other branch's import is not patched by this block's call
      [
        'other branch',
        compat(['from defusedxml.xmlrpc import monkey_patch', 'monkey_patch()']),
        'from xmlrpclib',
      ],
      // imported but never called
      ['not called', compat(['from defusedxml.xmlrpc import monkey_patch']), 'from xmlrpc.client'],
      // called only in a function (maybe never)
      [
        'in a function',
        compat([
          'from defusedxml.xmlrpc import monkey_patch',
          'def harden():',
          '    monkey_patch()',
        ]),
        'from xmlrpc.client',
      ],
      // called only when a setting says so
      [
        'conditional',
        compat(['from defusedxml.xmlrpc import monkey_patch', 'if HARDEN:', '    monkey_patch()']),
        'from xmlrpc.client',
      ],
      // a patch of another library by the same name
      [
        'gevent',
        compat(['from gevent import monkey_patch', 'monkey_patch()']),
        'from xmlrpc.client',
      ],
    ];
    for (const [name, lines, marker] of cases)
      expect(at(lines, marker)?.outcome, name).not.toBe('no-source');
  });

  it('near miss: monkey_patch of xmlrpc does not defuse xml.etree', () => {
    const lines = [
      'from defusedxml.xmlrpc import monkey_patch',
      'import xml.etree.ElementTree as ET',
      '',
      'monkey_patch()',
    ];
    expect(at(lines, 'import xml.etree', 'app/load.py')?.outcome).not.toBe('no-source');
  });

  it('near miss: a function of the file named like the patch', () => {
    const lines = [
      'from defusedxml import defuse_stdlib',
      'import xml.sax',
      '',
      '',
      'def defuse_stdlib():',
      '    pass',
      '',
      '',
      'defuse_stdlib()',
    ];
    expect(at(lines, 'import xml.sax', 'app/sax.py')?.outcome).not.toBe('no-source');
  });
});
