import type { SgNode } from '@ast-grep/napi';

/** The function or method declaration (or function literal) around a node, or null. */
export const enclosingFunction = (node: SgNode): SgNode | null => {
  for (let n = node.parent(); n; n = n.parent()) {
    const kind = n.kind();
    if (kind === 'function_declaration' || kind === 'method_declaration' || kind === 'func_literal')
      return n;
  }
  return null;
};

/** The result types of a function, one entry per value (`(int, error)` → `['int', 'error']`). */
export const resultTypes = (fn: SgNode): string[] | null => {
  const result = fn.field('result');
  if (!result) return [];
  if (result.kind() !== 'parameter_list') return [result.text()];
  const out: string[] = [];
  for (const p of result.namedChildren()) {
    if (p.kind() !== 'parameter_declaration') return null;
    const type = p.field('type')?.text();
    if (!type) return null;
    const names = p.children().filter((c) => c.kind() === 'identifier').length;
    // Named results cannot be returned by position without listing each: left alone.
    if (names > 0) return null;
    out.push(type);
  }
  return out;
};

const NUMERIC =
  /^(u?int(8|16|32|64)?|uintptr|byte|rune|float(32|64)|complex(64|128)|time\.Duration)$/;

/**
 * The zero value of a type as Go source, or null for a type whose zero value cannot be written
 * without knowing its declaration (a named struct or array type of this package).
 */
export const zeroValue = (type: string): string | null => {
  if (type === 'error' || type === 'any' || type.startsWith('interface')) return 'nil';
  if (/^(\*|\[\]|map\[|chan |func\()/.test(type)) return 'nil';
  if (type === 'string') return '""';
  if (type === 'bool') return 'false';
  if (NUMERIC.test(type)) return '0';
  return null;
};

/**
 * The statement that leaves the enclosing function with `err` (an error expression), with zero
 * values for the other results: `return nil, err`. Null when the function does not return an
 * error last, or a result's zero value cannot be written.
 */
export const returnWithError = (node: SgNode, err: string): string | null => {
  const fn = enclosingFunction(node);
  const types = fn ? resultTypes(fn) : null;
  if (!types || types.at(-1) !== 'error') return null;
  const zeros = types.slice(0, -1).map(zeroValue);
  if (zeros.some((z) => z === null)) return null;
  return `return ${[...zeros, err].join(', ')}`;
};

/** The statement node (a child of a statement list) holding `node`. */
export const statementOf = (node: SgNode): SgNode | null => {
  for (let n: SgNode | null = node; n; n = n.parent()) {
    if (n.parent()?.kind() === 'statement_list') return n;
  }
  return null;
};

/** The callee of a call as `pkg.Name`, or null when it is not a selector on an identifier. */
export const calleeOf = (call: SgNode): { operand: string; name: string; node: SgNode } | null => {
  const fn = call.field('function');
  if (fn?.kind() !== 'selector_expression') return null;
  const operand = fn.field('operand');
  const field = fn.field('field');
  if (operand?.kind() !== 'identifier' || !field) return null;
  return { operand: operand.text(), name: field.text(), node: fn };
};

/** The arguments of a call (named children of its argument list). */
export const argsOf = (call: SgNode): SgNode[] =>
  call
    .field('arguments')
    ?.namedChildren()
    .filter((c) => c.kind() !== 'comment') ?? [];

/** Calls `pkg.Name(...)` of an imported package, where `local` is the file's name for it. */
export const packageCalls = (root: SgNode, local: string, names: RegExp): SgNode[] =>
  root.findAll({ rule: { kind: 'call_expression' } }).filter((call) => {
    const callee = calleeOf(call);
    return callee !== null && callee.operand === local && names.test(callee.name);
  });

/** How a name is bound in a function: a parameter, or the values assigned to it there. */
export type Binding = { kind: 'parameter' } | { kind: 'assigned'; values: SgNode[] } | null;

/**
 * Where `name` gets its value in `fn`: one of its parameters (or the receiver), or every value
 * assigned to it (`:=`, `=`, `var`), in source order; for `a, b := f()` the value of each name
 * is the call. Null when `fn` neither declares nor assigns it (a package-level name).
 */
export const bindingIn = (fn: SgNode, name: string): Binding => {
  const params = [fn.field('receiver'), fn.field('parameters')].flatMap(
    (list) => list?.namedChildren() ?? [],
  );
  if (params.some((p) => p.children().some((c) => c.kind() === 'identifier' && c.text() === name)))
    return { kind: 'parameter' };
  const values: SgNode[] = [];
  for (const stmt of fn.findAll({
    rule: { any: [{ kind: 'short_var_declaration' }, { kind: 'assignment_statement' }] },
  })) {
    const left = stmt.field('left')?.namedChildren() ?? [];
    const right = stmt.field('right')?.namedChildren() ?? [];
    const at = left.findIndex((l) => l.kind() === 'identifier' && l.text() === name);
    if (at < 0) continue;
    const value = right.length === left.length ? right[at] : right.length === 1 ? right[0] : null;
    if (value) values.push(value);
  }
  for (const spec of fn.findAll({ rule: { kind: 'var_spec' } })) {
    const names = spec.children().filter((c) => c.kind() === 'identifier');
    const at = names.findIndex((n) => n.text() === name);
    if (at < 0) continue;
    const right = spec.field('value')?.namedChildren() ?? [];
    const value = right.length === names.length ? right[at] : right.length === 1 ? right[0] : null;
    if (value) values.push(value);
  }
  return values.length > 0 ? { kind: 'assigned', values } : null;
};
