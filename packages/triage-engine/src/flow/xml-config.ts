import { escapeRe } from '../code/escape-re.js';
import type { FlowResult } from './index.js';
import { lineOf, named, sameRange, within, type Node } from './node.js';
import { step } from './value.js';
import { safeResolver } from './xml-resolver.js';

// XXE (Java): a rule reports where a JAXP parser or factory is made. Whether entities can be
// expanded depends on how the code configures that object before it parses, not on where data
// comes from: this reads the configuration calls on the object after it is made.

/** Factories and parsers whose defaults resolve external entities or DTDs. */
const MAKERS =
  /^(DocumentBuilderFactory|SAXParserFactory|XMLInputFactory|TransformerFactory|SchemaFactory|XMLReaderFactory|SAXParser|XMLReader)$/;
const MAKE_METHODS = /^(newInstance|newFactory|newDefaultInstance|createXMLReader|getXMLReader)$/;
const NEW_TYPES = /^(SAXReader|SAXBuilder)$/;

/**
 * Settings that keep external entities out, by the name the JAXP, SAX and StAX documentation gives
 * them (string or constant) and the value that protects. `when` is the value (`true`, `false` or
 * `''`): `disallow-doctype-decl` refuses any DTD; StAX `isSupportingExternalEntities`/`supportDTD`
 * turn resolution off; SAX `external-general-entities` off counts only beside
 * `external-parameter-entities` and Xerces's `load-external-dtd` off (`partner`): without them the
 * parameter entities and the external DTD still load, through which a document reads files and
 * URLs (Spring before 3.2.9, CVE-2014-0225; batik before 1.9, which turned both entity kinds off
 * and left the DTD loading, CVE-2017-5662), and so does StAX `isReplacingEntityReferences` false,
 * which is not among them; StAX `isSupportingExternalEntities` false counts only beside
 * `supportDTD` false or no external DTD access (`partner`): alone the parser still fetches a
 * DOCTYPE's external DTD, a request to any URL the document names (jackson-dataformat-xml before
 * 2.8.4, CVE-2016-7051; spring-ws before 2.4.4, CVE-2019-3773); `ACCESS_EXTERNAL_*` set to ""
 * forbid fetching external resources. FEATURE_SECURE_PROCESSING is not among them for a parser:
 * Apache Xerces reads it as limits on entity expansion and still resolves external entities
 * (jackrabbit-webdav set it and was vulnerable, CVE-2015-1833). On a `TransformerFactory` it counts
 * (`makers`): set true through the API, the JDK's transformer (XSLTC, JAXP 1.5) sets
 * ACCESS_EXTERNAL_DTD and ACCESS_EXTERNAL_STYLESHEET to "" for every transformation it makes,
 * the same restriction as setting both attributes. Nor are ACCESS_EXTERNAL_STYLESHEET and
 * ACCESS_EXTERNAL_SCHEMA alone: they keep stylesheets' imports and schemas' locations in, while
 * the document parsed, transformed or validated still loads its external DTD and entities
 * (ACCESS_EXTERNAL_DTD stays "all").
 */
const PROTECTIVE: {
  name: RegExp;
  when: string;
  what: string;
  partner?: string[];
  /** Only on objects made by these factories (`TransformerFactory.newInstance()`). */
  makers?: RegExp;
}[] = [
  {
    name: /^("http:\/\/apache\.org\/xml\/features\/disallow-doctype-decl")$/,
    when: 'true',
    what: 'DOCTYPE declarations are refused',
  },
  {
    name: /^"http:\/\/xml\.org\/sax\/features\/external-general-entities"$/,
    when: 'false',
    what: 'external general entities are not resolved',
    partner: ['external-parameter-entities', 'load-external-dtd'],
  },
  {
    name: /^(XMLInputFactory\.IS_SUPPORTING_EXTERNAL_ENTITIES|"javax\.xml\.stream\.isSupportingExternalEntities")$/,
    when: 'false',
    what: 'external entities are not supported',
    partner: ['supportDTD'],
  },
  {
    name: /^(XMLInputFactory\.SUPPORT_DTD|"javax\.xml\.stream\.supportDTD")$/,
    when: 'false',
    what: 'DTDs are not supported',
  },
  {
    name: /^(XMLConstants\.ACCESS_EXTERNAL_DTD|"http:\/\/javax\.xml\.XMLConstants\/property\/accessExternalDTD")$/,
    when: '""',
    what: 'no external DTD may be fetched',
  },
  {
    name: /^((javax\.xml\.)?XMLConstants\.FEATURE_SECURE_PROCESSING|FEATURE_SECURE_PROCESSING|"http:\/\/javax\.xml\.XMLConstants\/feature\/secure-processing")$/,
    when: 'true',
    what: 'secure processing is on, so the transformer fetches no external DTD or stylesheet',
    makers: /^(TransformerFactory|SAXTransformerFactory)$/,
  },
];

/** True when the file gives a PROTECTIVE setting its protective value anywhere (`, false)`). */
const setInFile = (root: Node, setting: { name: RegExp; when: string }): boolean => {
  const value =
    setting.when === 'true'
      ? '(true|Boolean\\.TRUE)\\b'
      : setting.when === 'false'
        ? '(false|Boolean\\.FALSE)\\b'
        : escapeRe(setting.when);
  const name = setting.name.source.replace(/^\^|\$$/g, '');
  return new RegExp(`${name}\\s*,\\s*${value}`).test(root.text());
};

/** StAX's DTDs off, and no external DTD access at all (JAXP 1.5), among the settings above. */
const STAX_DTD_OFF = PROTECTIVE[3]!;
const NO_EXTERNAL_DTD = PROTECTIVE[4]!;

/**
 * The file sets the SAX feature `feature` (`external-parameter-entities`, Xerces's
 * `load-external-dtd`) false somewhere: by its URI, a constant of the file holding it, or Xerces's
 * constant name (`EXTERNAL_PARAMETER_ENTITIES`, `LOAD_EXTERNAL_DTD`); for `supportDTD`, StAX's
 * DTDs off. A DTD partner also holds when no external DTD may be fetched.
 */
const featureOff = (root: Node, constants: Map<string, string>, feature: string): boolean => {
  if (/^(supportDTD|load-external-dtd)$/.test(feature) && setInFile(root, NO_EXTERNAL_DTD))
    return true;
  if (feature === 'supportDTD') return setInFile(root, STAX_DTD_OFF);
  const names = [
    feature === 'load-external-dtd'
      ? `"http://apache.org/xml/features/nonvalidating/${feature}"`
      : `"http://xml.org/sax/features/${feature}"`,
    ...[...constants].filter(([, v]) => v.includes(feature)).map(([k]) => k),
  ].map(escapeRe);
  const xerces = feature.toUpperCase().replace(/-/g, '_');
  const off = new RegExp(
    `(${names.join('|')}|\\b${xerces}(_FEATURE)?)\\s*,\\s*(false|Boolean\\.FALSE)\\b`,
  );
  return off.test(root.text());
};

/** Constant names (Xerces's `Constants`) standing for the protective settings above. */
const XERCES_NAMES = [
  { name: /\bDISALLOW_DOCTYPE_DECL(_FEATURE)?$/, setting: PROTECTIVE[0]! },
  { name: /\bEXTERNAL_GENERAL_ENTITIES(_FEATURE)?$/, setting: PROTECTIVE[1]! },
];

/** One-argument settings that keep entities out: JDOM's `SAXBuilder.setExpandEntities(false)`. */
const PROTECTIVE_SETTERS: Record<string, { when: string; what: string; partner?: string[] }> = {
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
  // A getter of the file that only returns the field (`isProcessExternalEntities()`).
  const getter = /^(?:this\.)?([A-Za-z_$][\w$]*)\(\)$/.exec(n.text());
  if (getter) {
    const m = root
      .findAll({ rule: { kind: 'method_declaration' } })
      .find(
        (d) =>
          d.field('name')?.text() === getter[1] &&
          !named(d.field('parameters') ?? d).some((p) => p.kind() === 'formal_parameter'),
      );
    const body = m?.field('body') ? named(m.field('body')!) : [];
    const only = body.length === 1 && body[0]!.kind() === 'return_statement';
    const value = only ? named(body[0]!)[0] : undefined;
    return value && !/\(/.test(value.text()) ? fieldDefault(root, value) : null;
  }
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

/**
 * The method, constructor or static initializer enclosing `n` (a static field made and configured
 * in `static { … }` is configured once, when the class loads, before any use of it).
 */
const methodOf = (n: Node): Node | null => {
  let cur = n.parent();
  while (
    cur &&
    !/^(method_declaration|constructor_declaration|lambda_expression|static_initializer)$/.test(
      cur.kind(),
    )
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

/** The class whose factory method made the object (`TransformerFactory`), or the type it news. */
const makerOf = (made: Node): string =>
  (made.field('object') ?? made.field('type'))?.text().split('.').pop() ?? '';

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
  if (target && !method) return fieldConfiguration(root, made, target);
  if (!target || !method || !at) return null;
  const constants = stringConstants(root);
  const maker = makerOf(made);
  const end = made.range().end.index;
  const calls = method.findAll({ rule: { kind: 'method_invocation' } });
  const firstUse = firstUseOf(
    calls.filter((c) => c.range().start.index >= end),
    target,
  );
  for (const call of calls) {
    if (call.range().start.index < end || call.range().start.index > firstUse) continue;
    const gates = runsWhenever(root, call, at.statement);
    if (!gates) continue;
    const found = onTarget(call, target)
      ? protective(root, call, constants, maker)
      : inHelper(root, call, target, constants, maker);
    if (!found) continue;
    const { setting, by } = found;
    const field = found.field ?? gates[0] ?? null;
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
  return refusingResolvers(root, made, target, method);
};

/**
 * A factory made in a field's initializer (`private static final DocumentBuilderFactory F =
 * DocumentBuilderFactory.newInstance();`) and configured in the class's static initializer (a
 * static field) or in every constructor (an instance field), by a statement of that block or of
 * a `try` body in it: sanitized as if configured where it is made.
 */
const fieldConfiguration = (root: Node, made: Node, target: string): FlowResult | null => {
  let field: Node | null = made.parent();
  while (field && field.kind() !== 'field_declaration') field = field.parent();
  const body = field?.parent();
  if (!field || body?.kind() !== 'class_body') return null;
  const isStatic = /\bstatic\b/.test(
    named(field)
      .find((c) => c.kind() === 'modifiers')
      ?.text() ?? '',
  );
  const blocks = named(body).flatMap((m) =>
    isStatic
      ? m.kind() === 'static_initializer'
        ? named(m).filter((b) => b.kind() === 'block')
        : []
      : m.kind() === 'constructor_declaration'
        ? [m.field('body')!].filter(Boolean)
        : [],
  );
  if (!blocks.length) return null;
  const constants = stringConstants(root);
  const maker = makerOf(made);
  const steps = [];
  for (const block of blocks) {
    const calls = block.findAll({ rule: { kind: 'method_invocation' } });
    const firstUse = firstUseOf(calls, target);
    const call = calls.find(
      (c) =>
        onTarget(c, target) &&
        c.range().start.index < firstUse &&
        topLevelIn(root, c, block) &&
        protective(root, c, constants, maker) !== null,
    );
    // An instance field: every constructor must configure it.
    if (!call) return null;
    const found = protective(root, call, constants, maker)!;
    steps.push(step(lineOf(call), 'sanitizer', `${found.setting.what}: ${call.text()}`));
    if (isStatic) break;
  }
  const what = steps[0]!.code.split(':')[0]!;
  return {
    outcome: 'no-source',
    sanitized: true,
    reason: `the parser is configured before it parses: ${what} (in ${isStatic ? 'the static initializer' : 'every constructor'})`,
    path: [
      step(lineOf(made), 'call', `${target} = ${made.text()}`),
      ...steps,
      step(lineOf(made), 'sink', made.text()),
    ],
  };
};

/** `call`'s statement is one of `block`'s own, or of a `try` body among them. */
const topLevelIn = (root: Node, call: Node, block: Node): boolean =>
  climbingTryBodies(root, call, (b) => sameRange(b, block))?.length === 0;

/** An opt-in switch a setting waits on: a boolean field, off unless the caller sets it. */
type Gate = { name: string; value: string };

/**
 * Whether `call` runs whenever the statement `made` does: its statement sits in the block of
 * `made` or in a block around it, or in the body of a `try` that does (a setting wrapped in
 * `try { … } catch (ParserConfigurationException e) { … }` runs unless the parser refuses it),
 * or in the branch of an `if (!optIn)` on a boolean field that is false unless set (Spring's
 * `if (!isProcessExternalEntities()) reader.setEntityResolver(…)`). Null when it does not; else
 * the opt-in fields it waits on (none: it runs whenever).
 */
const runsWhenever = (root: Node, call: Node, made: Node): Gate[] | null =>
  climbingTryBodies(root, call, (block) => within(made, block));

/**
 * Whether a block `accept`s holds `call`'s statement, directly or through `try` bodies and the
 * branches of opt-in gates; null when it does not, or another branch, loop or lambda stands
 * between, else the gates passed.
 */
const climbingTryBodies = (
  root: Node,
  call: Node,
  accept: (block: Node) => boolean,
): Gate[] | null => {
  const gates: Gate[] = [];
  let where = statementOf(call);
  // Within the statement itself (`if (!optIn) reader.setEntityResolver(r);` without braces).
  for (let cur = call.parent(); where && cur; cur = cur.parent()) {
    if (/^(ternary_expression|lambda_expression|switch_expression)$/.test(cur.kind())) return null;
    if (
      /^(if_statement|while_statement|for_statement|enhanced_for_statement|do_statement)$/.test(
        cur.kind(),
      )
    ) {
      const cond = cur.field('condition');
      if (!(cond && within(call, cond))) {
        const gate = cur.kind() === 'if_statement' ? optInGate(root, cur, call) : null;
        if (!gate) return null;
        gates.push(gate);
      }
    }
    if (sameRange(cur, where.statement)) break;
  }
  while (where) {
    if (accept(where.block)) return gates;
    const holder = where.block.parent();
    if (holder?.kind() === 'if_statement') {
      const gate = optInGate(root, holder, call);
      if (!gate) return null;
      gates.push(gate);
      where = statementOf(holder);
      continue;
    }
    if (!holder || !/^try_(with_resources_)?statement$/.test(holder.kind())) return null;
    if (!sameRange(holder.field('body') ?? holder, where.block)) return null;
    where = statementOf(holder);
  }
  return null;
};

/**
 * `if (!optIn) { … call … }` (no other branch holding the call), where `optIn` is a boolean
 * field of the class, or a getter of one, that is false unless set: the gate, else null.
 */
const optInGate = (root: Node, ifStatement: Node, call: Node): Gate | null => {
  const consequence = ifStatement.field('consequence');
  if (!consequence || !within(call, consequence)) return null;
  let cond = ifStatement.field('condition');
  while (cond?.kind() === 'parenthesized_expression') cond = named(cond)[0] ?? null;
  if (cond?.kind() !== 'unary_expression' || !cond.text().startsWith('!')) return null;
  const operand = cond.field('operand') ?? named(cond)[0];
  const field = operand ? fieldDefault(root, operand) : null;
  return field?.value === 'false' ? field : null;
};

/** What an object does with its settings: makes a parser, or parses, transforms, validates. */
const USES =
  /^(newDocumentBuilder|newSAXParser|getXMLReader|newSAXBuilder|createXMLStreamReader|createXMLEventReader|parse|read|build|newTransformer|newTemplates|newSchema|newValidator|validate|unmarshal)$/;

/** `call` is made on the object kept in `target` (`f.…`, `this.f.…`). */
const onTarget = (call: Node, target: string): boolean =>
  (call.field('object')?.text() ?? '').replace(/^this\./, '') === target;

/**
 * Where the first of `calls` that uses the object's settings starts (Infinity: none). A setting
 * made after it does not reach that parser: a DocumentBuilder keeps the factory's settings of the
 * moment it was made.
 */
const firstUseOf = (calls: Node[], target: string): number =>
  Math.min(
    Infinity,
    ...calls
      .filter((c) => onTarget(c, target) && USES.test(c.field('name')?.text() ?? ''))
      .map((c) => c.range().start.index),
  );

/** The parsers a factory makes: `DocumentBuilder db = dbf.newDocumentBuilder()`, … */
const BUILDS = /^(newDocumentBuilder|newSAXParser|getXMLReader|newSAXBuilder)$/;

/**
 * Every parser the method makes from the (local) object, and the object itself when it parses,
 * is given an EntityResolver that refuses external entities or answers them with a document of
 * its own before it parses (xml-resolver.ts); the object does not leave the method otherwise.
 * `no-source` (sanitized) then, else null.
 */
const refusingResolvers = (
  root: Node,
  made: Node,
  target: string,
  method: Node,
): FlowResult | null => {
  const local = method
    .findAll({ rule: { kind: 'variable_declarator' } })
    .some((d) => d.field('name')?.text() === target);
  if (!local) return null;
  const after = (n: Node) => n.range().start.index >= made.range().end.index;
  const uses = method
    .findAll({ rule: { kind: 'identifier' } })
    .filter((u) => u.text() === target && after(u) && u.parent()?.kind() !== 'variable_declarator');
  const parsers: { name: string; statement: Node; madeBy: Node; before: number }[] = [];
  // A reader that parses itself (`XMLReaderFactory.createXMLReader()`, `new SAXReader()`) may be
  // handed on (`new SAXSource(reader, input)`, `return reader`) once its resolver is set.
  const selfParsing =
    /(createXMLReader|getXMLReader)$/.test(made.field('name')?.text() ?? '') ||
    made.kind() === 'object_creation_expression';
  let handedOn = Infinity;
  for (const u of uses) {
    const call = u.parent();
    const isReceiver =
      call?.kind() === 'method_invocation' && sameRange(call.field('object') ?? call, u);
    if (!isReceiver && selfParsing) {
      handedOn = Math.min(handedOn, u.range().start.index);
      continue;
    }
    if (!isReceiver) return null;
    const name = call.field('name')?.text() ?? '';
    if (/^set/.test(name) || /^(parse|read|build)$/.test(name)) {
      if (!/^set/.test(name)) handedOn = Math.min(handedOn, call.range().start.index);
      continue;
    }
    if (!BUILDS.test(name)) return null;
    const kept = keptIn(call);
    const at = statementOf(call);
    if (!kept || !at) return null;
    parsers.push({ name: kept, statement: at.statement, madeBy: call, before: Infinity });
  }
  if (handedOn < Infinity)
    parsers.push({
      name: target,
      statement: statementOf(made)!.statement,
      madeBy: made,
      before: handedOn,
    });
  if (!parsers.length) return null;
  const steps = [];
  const gates: Gate[] = [];
  for (const p of parsers) {
    let passed: Gate[] | null = null;
    const resolver = method.findAll({ rule: { kind: 'method_invocation' } }).find(
      (c) =>
        c.field('name')?.text() === 'setEntityResolver' &&
        c
          .field('object')
          ?.text()
          .replace(/^this\./, '') === p.name &&
        c.range().start.index >= p.madeBy.range().end.index &&
        c.range().end.index <= p.before &&
        (passed = runsWhenever(root, c, p.statement)) !== null,
    );
    const arg = resolver ? named(resolver.field('arguments') ?? resolver)[0] : undefined;
    if (!resolver || !arg || !safeResolver(root, arg)) return null;
    gates.push(...(passed ?? []));
    steps.push(
      step(
        lineOf(resolver),
        'sanitizer',
        `external entities are refused or answered with a document of the code: ${resolver.text()}`,
      ),
    );
  }
  const unless = gates.length
    ? ` (unless ${gates[0]!.name} is set; it is ${gates[0]!.value} by default)`
    : '';
  return {
    outcome: 'no-source',
    sanitized: true,
    reason: `every parser made from it is given an entity resolver that refuses external entities or answers them with a document of its own${unless}`,
    path: [
      step(lineOf(made), 'call', `${target} = ${made.text()}`),
      ...steps,
      step(lineOf(made), 'sink', made.text()),
    ],
  };
};

interface Found {
  setting: { what: string };
  field: { name: string; value: string } | null;
  /** The setting's call inside a helper the object was passed to. */
  by?: Node;
}

const XML_RESOLVER = {
  what: 'every external entity and DTD is answered by a resolver with a document of the code',
};

/** The protective setting a call on the object makes (`f.setFeature(…, true)`), or null. */
const protective = (
  root: Node,
  call: Node,
  constants: Map<string, string>,
  maker: string,
): Found | null => {
  const setter = call.field('name')?.text() ?? '';
  const args = named(call.field('arguments') ?? call).filter((a) => a.kind() !== 'line_comment');
  // StAX: the factory's XMLResolver answers every entity and the external DTD it is asked for.
  if (setter === 'setXMLResolver')
    return args.length === 1 && safeResolver(root, args[0]!)
      ? { setting: XML_RESOLVER, field: null }
      : null;
  return protectiveSetting(root, setter, args, constants, maker);
};

/** The protective setting `setter(args…)` makes on its object, or null. */
const protectiveSetting = (
  root: Node,
  setter: string,
  args: Node[],
  constants: Map<string, string>,
  maker: string,
): Found | null => {
  const single = PROTECTIVE_SETTERS[setter];
  if (!SETTERS.test(setter) && !single) return null;
  if (args.length !== (single ? 1 : 2)) return null;
  const nameText = single
    ? setter
    : (constants.get(args[0]!.text()) ?? args[0]!.text().replace(/\s+/g, ''));
  const setting =
    single ??
    PROTECTIVE.find((p) => p.name.test(nameText) && (!p.makers || p.makers.test(maker))) ??
    // Xerces's own names for them, from another class (`Constants.XERCES_FEATURE_PREFIX +
    // Constants.DISALLOW_DOCTYPE_DECL_FEATURE`, a static import).
    (/^[\w.+]+$/.test(nameText) ? XERCES_NAMES.find((x) => x.name.test(nameText))?.setting : null);
  if (!setting) return null;
  if (setting.partner && !setting.partner.every((f) => featureOff(root, constants, f))) return null;
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
  maker: string,
): Found | null => {
  const object = call.field('object')?.text();
  if (object && object !== 'this') return null;
  const args = named(call.field('arguments') ?? call);
  const index = args.findIndex((a) => a.text().replace(/^this\./, '') === target);
  if (index < 0) return null;
  const name = call.field('name')?.text();
  const type = declaredType(root, target);
  const helper = overloadFor(root, name, args.length, index, type);
  const param = helper ? formalParameters(helper)[index] : undefined;
  const body = helper?.field('body');
  const pname = param?.field('name')?.text();
  if (!body || !pname) return null;
  for (const st of named(body)) {
    const inner = st.kind() === 'expression_statement' ? named(st)[0] : null;
    if (inner?.kind() !== 'method_invocation' || inner.field('object')?.text() !== pname) continue;
    const found = protective(root, inner, constants, maker);
    if (found) return { ...found, by: inner };
  }
  return forwarded(root, helper!, pname, args, constants, type, maker);
};

const formalParameters = (m: Node): Node[] =>
  named(m.field('parameters') ?? m).filter((p) => p.kind() === 'formal_parameter');

/**
 * The method of the file a call `name(…)` with `arity` arguments runs: the one declared with that
 * name and arity, or among overloads (hazelcast's `setFeature(DocumentBuilderFactory, String)`
 * and `setFeature(SAXParserFactory, String)`) the one whose parameter at `index` is declared with
 * the object's type. Null when that is not known.
 */
const overloadFor = (
  root: Node,
  name: string | undefined,
  arity: number,
  index: number,
  type: string | null,
): Node | null => {
  const same = root
    .findAll({ rule: { kind: 'method_declaration' } })
    .filter((m) => m.field('name')?.text() === name && formalParameters(m).length === arity);
  if (same.length <= 1) return same[0] ?? null;
  const typed = same.filter(
    (m) =>
      type !== null && formalParameters(m)[index]?.field('type')?.text().split('.').pop() === type,
  );
  return typed.length === 1 ? typed[0]! : null;
};

/** `(Type) p` / `((Type) p)` / `p`: the parameter an expression is, cast or not. */
const uncast = (n: Node | null): { name: string; type: string | null } | null => {
  let cur = n;
  let type: string | null = null;
  while (cur && /^(parenthesized_expression|cast_expression)$/.test(cur.kind())) {
    if (cur.kind() === 'cast_expression') type = cur.field('type')?.text().split('.').pop() ?? null;
    cur = cur.kind() === 'cast_expression' ? cur.field('value') : named(cur)[0]!;
  }
  return cur?.kind() === 'identifier' ? { name: cur.text(), type } : null;
};

/** The type a local variable or field is declared with (`XMLReader reader = …`), last segment. */
const declaredType = (root: Node, name: string): string | null => {
  const d = root
    .findAll({ rule: { kind: 'variable_declarator' } })
    .find((v) => v.field('name')?.text() === name);
  return d?.parent()?.field('type')?.text().split('.').pop() ?? null;
};

/**
 * `setFeature(reader, NAME, true)` where the helper forwards its own parameters to the object
 * (`((XMLReader) factory).setFeature(name, value)`), inside a `try` or a branch on what type the
 * object is: the setting the call site's arguments make.
 */
const forwarded = (
  root: Node,
  helper: Node,
  pname: string,
  callArgs: Node[],
  constants: Map<string, string>,
  type: string | null,
  maker: string,
): Found | null => {
  const params = formalParameters(helper).map((p) => p.field('name')?.text() ?? '');
  for (const inner of helper.findAll({ rule: { kind: 'method_invocation' } })) {
    const object = uncast(inner.field('object'));
    if (object?.name !== pname || (object.type && object.type !== type)) continue;
    const innerArgs = named(inner.field('arguments') ?? inner);
    // Each argument is one of the helper's parameters (the call site's argument stands for it)
    // or a literal or constant of its own (`factory.setFeature(name, true)`).
    const given = innerArgs.map((a) => {
      const i = params.indexOf(a.text());
      if (i >= 0) return callArgs[i];
      return literal(a) !== null || constants.has(a.text()) ? a : undefined;
    });
    if (!innerArgs.length || given.some((a) => !a)) continue;
    if (!onTypeBranches(inner, helper, pname, type)) continue;
    const found = protectiveSetting(
      root,
      inner.field('name')?.text() ?? '',
      given as Node[],
      constants,
      maker,
    );
    if (found) return { ...found, by: inner };
  }
  return null;
};

/**
 * Whether `inner` runs whenever the helper does for an object of `type`: only `try` blocks and
 * branches on the parameter's type stand around it (the branch of that type, or past another).
 */
const onTypeBranches = (inner: Node, helper: Node, pname: string, type: string | null): boolean => {
  for (let cur = inner.parent(); cur && !sameRange(cur, helper); cur = cur.parent()) {
    if (/^(while|for|do|switch|lambda|catch)/.test(cur.kind())) return false;
    if (cur.kind() !== 'if_statement') continue;
    const cond = (cur.field('condition')?.text() ?? '').replace(/[()\s]/g, '');
    const tested = new RegExp(`^${pname}instanceof([\\w.]+)$`).exec(cond)?.[1];
    const consequence = cur.field('consequence');
    const taken = consequence !== null && within(inner, consequence);
    if (!tested || (taken && tested.split('.').pop() !== type)) return false;
  }
  return true;
};

// Python (lxml): `etree.fromstring(data, parser)` / `etree.parse(f, parser=parser)` reads entities
// as its parser says; `etree.XMLParser(resolve_entities=False)` keeps them unexpanded.
const LXML_READ = /(^|\.)(parse|fromstring|fromstringlist|XML|XMLID|iterparse)$/;

/**
 * The `etree.XMLParser(…)` calls a parser argument names: inline, the last assignment of a name
 * before the read, or every assignment in the class of a `self._parser` attribute (set in
 * `__init__`, read in another method); empty when one of them is not a call.
 */
const parserCalls = (root: Node, arg: Node, before: number): Node[] => {
  if (arg.kind() === 'call') return [arg];
  if (arg.kind() === 'attribute' && /^self\.\w+$/.test(arg.text())) {
    let cls: Node | null = arg.parent();
    while (cls && cls.kind() !== 'class_definition') cls = cls.parent();
    // A class of its own (no base but object): no parent or subclass in view sets it otherwise.
    const bases = cls?.field('superclasses')?.text().replace(/\s+/g, '') ?? '';
    if (!cls || !/^(\(\)|\(object\))?$/.test(bases)) return [];
    const attr = arg.text().slice('self.'.length);
    const rights = cls
      .findAll({ rule: { kind: 'assignment' } })
      .filter((a) => a.field('left')?.text() === arg.text())
      .map((a) => a.field('right'));
    // Every mention of the attribute as a target in the file (a class attribute, a tuple target,
    // another class's `self.x = …`) must be one of those assignments; no setattr.
    const targets = [
      ...root.text().matchAll(new RegExp(`(^[ \\t]*|\\.)${attr}\\s*(=(?!=)|,[^\\n]*=(?!=))`, 'gm')),
    ].length;
    if (targets !== rights.length || /\bsetattr\s*\(/.test(root.text())) return [];
    return rights.every((r) => r?.kind() === 'call') ? (rights as Node[]) : [];
  }
  if (arg.kind() !== 'identifier') return [];
  let found: Node | null = null;
  for (const a of root.findAll({ rule: { kind: 'assignment' } })) {
    if (a.range().start.index > before || a.field('left')?.text() !== arg.text()) continue;
    const right = a.field('right');
    found = right?.kind() === 'call' ? right : null;
  }
  return found ? [found] : [];
};

/** `etree.XMLParser(resolve_entities=False, …)`. */
const entitiesOff = (parser: Node): boolean =>
  /XMLParser$/.test(parser.field('function')?.text() ?? '') &&
  named(parser.field('arguments') ?? parser).some(
    (a) =>
      a.kind() === 'keyword_argument' &&
      a.field('name')?.text() === 'resolve_entities' &&
      a.field('value')?.text() === 'False',
  );

/** The names lxml's etree is imported under (`import lxml.etree as ET`). */
const etreeAliases = (root: Node): string[] =>
  [
    ...root
      .text()
      .matchAll(/^\s*(?:import\s+lxml\.etree|from\s+lxml\s+import\s+etree)\s+as\s+(\w+)/gm),
  ].map((m) => m[1]!);

export const lxmlParserConfiguration = (root: Node, line: number): FlowResult | null => {
  const aliases = etreeAliases(root);
  for (const c of root.findAll({ rule: { kind: 'call' } })) {
    if (lineOf(c) !== line) continue;
    const fn = c.field('function')?.text() ?? '';
    const head = fn.split('.')[0] ?? '';
    if (
      !LXML_READ.test(fn) ||
      !(/\betree\b|\bobjectify\b|^(parse|fromstring|XML)$/.test(fn) || aliases.includes(head))
    )
      continue;
    const args = named(c.field('arguments') ?? c).filter((a) => !/comment/.test(a.kind()));
    const keyword = args.find(
      (a) => a.kind() === 'keyword_argument' && a.field('name')?.text() === 'parser',
    );
    const arg = keyword?.field('value') ?? args.filter((a) => a.kind() !== 'keyword_argument')[1];
    const parsers = arg ? parserCalls(root, arg, c.range().start.index) : [];
    if (!parsers.length || !parsers.every(entitiesOff)) continue;
    const parser = parsers.at(-1)!;
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
