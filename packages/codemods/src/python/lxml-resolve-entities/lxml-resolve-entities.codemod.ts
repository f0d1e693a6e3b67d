import type { SgNode } from '@ast-grep/napi';
import { notApplicable } from '../../engine/codemod.js';
import { defineCodemod } from '../../engine/define.js';
import type { SourceFile } from '../../engine/source-file.js';
import { appendArgument, hasSplat, isFalse, keyword, positional } from '../shared/args.js';
import { calleeName, importMap, type ImportMap } from '../shared/names.js';

interface Data {
  kind: 'parser' | 'parse';
  refusal?: string;
}

const PARSE = new Set(['lxml.etree.fromstring', 'lxml.etree.XML', 'lxml.etree.parse']);
/** The positional index of each function's `parser` argument. */
const PARSER_POSITION: Record<string, number> = { fromstring: 1, XML: 1, parse: 1 };

/** `etree.XMLParser(...)` calls that leave entity resolution on. */
const openParsers = (root: SgNode, imports: ImportMap) =>
  root
    .findAll({ rule: { kind: 'call' } })
    .filter((call) => calleeName(call, imports) === 'lxml.etree.XMLParser')
    .filter((call) => !isFalse(keyword(call, 'resolve_entities')?.field('value') ?? undefined));

/** lxml parse calls with the default parser, and `XMLParser()` calls without `resolve_entities=False`. */
const lxmlSites = (file: SourceFile) => {
  const imports = importMap(file.root);
  const parsers = openParsers(file.root, imports).map((call) => ({
    node: call,
    data: {
      kind: 'parser' as const,
      ...(hasSplat(call) ? { refusal: 'the parser options come from **kwargs' } : {}),
    },
  }));
  const parses = file.root.findAll({ rule: { kind: 'call' } }).flatMap((call) => {
    const name = calleeName(call, imports) ?? '';
    if (!PARSE.has(name)) return [];
    const fn = name.slice(name.lastIndexOf('.') + 1);
    const parser = keyword(call, 'parser') ?? positional(call)[PARSER_POSITION[fn]!];
    if (parser) return [];
    const data: Data = {
      kind: 'parse',
      ...(hasSplat(call) ? { refusal: 'the call passes *args or **kwargs' } : {}),
    };
    return [{ node: call, data }];
  });
  return [...parsers, ...parses];
};

/** `remediate:python/lxml-resolve-entities`: lxml parsing without entity expansion. */
export const pythonLxmlResolveEntities = defineCodemod<Data>({
  id: 'remediate:python/lxml-resolve-entities',
  languages: ['python'],
  rules: {
    codeql: ['py/xxe', 'py/xml-bomb'],
    sonarqube: ['python:S2755'],
  },
  cwe: [611, 776],
  owasp: ['A05:2021'],
  title: 'lxml parsers that do not resolve entities',
  description:
    'Adds `parser=etree.XMLParser(resolve_entities=False)` to `lxml.etree.fromstring`, ' +
    '`XML` and `parse` calls that use the default parser, and `resolve_entities=False` to ' +
    '`etree.XMLParser(...)` constructions that leave it on. (lxml is the one XML library ' +
    "defusedxml no longer wraps; hardening its parser is lxml's own advice.)",
  rationale: {
    problem:
      "lxml's default parser substitutes entities, so a document can pull in a local file or " +
      'a URL through an external entity (XXE) or expand nested entities into gigabytes.',
    change:
      'The parser no longer resolves entities: entity references stay unexpanded, so no file ' +
      'or network resource is read and nothing grows exponentially. Network access for DTDs ' +
      'stays off, as in the default parser.',
    safety:
      'Documents without entity declarations parse to the same tree. Documents that rely on ' +
      'custom entities keep the references as entity nodes instead of their text.',
  },
  references: [
    {
      title: 'CWE-611: Improper Restriction of XML External Entity Reference',
      url: 'https://cwe.mitre.org/data/definitions/611.html',
    },
    {
      title: 'lxml: parser options',
      url: 'https://lxml.de/parsing.html#parser-options',
    },
    {
      title: 'OWASP XXE Prevention Cheat Sheet',
      url: 'https://cheatsheetseries.owasp.org/cheatsheets/XML_External_Entity_Prevention_Cheat_Sheet.html',
    },
  ],
  detect: lxmlSites,
  fix: ({ node, data }, editor) => {
    if (!data) return;
    if (data.refusal) return notApplicable('unsafe_to_change', data.refusal);
    if (data.kind === 'parser') {
      const existing = keyword(node, 'resolve_entities');
      if (existing) editor.replace(existing.field('value')!, 'False');
      else appendArgument(editor, node, 'resolve_entities=False');
      return;
    }
    const callee = node.field('function')!;
    const etree = callee.kind() === 'attribute' ? callee.field('object')!.text() : null;
    if (!etree) return notApplicable('unsafe_to_change', 'the parse function is imported by name');
    appendArgument(editor, node, `parser=${etree}.XMLParser(resolve_entities=False)`);
  },
});
