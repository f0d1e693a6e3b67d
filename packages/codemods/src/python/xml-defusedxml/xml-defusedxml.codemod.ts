import type { SgNode } from '@ast-grep/napi';
import { notApplicable } from '../../engine/codemod.js';
import { defineCodemod } from '../../engine/define.js';
import type { SourceFile } from '../../engine/source-file.js';
import { ensurePythonImport } from '../../imports/python-imports.js';
import { ensureDependency } from '../../manifests/dependency.js';
import { calleeName, importMap, rootName } from '../shared/names.js';
import { dropImportIfUnused } from '../shared/unused-import.js';
import { XML_MODULES, xmlImports, type XmlImport } from './modules.js';

type Data =
  | { kind: 'import'; binding: XmlImport }
  | { kind: 'call'; module: string; fn: string; callee: SgNode; binding: XmlImport | undefined };

/** The import that binds the root name of a callee (`ET` of `ET.parse`, or `parse` itself). */
const bindingOf = (callee: SgNode, imports: XmlImport[]): XmlImport | undefined => {
  let root = callee;
  while (root.kind() === 'attribute') root = root.field('object')!;
  return imports.find((i) => i.locals.includes(root.text()));
};

/** Imports of stdlib XML parsers and every call to one of their parsing functions. */
const xmlSites = (file: SourceFile) => {
  const imports = xmlImports(file.root);
  if (imports.length === 0) return [];
  const names = importMap(file.root);
  const importSites = imports.map((binding) => {
    const data: Data = { kind: 'import', binding };
    return { node: binding.statement, data };
  });
  const callSites = file.root.findAll({ rule: { kind: 'call' } }).flatMap((call) => {
    const name = calleeName(call, names);
    const dot = name?.lastIndexOf('.') ?? -1;
    const module = name?.slice(0, dot);
    const fn = name?.slice(dot + 1);
    if (!module || !fn || !XML_MODULES[module]?.parsers.has(fn)) return [];
    const callee = call.field('function')!;
    const data: Data = { kind: 'call', module, fn, callee, binding: bindingOf(callee, imports) };
    return [{ node: call, data }];
  });
  return [...importSites, ...callSites];
};

/** `remediate:python/xml-defusedxml`: stdlib XML parsing → the `defusedxml` equivalents. */
export const pythonXmlDefusedxml = defineCodemod<Data>({
  id: 'remediate:python/xml-defusedxml',
  languages: ['python'],
  rules: {
    bandit: [
      'B313',
      'B314',
      'B316',
      'B317',
      'B318',
      'B319',
      'B405',
      'B406',
      'B407',
      'B408',
      'B409',
    ],
    codeql: ['py/xxe', 'py/xml-bomb'],
    semgrep: [
      'python.lang.security.use-defused-xml.use-defused-xml',
      'python.lang.security.use-defused-xml-parse.use-defused-xml-parse',
      'python_xml_rule-element',
      'python_xml_rule-celement',
      'python_xml_rule-minidom',
      'python_xml_rule-pulldom',
    ],
    sonarqube: ['python:S2755'],
  },
  cwe: [776, 611],
  owasp: ['A05:2021'],
  title: 'defusedxml instead of the standard library XML parsers',
  description:
    'Makes XML parsing go through `defusedxml`: an import of `xml.etree.ElementTree`, ' +
    '`xml.dom.minidom`, `xml.dom.pulldom`, `xml.dom.expatbuilder` or `xml.sax` whose names are ' +
    'only used for parsing is switched to the defusedxml module under the same local name ' +
    '(`import defusedxml.ElementTree as ET`); where the module is also used to build XML ' +
    '(`ET.Element`, `minidom.Document`), only the parsing calls change ' +
    '(`defusedxml.ElementTree.fromstring(...)`). `defusedxml` is added to requirements.txt or ' +
    'pyproject.toml.',
  rationale: {
    problem:
      "The standard library's XML parsers expand entity definitions, so a small document can " +
      'blow up into gigabytes ("billion laughs"), and some of them fetch external entities and ' +
      'DTDs. Parsing untrusted XML with them allows denial of service and, depending on the ' +
      'parser, reading local files or reaching internal URLs.',
    change:
      'Parsing now uses defusedxml, the drop-in wrappers the Python documentation recommends: ' +
      'same functions and return types, but documents that declare entities or reference ' +
      'external resources are rejected.',
    safety:
      'Ordinary documents parse to exactly the same trees; tree-building code keeps using the ' +
      'standard library. Documents with a DTD entity declaration or an external reference now ' +
      'raise a defusedxml error (a `ValueError`) instead of being expanded.',
  },
  references: [
    {
      title: 'CWE-776: XML Entity Expansion',
      url: 'https://cwe.mitre.org/data/definitions/776.html',
    },
    {
      title: 'Python: XML vulnerabilities',
      url: 'https://docs.python.org/3/library/xml.html#xml-vulnerabilities',
    },
    { title: 'defusedxml', url: 'https://github.com/tiran/defusedxml' },
  ],
  detect: xmlSites,
  fix: ({ data }, editor, ctx) => {
    if (!data) return;
    const swap = data.binding?.swap;
    if (data.kind === 'import') {
      if (!swap || 'refusal' in swap) {
        return notApplicable('unsafe_to_change', swap?.refusal ?? 'nothing to swap');
      }
      editor.replace(swap.node, swap.text);
    } else if (swap && 'node' in swap) {
      // The whole import can become defusedxml: this call (and every other) is then defused.
      editor.replace(swap.node, swap.text, 'import');
    } else {
      const defused = ensurePythonImport(editor, XML_MODULES[data.module]!.defused);
      editor.replace(data.callee, `${defused}.${data.fn}`);
      dropImportIfUnused(editor, rootName(data.callee), [data.callee]);
    }
    ensureDependency(ctx, { ecosystem: 'pypi', name: 'defusedxml', specifier: '>=0.7.1' });
  },
});
