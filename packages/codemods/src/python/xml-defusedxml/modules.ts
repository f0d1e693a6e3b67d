import type { SgNode } from '@ast-grep/napi';

/** A standard-library XML module and its defusedxml counterpart. */
export interface XmlModule {
  defused: string;
  /** The functions that parse untrusted input (what scanners flag). */
  parsers: ReadonlySet<string>;
  /** Everything the defused module offers: uses beyond these keep the stdlib module. */
  api: ReadonlySet<string>;
}

const ET_PARSERS = ['parse', 'iterparse', 'fromstring', 'XML', 'XMLParser'];
const ET_API = [...ET_PARSERS, 'ParseError', 'tostring', 'XMLParse', 'XMLTreeBuilder'];
const DOM_PARSERS = ['parse', 'parseString'];

/** The modules defusedxml 0.7 replaces (lxml has its own codemod: a hardened parser). */
export const XML_MODULES: Record<string, XmlModule> = {
  'xml.etree.ElementTree': {
    defused: 'defusedxml.ElementTree',
    parsers: new Set(ET_PARSERS),
    api: new Set(ET_API),
  },
  'xml.etree.cElementTree': {
    defused: 'defusedxml.ElementTree',
    parsers: new Set(ET_PARSERS),
    api: new Set(ET_API),
  },
  'xml.dom.minidom': {
    defused: 'defusedxml.minidom',
    parsers: new Set(DOM_PARSERS),
    api: new Set(DOM_PARSERS),
  },
  'xml.dom.pulldom': {
    defused: 'defusedxml.pulldom',
    parsers: new Set(DOM_PARSERS),
    api: new Set(DOM_PARSERS),
  },
  'xml.dom.expatbuilder': {
    defused: 'defusedxml.expatbuilder',
    parsers: new Set(DOM_PARSERS),
    api: new Set(DOM_PARSERS),
  },
  'xml.sax': {
    defused: 'defusedxml.sax',
    parsers: new Set([...DOM_PARSERS, 'make_parser']),
    api: new Set([...DOM_PARSERS, 'make_parser']),
  },
};

/** One binding an import makes of a stdlib XML module (or of names from it). */
export interface XmlImport {
  statement: SgNode;
  /** `module`: the local name is the module; `names`: `from module import a, b`. */
  kind: 'module' | 'names';
  module: string;
  /** Local names bound (one for `module`). */
  locals: string[];
  /** The imported names (`names` kind). */
  names: string[];
  /** The splice that turns the import into its defusedxml form, or why it cannot. */
  swap: { node: SgNode; text: string } | { refusal: string };
}

const usesBeyond = (
  root: SgNode,
  local: string,
  api: ReadonlySet<string>,
  statement: SgNode,
): string | null => {
  for (const id of root.findAll({ rule: { kind: 'identifier', regex: `^${local}$` } })) {
    if (
      id.range().start.index >= statement.range().start.index &&
      id.range().end.index <= statement.range().end.index
    )
      continue;
    const parent = id.parent();
    if (parent?.kind() === 'attribute' && parent.field('attribute')?.id() === id.id()) continue;
    const member =
      parent?.kind() === 'attribute' && parent.field('object')?.id() === id.id()
        ? parent.field('attribute')!.text()
        : null;
    if (!member) return `${local} is used as a value`;
    if (!api.has(member)) return `${local}.${member} is not part of ${'defusedxml'}`;
  }
  return null;
};

/** Every import of a stdlib XML module in the file, with how to swap it for defusedxml. */
export const xmlImports = (root: SgNode): XmlImport[] => {
  const out: XmlImport[] = [];
  for (const statement of root.findAll({ rule: { kind: 'import_statement' } })) {
    for (const item of statement.namedChildren()) {
      const dotted = item.kind() === 'aliased_import' ? item.field('name')! : item;
      const module = XML_MODULES[dotted.text()];
      if (!module) continue;
      const local =
        item.kind() === 'aliased_import'
          ? item.field('alias')!.text()
          : dotted.text().split('.')[0]!;
      const beyond =
        item.kind() === 'aliased_import'
          ? usesBeyond(root, local, module.api, statement)
          : `the import binds the package name ${local}`;
      out.push({
        statement,
        kind: 'module',
        module: dotted.text(),
        locals: [local],
        names: [],
        swap: beyond ? { refusal: beyond } : { node: dotted, text: module.defused },
      });
    }
  }
  for (const statement of root.findAll({ rule: { kind: 'import_from_statement' } })) {
    const moduleName = statement.field('module_name');
    if (moduleName?.kind() !== 'dotted_name') continue;
    const items = statement
      .namedChildren()
      .filter(
        (c) =>
          c.id() !== moduleName.id() &&
          (c.kind() === 'dotted_name' || c.kind() === 'aliased_import'),
      );
    const pairs = items.map<[string, string]>((item) =>
      item.kind() === 'aliased_import'
        ? [item.field('name')!.text(), item.field('alias')!.text()]
        : [item.text(), item.text()],
    );
    const whole = XML_MODULES[moduleName.text()];
    if (whole) {
      // from xml.etree.ElementTree import fromstring, Element
      const outside = pairs.filter(([name]) => !whole.api.has(name)).map(([name]) => name);
      out.push({
        statement,
        kind: 'names',
        module: moduleName.text(),
        locals: pairs.map(([, local]) => local),
        names: pairs.map(([name]) => name),
        swap: outside.length
          ? {
              refusal: `${outside.join(', ')} ${outside.length > 1 ? 'are' : 'is'} not part of defusedxml`,
            }
          : { node: moduleName, text: whole.defused },
      });
      continue;
    }
    // from xml.etree import ElementTree as ET / from xml.dom import minidom
    const modules = pairs.map(([name, local]) => [`${moduleName.text()}.${name}`, local] as const);
    const vulnerable = modules.filter(([m]) => XML_MODULES[m]);
    if (vulnerable.length === 0) continue;
    const refusals = vulnerable
      .map(([m, local]) => usesBeyond(root, local, XML_MODULES[m]!.api, statement))
      .filter(Boolean);
    const parents = new Set(
      vulnerable.map(([m]) => XML_MODULES[m]!.defused.split('.').slice(0, -1).join('.')),
    );
    const sameNames = vulnerable.every(
      ([m]) => XML_MODULES[m]!.defused.split('.').at(-1) === m.split('.').at(-1),
    );
    for (const [m, local] of vulnerable) {
      out.push({
        statement,
        kind: 'module',
        module: m,
        locals: [local],
        names: [],
        swap:
          vulnerable.length !== modules.length || parents.size !== 1 || !sameNames
            ? { refusal: 'the import also brings in other modules' }
            : refusals.length
              ? { refusal: refusals[0]! }
              : { node: moduleName, text: [...parents][0]! },
      });
    }
  }
  return out;
};
