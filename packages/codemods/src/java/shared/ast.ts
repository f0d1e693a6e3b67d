import type { SgNode } from '@ast-grep/napi';

/** The node's grammar kind as a string. */
export const kindOf = (node: SgNode | null | undefined): string =>
  node ? String(node.kind()) : '';

/** Named children without comments. */
export const namedKids = (node: SgNode | null | undefined): SgNode[] =>
  (node?.namedChildren() ?? []).filter((c) => !kindOf(c).endsWith('comment'));

/** The arguments of a call or `new` expression. */
export const argsOf = (call: SgNode): SgNode[] => namedKids(call.field('arguments'));

/** `name` of `obj.name(...)`. */
export const methodName = (call: SgNode): string => call.field('name')?.text() ?? '';

/** `obj` of `obj.name(...)`, or null for an unqualified call. */
export const receiver = (call: SgNode): SgNode | null => call.field('object');

/** The first ancestor of one of the kinds (the node itself excluded). */
export const ancestor = (node: SgNode, kinds: readonly string[]): SgNode | null => {
  for (let n = node.parent(); n; n = n.parent()) if (kinds.includes(kindOf(n))) return n;
  return null;
};

/** Every method invocation inside a node. */
export const callsIn = (node: SgNode): SgNode[] =>
  node.findAll({ rule: { kind: 'method_invocation' } });

/** The simple name of a type node (`java.io.File` → `File`, `List<String>` → `List`). */
export const simpleTypeName = (type: SgNode | null | undefined): string => {
  if (!type) return '';
  const text = type
    .text()
    .replace(/<[\s\S]*>/g, '')
    .replace(/\s+/g, '');
  return text.slice(text.lastIndexOf('.') + 1);
};

const ESCAPES: Record<string, string> = {
  n: '\n',
  r: '\r',
  t: '\t',
  b: '\b',
  f: '\f',
  s: ' ',
  '"': '"',
  "'": "'",
  '\\': '\\',
};

/** The value of a plain `"..."` string literal (escapes decoded), or null for anything else. */
export const stringValue = (node: SgNode | null | undefined): string | null => {
  if (!node || kindOf(node) !== 'string_literal' || node.text().startsWith('"""')) return null;
  let out = '';
  for (const part of namedKids(node)) {
    const text = part.text();
    if (kindOf(part) === 'string_fragment') out += text;
    else if (kindOf(part) === 'escape_sequence') {
      const octal = /^\\([0-7]{1,3})$/.exec(text);
      const unicode = /^\\u+([0-9a-fA-F]{4})$/.exec(text);
      if (octal) out += String.fromCharCode(parseInt(octal[1]!, 8));
      else if (unicode) out += String.fromCharCode(parseInt(unicode[1]!, 16));
      else out += ESCAPES[text.slice(1)] ?? text.slice(1);
    } else return null;
  }
  return out;
};

/** A Java string literal for a value (only `\\`, `"`, CR, LF and tab escaped). */
export const javaString = (value: string): string =>
  `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\r/g, '\\r').replace(/\n/g, '\\n').replace(/\t/g, '\\t')}"`;

/** Unwraps parentheses: `((x))` → `x`. */
export const unparen = (node: SgNode): SgNode => {
  let n = node;
  while (kindOf(n) === 'parenthesized_expression' && namedKids(n).length === 1)
    n = namedKids(n)[0]!;
  return n;
};

/** The operands of a `+` chain, left to right (`a + b + c` → `[a, b, c]`). */
export const plusOperands = (node: SgNode): SgNode[] => {
  const n = unparen(node);
  if (kindOf(n) !== 'binary_expression' || n.field('operator')?.text() !== '+') return [n];
  return [...plusOperands(n.field('left')!), ...plusOperands(n.field('right')!)];
};

/** True for `a + b` chains that contain at least one string literal (string concatenation). */
export const isStringConcat = (node: SgNode): boolean => {
  const parts = plusOperands(node);
  return parts.length > 1 && parts.some((p) => kindOf(p) === 'string_literal');
};

/** True for a literal or a `"a" + "b"` chain of literals. */
export const isConstantString = (node: SgNode): boolean =>
  plusOperands(node).every((p) => stringValue(p) !== null);

/** True when the expression is a plain name or a `this.name` / `a.b` field access chain. */
export const isSimpleReference = (node: SgNode): boolean => {
  const n = unparen(node);
  if (kindOf(n) === 'identifier' || kindOf(n) === 'this') return true;
  if (kindOf(n) !== 'field_access') return false;
  const object = n.field('object');
  return !!object && isSimpleReference(object);
};

/** The text that follows the node on its last line (to see whether a line may be appended). */
export const restOfLine = (text: string, end: number): string => {
  const nl = text.indexOf('\n', end);
  return text.slice(end, nl < 0 ? text.length : nl).replace(/\r$/, '');
};
