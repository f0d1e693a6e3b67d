import type { SgNode } from '@ast-grep/napi';
import type { SourceFile } from '../../engine/source-file.js';
import type { Site } from '../../types.js';
import { argsOf, callsIn, kindOf, methodName, receiver, simpleTypeName } from '../shared/ast.js';
import { exceptionsHandled } from '../shared/exceptions.js';
import { declarationOfExpr, enclosingBody, enclosingClassBody } from '../shared/scope.js';
import { blockStatement } from '../shared/statements.js';
import { FACTORIES, type Factory, type Setting } from './factories.js';

export interface XxeData {
  factory: Factory;
  /** `inline`: settings inserted after `statement`; `helper`: the creation is wrapped. */
  mode: 'inline' | 'helper';
  /** How the factory is referenced (`dbf`, `this.factory`). */
  variable: string | null;
  statement: SgNode | null;
  missing: readonly Setting[];
}

/** The helper method name for a factory type. */
export const helperName = (factory: Factory): string => `secure${factory.type}`;

const factoryOf = (call: SgNode): Factory | undefined =>
  FACTORIES.find((f) =>
    f.creators.some(
      (c) =>
        c.method.test(methodName(call)) &&
        (c.receiver === null
          ? receiver(call) !== null
          : c.receiver.test(receiver(call)?.text() ?? '')),
    ),
  );

const normalized = (text: string): string => text.replace(/\s+/g, '');

const present = (calls: readonly SgNode[], variable: string, setting: Setting): boolean =>
  calls.some((call) => {
    const [key, value] = argsOf(call);
    return (
      methodName(call) === setting.method &&
      normalized(receiver(call)?.text() ?? '') === variable &&
      !!key &&
      !!value &&
      setting.keys.includes(normalized(key.text())) &&
      setting.values.includes(normalized(value.text()))
    );
  });

/** Where the creation's result is kept: a local, an assigned variable or field, or nowhere. */
const holderOf = (creation: SgNode) => {
  const parent = creation.parent();
  if (kindOf(parent) === 'variable_declarator') {
    const name = parent!.field('name')!.text();
    const declaration = parent!.parent()!;
    if (kindOf(declaration) === 'field_declaration') {
      return { name, statement: null, anchor: declaration, field: true };
    }
    const statement = blockStatement(creation);
    return statement ? { name, statement, anchor: statement, field: false } : null;
  }
  if (
    kindOf(parent) === 'assignment_expression' &&
    kindOf(parent!.parent()) === 'expression_statement'
  ) {
    const left = parent!.field('left')!;
    const statement = blockStatement(creation);
    const declaration = declarationOfExpr(left);
    if (!statement || !declaration) return null;
    return {
      name: normalized(left.text()),
      statement,
      anchor: statement,
      field: declaration.kind === 'field',
    };
  }
  return null;
};

const wrappedByHelper = (creation: SgNode, factory: Factory): boolean => {
  const list = creation.parent();
  if (kindOf(list) !== 'argument_list') return false;
  const call = list!.parent()!;
  return methodName(call) === helperName(factory) && receiver(call) === null;
};

/** What a parser object is, by its type: the factory type whose settings govern it. */
const GOVERNED_BY: Record<string, string> = {
  DocumentBuilderFactory: 'DocumentBuilderFactory',
  DocumentBuilder: 'DocumentBuilderFactory',
  SAXParserFactory: 'SAXParserFactory',
  SAXParser: 'SAXParserFactory',
  XMLReader: 'XMLReader',
  XMLInputFactory: 'XMLInputFactory',
  TransformerFactory: 'TransformerFactory',
  SAXTransformerFactory: 'TransformerFactory',
  SchemaFactory: 'SchemaFactory',
};

const governedBy = (type: string): string | null =>
  Object.hasOwn(GOVERNED_BY, type) ? GOVERNED_BY[type]! : null;

/** Calls that read XML with a parser object, and the factory types that may have built it. */
const SINKS: Record<string, readonly string[]> = {
  parse: ['DocumentBuilderFactory', 'SAXParserFactory', 'XMLReader'],
  createXMLStreamReader: ['XMLInputFactory'],
  createXMLEventReader: ['XMLInputFactory'],
  newSchema: ['SchemaFactory'],
  newTransformer: ['TransformerFactory'],
  newTemplates: ['TransformerFactory'],
};

/** The factory type governing a receiver, from its declared type or the file's method returning it. */
const governingType = (file: SourceFile, object: SgNode): string | null => {
  const expr = object;
  if (kindOf(expr) === 'method_invocation') {
    const owner = receiver(expr);
    if (owner && kindOf(owner) !== 'this') return null;
    const name = methodName(expr);
    const declared = file.root
      .findAll({ rule: { kind: 'method_declaration' } })
      .filter((m) => m.field('name')?.text() === name);
    const types = new Set(declared.map((m) => simpleTypeName(m.field('type'))));
    return types.size === 1 ? governedBy([...types][0]!) : null;
  }
  const declaration = declarationOfExpr(expr);
  return declaration ? governedBy(declaration.simpleType) : null;
};

/**
 * Parser calls (`builder.parse(in)`, `factory().createXMLStreamReader(in)`) that scanners report
 * away from the factory: anchored to the one unhardened creation of the governing factory type in
 * the file (the fix hardens it there), or declined with why no creation here can be fixed.
 */
const sinkSites = (file: SourceFile, sites: Site<XxeData>[]): Site<XxeData>[] => {
  const anchored = new Set(sites.flatMap((s) => (s.anchors ?? []).map((a) => a.id())));
  const created = new Set(
    callsIn(file.root).flatMap((c) => {
      const f = factoryOf(c);
      return f ? [f.type] : [];
    }),
  );
  const extra = new Map<Site<XxeData>, SgNode[]>();
  const declined: Site<XxeData>[] = [];
  for (const call of callsIn(file.root)) {
    const kinds = Object.hasOwn(SINKS, methodName(call)) ? SINKS[methodName(call)] : undefined;
    const object = receiver(call);
    if (!kinds || !object || anchored.has(call.id()) || factoryOf(call)) continue;
    const governing = governingType(file, object);
    if (
      governing === null &&
      methodName(call) === 'parse' &&
      kindOf(object) !== 'method_invocation'
    ) {
      // `x.parse(...)` on a name of another type (a date format, a number) is not XML.
      const declaration = declarationOfExpr(object);
      if (declaration?.simpleType) continue;
    }
    const types = governing ? [governing] : kinds;
    const candidates = sites.filter((s) => s.data && types.includes(s.data.factory.type));
    if (candidates.length === 1) {
      extra.set(candidates[0]!, [...(extra.get(candidates[0]!) ?? []), call]);
      continue;
    }
    const decline =
      candidates.length > 1
        ? 'several XML factories are created unhardened in this file and which one built this parser is not known here'
        : types.some((t) => created.has(t))
          ? 'the parser comes from a factory this file already configures against external entities; the scanner does not follow that configuration to this call'
          : 'the parser is created outside this file (passed in, a field set elsewhere, or another class\u2019s factory method): the settings belong where it is created';
    declined.push({ node: call, decline });
  }
  return [
    ...sites.map((s) =>
      extra.has(s) ? { ...s, anchors: [...(s.anchors ?? []), ...extra.get(s)!] } : s,
    ),
    ...declined,
  ];
};

/** Every XML factory or reader created without the settings that switch off external entities. */
export const xxeSites = (file: SourceFile): Site<XxeData>[] => sinkSites(file, creationSites(file));

const creationSites = (file: SourceFile): Site<XxeData>[] =>
  callsIn(file.root).flatMap((creation): Site<XxeData>[] => {
    const factory = factoryOf(creation);
    if (!factory || wrappedByHelper(creation, factory)) return [];
    const holder = holderOf(creation);
    const alternatives = factory.alternatives.length ? factory.alternatives : [factory.settings];
    if (!holder) {
      return [
        {
          node: creation,
          data: {
            factory,
            mode: 'helper',
            variable: null,
            statement: null,
            missing: factory.settings,
          },
        },
      ];
    }
    const searchIn = holder.field ? enclosingClassBody(creation) : enclosingBody(creation);
    const calls = callsIn(searchIn ?? file.root);
    const names = holder.field
      ? [holder.name, `this.${holder.name.replace(/^this\./, '')}`]
      : [holder.name];
    const has = (s: Setting) => names.some((n) => present(calls, n, s));
    if (alternatives.some((alt) => alt.every(has))) return [];
    const missing = factory.settings.filter((s) => !has(s));
    const sinks = calls.filter(
      (c) =>
        factory.sinks.includes(methodName(c)) &&
        names.includes(normalized(receiver(c)?.text() ?? '')),
    );
    const derived = sinks.flatMap((sink) => {
      const parent = sink.parent();
      if (kindOf(parent) === 'method_invocation') return [parent!];
      if (kindOf(parent) !== 'variable_declarator') return [];
      const name = parent!.field('name')!.text();
      return calls.filter((c) => receiver(c)?.text() === name);
    });
    const inline = holder.statement !== null && exceptionsHandled(holder.statement, factory.throws);
    return [
      {
        node: creation,
        anchors: [holder.anchor, ...sinks, ...derived],
        data: {
          factory,
          mode: inline ? 'inline' : 'helper',
          variable: holder.name,
          statement: holder.statement,
          missing,
        },
      },
    ];
  });
