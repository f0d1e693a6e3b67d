import type { SgNode } from '@ast-grep/napi';

const REQUEST_OBJECTS = new Set(['req', 'request']);
const REQUEST_FIELDS = new Set([
  'query',
  'params',
  'body',
  'headers',
  'cookies',
  'signedCookies',
  'path',
  'url',
  'originalUrl',
]);
const REQUEST_METHODS = new Set(['param', 'get', 'header']);

/** `x` without parentheses, `as`/`!` assertions and `satisfies`. */
export const unwrap = (node: SgNode): SgNode => {
  const kind = node.kind();
  if (
    kind === 'parenthesized_expression' ||
    kind === 'as_expression' ||
    kind === 'non_null_expression' ||
    kind === 'satisfies_expression' ||
    kind === 'type_assertion'
  ) {
    const inner = node.namedChildren()[0];
    return inner ? unwrap(inner) : node;
  }
  return node;
};

/** The root identifier and first property of a member chain (`req.query.x` → req, query). */
const chainHead = (node: SgNode): { root: SgNode; first: string | null } => {
  let n = unwrap(node);
  let first: string | null = null;
  while (n.kind() === 'member_expression' || n.kind() === 'subscript_expression') {
    const property = n.field(n.kind() === 'member_expression' ? 'property' : 'index');
    first =
      property?.kind() === 'string' ? property.text().slice(1, -1) : (property?.text() ?? null);
    n = unwrap(n.field('object')!);
  }
  return { root: n, first };
};

/**
 * True for an Express/Koa-style request input: `req.query.x`, `req.params.id`, `req.body`,
 * `request.headers['x']`, `ctx.request.body`, `ctx.query`, `req.param('x')`, `req.get('x')`.
 */
export const isRequestInput = (node: SgNode): boolean => {
  const n = unwrap(node);
  if (n.kind() === 'call_expression') {
    const callee = n.field('function');
    if (callee?.kind() !== 'member_expression') return false;
    const object = unwrap(callee.field('object')!);
    return (
      object.kind() === 'identifier' &&
      REQUEST_OBJECTS.has(object.text()) &&
      REQUEST_METHODS.has(callee.field('property')?.text() ?? '')
    );
  }
  if (n.kind() !== 'member_expression' && n.kind() !== 'subscript_expression') return false;
  const text = n.text().replace(/\s+/g, '');
  if (/^ctx\.(request\.(query|body|params)|query|params)\b/.test(text)) return true;
  let m = n;
  // Find the member whose object is the request identifier.
  while (m.kind() === 'member_expression' || m.kind() === 'subscript_expression') {
    const object = unwrap(m.field('object')!);
    if (object.kind() === 'identifier' && REQUEST_OBJECTS.has(object.text())) {
      const property = m.field(m.kind() === 'member_expression' ? 'property' : 'index');
      const name = property?.kind() === 'string' ? property.text().slice(1, -1) : property?.text();
      return REQUEST_FIELDS.has(name ?? '');
    }
    m = object;
  }
  return false;
};

/** True when the expression contains a request input anywhere. */
export const mentionsRequest = (node: SgNode): boolean =>
  isRequestInput(node) ||
  node
    .findAll({ rule: { any: [{ kind: 'member_expression' }, { kind: 'call_expression' }] } })
    .some(isRequestInput);

const FUNCTIONS = new Set([
  'function_declaration',
  'function_expression',
  'arrow_function',
  'method_definition',
  'generator_function_declaration',
  'program',
]);

/** The value a local binding named `name` gets, searched from `at` outwards (declarations before it). */
export const bindingValue = (at: SgNode, name: string): SgNode | null => {
  for (let scope: SgNode | null = at.parent(); scope; scope = scope.parent()) {
    if (!FUNCTIONS.has(String(scope.kind()))) continue;
    const declarators = scope
      .findAll({ rule: { kind: 'variable_declarator' } })
      .filter((d) => d.range().start.index < at.range().start.index);
    for (const declarator of declarators.reverse()) {
      const target = declarator.field('name');
      const value = declarator.field('value');
      if (!target || !value) continue;
      if (target.kind() === 'identifier' && target.text() === name) return value;
      if (target.kind() === 'object_pattern') {
        const bound = target
          .findAll({
            rule: {
              any: [{ kind: 'shorthand_property_identifier_pattern' }, { kind: 'identifier' }],
            },
          })
          .some((id) => id.text() === name);
        if (bound) return value;
      }
    }
  }
  return null;
};

/**
 * True when an expression carries request input: it mentions one, or it is a local variable
 * declared (before it, in an enclosing function) from an expression that does.
 */
export const fromRequest = (node: SgNode): boolean => {
  const n = unwrap(node);
  if (mentionsRequest(n)) return true;
  const names =
    n.kind() === 'identifier'
      ? [n]
      : n.findAll({ rule: { kind: 'identifier' } }).filter((id) => {
          const parent = id.parent();
          return !(
            parent?.kind() === 'member_expression' && parent.field('property')?.id() === id.id()
          );
        });
  return names.some((id) => {
    const value = bindingValue(id, id.text());
    return value !== null && mentionsRequest(value);
  });
};

export { chainHead };
