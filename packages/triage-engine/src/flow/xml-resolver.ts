import { named, type Node } from './node.js';

// XXE (Java): a DocumentBuilder, SAXParser's XMLReader or SAXBuilder given an EntityResolver
// (or a StAX XMLInputFactory given an XMLResolver) that answers every external entity with a
// document written in the code (an empty `InputSource` or stream) or refuses it (throws) never
// fetches one. Returning null, or an InputSource
// built from the systemId or publicId it is asked for, falls back to fetching: not protective.

const RETURNS_OR_THROWS = {
  rule: { any: [{ kind: 'return_statement' }, { kind: 'throw_statement' }] },
};

const identifiers = (n: Node): string[] =>
  n.kind() === 'identifier'
    ? [n.text()]
    : n.findAll({ rule: { kind: 'identifier' } }).map((i) => i.text());

/** The names a resolver's parameters bind (`(String publicId, String systemId)`, `(p, s) ->`). */
const parameterNames = (fn: Node): Set<string> => {
  const params = fn.field('parameters');
  if (!params) return new Set();
  if (params.kind() === 'identifier') return new Set([params.text()]);
  return new Set(
    named(params).flatMap((p) =>
      p.kind() === 'identifier' ? [p.text()] : p.field('name') ? [p.field('name')!.text()] : [],
    ),
  );
};

/**
 * An `InputSource` (SAX) or a stream or reader (StAX's `XMLResolver`) made without the entity's
 * ids: a document the code itself supplies.
 */
const fixedDocument = (e: Node | null | undefined, params: Set<string>): boolean =>
  Boolean(
    e &&
    e.kind() === 'object_creation_expression' &&
    /(^|\.)(InputSource|ByteArrayInputStream|StringReader)$/.test(e.field('type')?.text() ?? '') &&
    !identifiers(e).some((i) => params.has(i)),
  );

/**
 * The body of `resolveEntity` (a method or a lambda): every `return` gives a fixed document, and
 * it returns or throws at all (an empty body returns nothing to parse).
 */
const refusesEntities = (fn: Node): boolean => {
  const params = parameterNames(fn);
  const body = fn.field('body');
  if (!body) return false;
  if (body.kind() !== 'block') return fixedDocument(body, params);
  const exits = body.findAll(RETURNS_OR_THROWS);
  if (!exits.length) return false;
  return exits.every((x) => x.kind() === 'throw_statement' || fixedDocument(named(x)[0], params));
};

const resolveEntityIn = (classBody: Node | null | undefined): Node | null =>
  classBody
    ? (named(classBody).find(
        (m) => m.kind() === 'method_declaration' && m.field('name')?.text() === 'resolveEntity',
      ) ?? null)
    : null;

/**
 * Whether the resolver an expression gives refuses external entities: a lambda, an anonymous
 * class, `new C()` of a class of the file, a field of the file holding one, or a method of the
 * file that returns one of those. `depth` bounds the chain.
 */
export const safeResolver = (root: Node, e: Node, depth = 0): boolean => {
  if (depth > 3) return false;
  const k = e.kind();
  if (k === 'lambda_expression') return refusesEntities(e);
  if (k === 'object_creation_expression') {
    const anonymous = named(e).find((c) => c.kind() === 'class_body');
    if (anonymous) {
      const m = resolveEntityIn(anonymous);
      return m ? refusesEntities(m) : false;
    }
    const type = (e.field('type')?.text() ?? '').split('.').pop();
    const cls = root
      .findAll({ rule: { kind: 'class_declaration' } })
      .find((c) => c.field('name')?.text() === type);
    const m = resolveEntityIn(cls?.field('body'));
    return m ? refusesEntities(m) : false;
  }
  if (k === 'identifier' || k === 'field_access') {
    const name = e.text().replace(/^(this|\w+)\./, '');
    const decl = root
      .findAll({ rule: { kind: 'variable_declarator' } })
      .find((d) => d.field('name')?.text() === name);
    const value = decl?.field('value');
    return value ? safeResolver(root, value, depth + 1) : false;
  }
  if (k === 'method_invocation' && !e.field('object')) {
    const args = named(e.field('arguments') ?? e);
    if (args.length) return false;
    const m = root
      .findAll({ rule: { kind: 'method_declaration' } })
      .find((d) => d.field('name')?.text() === e.field('name')?.text());
    const statements = m?.field('body') ? named(m.field('body')!) : [];
    const only = statements.length === 1 && statements[0]!.kind() === 'return_statement';
    const value = only ? named(statements[0]!)[0] : undefined;
    return value ? safeResolver(root, value, depth + 1) : false;
  }
  return false;
};
