import type { SgNode } from '@ast-grep/napi';
import { enclosingFunction } from './names.js';

const STR_ANNOTATION =
  /^(str|Path|pathlib\.Path|PurePath|os\.PathLike(\[str\])?|PathLike(\[str\])?)$/;
const STR_CALL =
  /^(str|Path|pathlib\.Path|os\.path\.\w+|os\.fspath|shlex\.quote|\w+\.(strip|lstrip|rstrip|lower|upper|format|replace|join|decode))\(/;

/** True for an expression whose value is a `str` or a path by its shape alone. */
const strExpression = (node: SgNode | null): boolean =>
  !!node &&
  (node.kind() === 'string' ||
    node.kind() === 'concatenated_string' ||
    STR_CALL.test(node.text()) ||
    (node.kind() === 'binary_operator' &&
      node.child(1)?.text() === '%' &&
      node.field('left')?.kind() === 'string'));

/**
 * True when a value is known to be a `str` or a path-like object: a literal, a `str(...)` or
 * `os.path.join(...)` call, a parameter annotated `str`/`Path`, or a local variable every
 * assignment of which is one of those. Anything else may be an int (which `subprocess` rejects).
 */
export const knownStrOrPath = (node: SgNode): boolean => {
  if (strExpression(node)) return true;
  if (node.kind() !== 'identifier') return false;
  const fn = enclosingFunction(node);
  if (!fn) return false;
  const name = node.text();
  const param = fn
    .field('parameters')
    ?.namedChildren()
    .find(
      (p) => (p.kind() === 'identifier' ? p : (p.field('name') ?? p.child(0)))?.text() === name,
    );
  const annotation = param?.field('type')?.text();
  if (annotation) return STR_ANNOTATION.test(annotation);
  const assignments = fn
    .findAll({ rule: { kind: 'assignment' } })
    .filter((a) => a.field('left')?.text() === name);
  return assignments.length > 0 && assignments.every((a) => strExpression(a.field('right')));
};
