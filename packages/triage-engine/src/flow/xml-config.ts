import type { FlowResult } from './index.js';
import { lineOf, named, within, type Node } from './node.js';
import { step } from './value.js';

// XXE (Java): a rule reports where a JAXP parser or factory is made. Whether entities can be
// expanded depends on how the code configures that object before it parses, not on where data
// comes from: this reads the configuration calls on the object after it is made.

/** Factories and parsers whose defaults resolve external entities or DTDs. */
const MAKERS =
  /^(DocumentBuilderFactory|SAXParserFactory|XMLInputFactory|TransformerFactory|SchemaFactory|XMLReaderFactory|SAXParser|XMLReader)$/;
const MAKE_METHODS = /^(newInstance|newFactory|newDefaultInstance|createXMLReader|getXMLReader)$/;
const NEW_TYPES = /^(SAXReader|SAXBuilder)$/;

/**
 * Settings that keep external entities out, by the name the JAXP, SAX and StAX documentation
 * gives them (string or constant) and the value that protects. `when` is the value (`true`,
 * `false` or `''`): `disallow-doctype-decl` refuses any DTD; the SAX `external-*-entities` and
 * StAX `isSupportingExternalEntities`/`supportDTD` turn resolution off; StAX
 * `isReplacingEntityReferences` false reports entity references instead of expanding them;
 * `ACCESS_EXTERNAL_*` set to "" and FEATURE_SECURE_PROCESSING forbid fetching external resources.
 */
const PROTECTIVE: { name: RegExp; when: string; what: string }[] = [
  {
    name: /^("http:\/\/apache\.org\/xml\/features\/disallow-doctype-decl")$/,
    when: 'true',
    what: 'DOCTYPE declarations are refused',
  },
  {
    name: /^"http:\/\/xml\.org\/sax\/features\/external-general-entities"$/,
    when: 'false',
    what: 'external general entities are not resolved',
  },
  {
    name: /^(XMLInputFactory\.IS_SUPPORTING_EXTERNAL_ENTITIES|"javax\.xml\.stream\.isSupportingExternalEntities")$/,
    when: 'false',
    what: 'external entities are not supported',
  },
  {
    name: /^(XMLInputFactory\.SUPPORT_DTD|"javax\.xml\.stream\.supportDTD")$/,
    when: 'false',
    what: 'DTDs are not supported',
  },
  {
    name: /^(XMLInputFactory\.IS_REPLACING_ENTITY_REFERENCES|"javax\.xml\.stream\.isReplacingEntityReferences")$/,
    when: 'false',
    what: 'entity references are reported, not expanded',
  },
  {
    name: /^(XMLConstants\.FEATURE_SECURE_PROCESSING|"http:\/\/javax\.xml\.XMLConstants\/feature\/secure-processing")$/,
    when: 'true',
    what: 'secure processing forbids external resources',
  },
  {
    name: /^(XMLConstants\.ACCESS_EXTERNAL_DTD|"http:\/\/javax\.xml\.XMLConstants\/property\/accessExternalDTD")$/,
    when: '""',
    what: 'no external DTD may be fetched',
  },
  {
    name: /^(XMLConstants\.ACCESS_EXTERNAL_(STYLESHEET|SCHEMA)|"http:\/\/javax\.xml\.XMLConstants\/property\/accessExternal(Stylesheet|Schema)")$/,
    when: '""',
    what: 'no external stylesheet or schema may be fetched',
  },
];

/** One-argument settings that keep entities out: JDOM's `SAXBuilder.setExpandEntities(false)`. */
const PROTECTIVE_SETTERS: Record<string, { when: string; what: string }> = {
  setExpandEntities: { when: 'false', what: 'entities are not expanded' },
};

const SETTERS = /^(setFeature|setProperty|setAttribute)$/;

/** A boolean or empty-string literal as written (`Boolean.FALSE` reads `false`). */
const literal = (n: Node): string | null => {
  const t = n.text().replace(/\s+/g, '');
  if (t === 'true' || t === 'Boolean.TRUE') return 'true';
  if (t === 'false' || t === 'Boolean.FALSE') return 'false';
  if (t === '""') return '""';
  return null;
};

/** The constants of the class (`static final String NAME = "…"`), for setting names. */
const stringConstants = (root: Node): Map<string, string> => {
  const out = new Map<string, string>();
  for (const d of root.findAll({ rule: { kind: 'variable_declarator' } })) {
    const value = d.field('value');
    const name = d.field('name')?.text();
    if (name && value?.kind() === 'string_literal') out.set(name, value.text());
  }
  return out;
};

/**
 * A boolean field the setting reads (`this.processExternalEntities`): its value when nothing
 * sets it, when the class declares it with a literal or as a `boolean` without one (false).
 */
const fieldDefault = (root: Node, n: Node): { name: string; value: string } | null => {
  const m = /^(?:this\.)?([A-Za-z_$][\w$]*)$/.exec(n.text());
  if (!m) return null;
  for (const f of root.findAll({ rule: { kind: 'field_declaration' } })) {
    const type = f.field('type')?.text();
    for (const d of f.fieldChildren('declarator')) {
      if (d.field('name')?.text() !== m[1]) continue;
      const value = d.field('value');
      if (value) {
        const v = literal(value);
        return v ? { name: m[1]!, value: v } : null;
      }
      return type === 'boolean' ? { name: m[1]!, value: 'false' } : null;
    }
  }
  return null;
};

/** The variable or field the made object is kept in (`f = …`, `T f = …`, `this.f = …`). */
const keptIn = (made: Node): string | null => {
  let n: Node | null = made.parent();
  while (n && (n.kind() === 'parenthesized_expression' || n.kind() === 'cast_expression'))
    n = n.parent();
  if (n?.kind() === 'variable_declarator') return n.field('name')?.text() ?? null;
  if (n?.kind() === 'assignment_expression')
    return (n.field('left')?.text() ?? '').replace(/^this\./, '') || null;
  return null;
};

/** The statement holding `n` and the block (or body) that holds that statement. */
const statementOf = (n: Node): { statement: Node; block: Node } | null => {
  let cur: Node | null = n;
  while (cur?.parent()) {
    const p: Node = cur.parent()!;
    if (p.kind() === 'block' || p.kind() === 'constructor_body')
      return { statement: cur, block: p };
    cur = p;
  }
  return null;
};

/** The method or constructor enclosing `n`. */
const methodOf = (n: Node): Node | null => {
  let cur = n.parent();
  while (
    cur &&
    !/^(method_declaration|constructor_declaration|lambda_expression)$/.test(cur.kind())
  )
    cur = cur.parent();
  return cur;
};

/** The call or `new` on the reported line that makes a parser or factory. */
const madeAt = (root: Node, line: number): Node | null => {
  for (const c of root.findAll({
    rule: { any: [{ kind: 'method_invocation' }, { kind: 'object_creation_expression' }] },
  })) {
    if (lineOf(c) !== line) continue;
    if (c.kind() === 'object_creation_expression') {
      if (NEW_TYPES.test(c.field('type')?.text() ?? '')) return c;
      continue;
    }
    const object = c.field('object')?.text() ?? '';
    const method = c.field('name')?.text() ?? '';
    if (MAKE_METHODS.test(method) && (MAKERS.test(object) || method === 'getXMLReader')) return c;
  }
  return null;
};

/**
 * The configuration of the parser or factory made on `line`: `no-source` (sanitized) when a call
 * on the object it is kept in, after it is made and in the same or an enclosing block of the
 * method (so it runs whenever the object is made there), turns external entities off, or sets
 * them from a boolean field whose default turns them off. Null when the line makes no such object
 * or nothing protective is read: the rule's reputation decides then.
 */
export const xmlParserConfiguration = (root: Node, line: number): FlowResult | null => {
  const made = madeAt(root, line);
  if (!made) return null;
  const target = keptIn(made);
  const method = methodOf(made);
  const at = statementOf(made);
  if (!target || !method || !at) return null;
  const constants = stringConstants(root);
  const end = made.range().end.index;
  for (const call of method.findAll({ rule: { kind: 'method_invocation' } })) {
    if (call.range().start.index < end) continue;
    // Runs whenever the object is made: its statement sits in the block of the making statement
    // or in a block around it.
    const where = statementOf(call);
    if (!where || !within(at.statement, where.block)) continue;
    const found =
      (call.field('object')?.text() ?? '').replace(/^this\./, '') === target
        ? protective(root, call, constants)
        : inHelper(root, call, target, constants);
    if (!found) continue;
    const { setting, field, by } = found;
    const sink = step(lineOf(made), 'sink', made.text());
    const madeStep = step(lineOf(made), 'call', `${target} = ${made.text()}`);
    const unless = field ? ` unless ${field.name} is set (it is ${field.value} by default)` : '';
    const configured = step(
      lineOf(call),
      'sanitizer',
      `${setting.what}${unless}: ${by ? `${call.text()} → ${by.text()}` : call.text()}`,
    );
    return {
      outcome: 'no-source',
      sanitized: true,
      reason: `the parser is configured before it parses: ${setting.what}${unless}`,
      path: [madeStep, configured, sink],
    };
  }
  return null;
};

interface Found {
  setting: { what: string };
  field: { name: string; value: string } | null;
  /** The setting's call inside a helper the object was passed to. */
  by?: Node;
}

/** The protective setting a call on the object makes (`f.setFeature(…, true)`), or null. */
const protective = (root: Node, call: Node, constants: Map<string, string>): Found | null => {
  const setter = call.field('name')?.text() ?? '';
  const single = PROTECTIVE_SETTERS[setter];
  if (!SETTERS.test(setter) && !single) return null;
  const args = named(call.field('arguments') ?? call).filter((a) => a.kind() !== 'line_comment');
  if (args.length !== (single ? 1 : 2)) return null;
  const nameText = single
    ? setter
    : (constants.get(args[0]!.text()) ?? args[0]!.text().replace(/\s+/g, ''));
  const setting = single ?? PROTECTIVE.find((p) => p.name.test(nameText));
  if (!setting) return null;
  const valueArg = args[args.length - 1]!;
  const value = literal(valueArg);
  const field = value === null ? fieldDefault(root, valueArg) : null;
  return (value ?? field?.value) === setting.when ? { setting, field } : null;
};

/**
 * `secure(factory)`: a method of the file the object is passed to, which makes a protective
 * setting on that parameter in its body's own statements (so whenever it runs).
 */
const inHelper = (
  root: Node,
  call: Node,
  target: string,
  constants: Map<string, string>,
): Found | null => {
  const object = call.field('object')?.text();
  if (object && object !== 'this') return null;
  const args = named(call.field('arguments') ?? call);
  const index = args.findIndex((a) => a.text().replace(/^this\./, '') === target);
  if (index < 0) return null;
  const name = call.field('name')?.text();
  const helper = root
    .findAll({ rule: { kind: 'method_declaration' } })
    .find((m) => m.field('name')?.text() === name);
  const param = helper
    ? named(helper.field('parameters') ?? helper).filter((p) => p.kind() === 'formal_parameter')[
        index
      ]
    : undefined;
  const body = helper?.field('body');
  const pname = param?.field('name')?.text();
  if (!body || !pname) return null;
  for (const st of named(body)) {
    const inner = st.kind() === 'expression_statement' ? named(st)[0] : null;
    if (inner?.kind() !== 'method_invocation' || inner.field('object')?.text() !== pname) continue;
    const found = protective(root, inner, constants);
    if (found) return { ...found, by: inner };
  }
  return null;
};

// Python (lxml): `etree.fromstring(data, parser)` / `etree.parse(f, parser=parser)` reads entities
// as its parser says; `etree.XMLParser(resolve_entities=False)` keeps them unexpanded.
const LXML_READ = /(^|\.)(parse|fromstring|fromstringlist|XML|XMLID|iterparse)$/;

/** The `etree.XMLParser(…)` call a parser argument names: inline, or assigned in scope. */
const parserCall = (root: Node, arg: Node, before: number): Node | null => {
  if (arg.kind() === 'call') return arg;
  if (arg.kind() !== 'identifier') return null;
  let found: Node | null = null;
  for (const a of root.findAll({ rule: { kind: 'assignment' } })) {
    if (a.range().start.index > before || a.field('left')?.text() !== arg.text()) continue;
    const right = a.field('right');
    found = right?.kind() === 'call' ? right : null;
  }
  return found;
};

/**
 * The lxml parser a read on `line` is given: `no-source` (sanitized) when it is an
 * `XMLParser(resolve_entities=False, …)` (inline, or the last assignment of the name before the
 * read); null otherwise.
 */
export const lxmlParserConfiguration = (root: Node, line: number): FlowResult | null => {
  for (const c of root.findAll({ rule: { kind: 'call' } })) {
    if (lineOf(c) !== line) continue;
    const fn = c.field('function')?.text() ?? '';
    if (!LXML_READ.test(fn) || !/\betree\b|\bobjectify\b|^(parse|fromstring|XML)$/.test(fn))
      continue;
    const args = named(c.field('arguments') ?? c).filter((a) => !/comment/.test(a.kind()));
    const keyword = args.find(
      (a) => a.kind() === 'keyword_argument' && a.field('name')?.text() === 'parser',
    );
    const arg = keyword?.field('value') ?? args.filter((a) => a.kind() !== 'keyword_argument')[1];
    const parser = arg ? parserCall(root, arg, c.range().start.index) : null;
    if (!parser || !/XMLParser$/.test(parser.field('function')?.text() ?? '')) continue;
    const off = named(parser.field('arguments') ?? parser).find(
      (a) =>
        a.kind() === 'keyword_argument' &&
        a.field('name')?.text() === 'resolve_entities' &&
        a.field('value')?.text() === 'False',
    );
    if (!off) continue;
    return {
      outcome: 'no-source',
      sanitized: true,
      reason: 'the parser is configured before it parses: entities are not resolved',
      path: [
        step(lineOf(parser), 'sanitizer', `entities are not resolved: ${parser.text()}`),
        step(lineOf(c), 'sink', c.text()),
      ],
    };
  }
  return null;
};
