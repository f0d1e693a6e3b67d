import type { SgNode } from '@ast-grep/napi';
import { notApplicable } from '../../engine/codemod.js';
import { defineCodemod } from '../../engine/define.js';
import type { Site } from '../../types.js';
import type { SourceFile } from '../../engine/source-file.js';
import { ensurePythonImport } from '../../imports/python-imports.js';
import { ensureDependency } from '../../manifests/dependency.js';
import { calleeName, enclosingFunction, importMap, rootName } from '../shared/names.js';
import { dropImportIfUnused } from '../shared/unused-import.js';
import { XML_MODULES, xmlImports, type XmlImport } from './modules.js';

type Data =
  | { kind: 'import'; binding: XmlImport }
  | { kind: 'call'; module: string; fn: string; callee: SgNode; binding: XmlImport | undefined };

/**
 * The import that binds the root name of a callee (`ET` of `ET.parse`, or `parse` itself): of
 * several (`from xml.etree.ElementTree import parse` in each test method), the one in the
 * innermost function around the call, else the module's.
 */
const bindingOf = (callee: SgNode, imports: XmlImport[]): XmlImport | undefined => {
  let root = callee;
  while (root.kind() === 'attribute') root = root.field('object')!;
  const candidates = imports.filter((i) => i.locals.includes(root.text()));
  const at = callee.range().start.index;
  const depth = (i: XmlImport): number => {
    const fn = enclosingFunction(i.statement);
    if (!fn) return 0;
    const { start, end } = fn.range();
    return start.index <= at && at < end.index ? start.index + 1 : -1;
  };
  const visible = candidates.filter((i) => depth(i) >= 0).sort((a, b) => depth(b) - depth(a));
  return visible[0] ?? candidates[0];
};

/** True when an import statement binds `local` (`from m import local`, `import local.x`, `as local`). */
const binds = (statement: SgNode, local: string): boolean => {
  const module = statement.field('module_name');
  return statement.namedChildren().some((item) => {
    if (module && item.id() === module.id()) return false;
    if (item.kind() === 'aliased_import') return item.field('alias')?.text() === local;
    return item.kind() === 'dotted_name' && item.text().split('.')[0] === local;
  });
};

/**
 * The import of `local` in the innermost function around `node` that imports it, or null: the
 * name a call there reaches (`from defusedxml.ElementTree import parse` in one test method
 * while the others still import the stdlib `parse`).
 */
const functionImportOf = (node: SgNode, local: string): SgNode | null => {
  for (let fn = enclosingFunction(node); fn; fn = enclosingFunction(fn)) {
    const own = fn
      .findAll({ rule: { any: [{ kind: 'import_statement' }, { kind: 'import_from_statement' }] } })
      .find((s) => enclosingFunction(s)?.id() === fn.id() && binds(s, local));
    if (own) return own;
  }
  return null;
};

const ETREE_DEFUSED = 'defusedxml.ElementTree';
const PULL_PARSER =
  'ElementTree.XMLPullParser (an incremental parser fed by the caller) has no defusedxml ' +
  'counterpart: defusedxml.ElementTree offers parse, iterparse, fromstring, XML and XMLParser';

/** `xml.sax` submodules that write XML or define handler interfaces: none of them parses. */
const SAX_HELPERS = new Set(['xml.sax.saxutils', 'xml.sax.handler', 'xml.sax.xmlreader']);

const DOTTED = (item: SgNode): string =>
  (item.kind() === 'aliased_import' ? item.field('name')! : item).text();

/**
 * Imports of `xml.sax` helper submodules only (`from xml.sax.saxutils import XMLGenerator`,
 * `from xml.sax import handler`), which Bandit's B406 reports as an `xml.sax` import: declined,
 * there is no parser to defuse there (`parses`: the file calls a parser, fixed at the call).
 */
const saxHelperImports = (root: SgNode, parses: boolean): Site<Data>[] => {
  const sites: Site<Data>[] = [];
  const decline = parses
    ? 'the import takes only xml.sax helpers that write XML or define handler interfaces ' +
      '(saxutils, handler, xmlreader); the parser this file creates is fixed at its call, and ' +
      'the import has nothing to change'
    : 'the import takes only xml.sax helpers that write XML or define handler interfaces ' +
      '(saxutils, handler, xmlreader): nothing here parses XML, and defusedxml replaces only the parsers';
  for (const statement of root.findAll({ rule: { kind: 'import_statement' } })) {
    const modules = statement.namedChildren().map(DOTTED);
    if (modules.length > 0 && modules.every((m) => SAX_HELPERS.has(m)))
      sites.push({ node: statement, decline });
  }
  for (const statement of root.findAll({ rule: { kind: 'import_from_statement' } })) {
    const module = statement.field('module_name');
    if (module?.kind() !== 'dotted_name') continue;
    if (SAX_HELPERS.has(module.text())) {
      sites.push({ node: statement, decline });
      continue;
    }
    const names = statement
      .namedChildren()
      .filter((c) => c.id() !== module.id() && c.kind() !== 'comment')
      .map(DOTTED);
    if (
      module.text() === 'xml.sax' &&
      names.length > 0 &&
      names.every((n) => SAX_HELPERS.has(`xml.sax.${n}`))
    )
      sites.push({ node: statement, decline });
  }
  return sites;
};

/** Imports of stdlib XML parsers and every call to one of their parsing functions. */
const xmlSites = (file: SourceFile): Site<Data>[] => {
  const imports = xmlImports(file.root);
  const names = importMap(file.root);
  const importSites = imports.map((binding) => {
    const data: Data = { kind: 'import', binding };
    return { node: binding.statement, data };
  });
  const callSites = file.root.findAll({ rule: { kind: 'call' } }).flatMap((call): Site<Data>[] => {
    const name = calleeName(call, names);
    const dot = name?.lastIndexOf('.') ?? -1;
    const module = name?.slice(0, dot);
    const fn = name?.slice(dot + 1);
    if (module && fn === 'XMLPullParser' && XML_MODULES[module]?.defused === ETREE_DEFUSED) {
      return [{ node: call, decline: PULL_PARSER }];
    }
    if (!module || !fn || !XML_MODULES[module]?.parsers.has(fn)) return [];
    const callee = call.field('function')!;
    const own = functionImportOf(call, rootName(callee));
    if (own && !imports.some((i) => i.statement.id() === own.id())) return [];
    const data: Data = { kind: 'call', module, fn, callee, binding: bindingOf(callee, imports) };
    return [{ node: call, data }];
  });
  // `import xml.sax.saxutils` also makes `xml.sax.make_parser` reachable: the parsing call is
  // then the site to fix, and the helper import has nothing to change.
  const helpers = saxHelperImports(
    file.root,
    callSites.some((s) => s.decline === undefined),
  );
  return [...importSites, ...callSites, ...helpers];
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
    'pyproject.toml. An import of `xml.sax` helpers only (`saxutils.XMLGenerator`, `handler`, ' +
    '`xmlreader`), which parse nothing, is declined with that reason, and so is ' +
    '`ElementTree.XMLPullParser`, which defusedxml does not offer. A call reaches the import in ' +
    'the innermost function around it (test methods that each import `parse`), which is the ' +
    'one switched.',
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
