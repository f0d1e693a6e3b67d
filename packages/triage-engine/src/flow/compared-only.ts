// A Java file object built only to be compared with its base: `Path target = new File(base,
// key).getCanonicalFile().toPath(); return !target.startsWith(root);` (aws-java-sdk-s3
// 1.12.261's `leavesRoot`). Nothing is opened with it: the finding at the constructor is about
// the comparison it feeds, and a canonical path compared component by component
// (`Path.startsWith`) with a base cannot pass while lying outside it (`/tmp/dl-evil` does not
// start with `/tmp/dl`). A canonical path compared as a string (`getCanonicalPath().startsWith`)
// lets a sibling sharing the base's name through, so it is not read here.
import type { Node } from './node.js';
import { ancestors, sameRange } from './node.js';

/** Calls that give the canonical form of a file as a `File` or a `Path`. */
const CANONICAL = /^(getCanonicalFile|toRealPath)$/;
/** Calls that keep a `File` or `Path` as one (no string comes out). */
const KEEPS = /^(getCanonicalFile|getAbsoluteFile|toPath|toRealPath|normalize|toAbsolutePath)$/;

/** `x.m(…)` whose receiver is `obj`: the call and its method name, else null. */
const callOn = (obj: Node): { call: Node; name: string } | null => {
  const call = obj.parent();
  if (call?.kind() !== 'method_invocation') return null;
  const recv = call.field('object');
  const name = call.field('name')?.text();
  return recv && name && sameRange(recv, obj) ? { call, name } : null;
};

/**
 * The chain of calls on `sink` while they keep a file object, and whether it went through a
 * canonical form and ended as a `Path`.
 */
const chainOn = (sink: Node): { end: Node; canonical: boolean; path: boolean } => {
  let end = sink;
  let canonical = false;
  let path = false;
  for (let c = callOn(end); c && KEEPS.test(c.name); c = callOn(end)) {
    end = c.call;
    canonical ||= CANONICAL.test(c.name);
    path = c.name !== 'getCanonicalFile' && c.name !== 'getAbsoluteFile';
  }
  return { end, canonical, path };
};

/** `x.startsWith(base)` with `x` a `Path`: a whole-component comparison. */
const comparedAsPath = (n: Node): boolean => {
  const c = callOn(n);
  return Boolean(c && c.name === 'startsWith');
};

/**
 * Why the file object built at `sink` (`new File(…)`) is only compared with a base, or null:
 * its canonical `Path` (directly, or through a local variable read nowhere else) is only the
 * receiver of `startsWith`.
 */
export const onlyComparedWithBase = (sink: Node): string | null => {
  if (sink.kind() !== 'object_creation_expression') return null;
  const { end, canonical, path } = chainOn(sink);
  if (!canonical || !path) return null;
  if (comparedAsPath(end))
    return `its canonical Path is only compared with its base (Path.startsWith): nothing opens it`;
  const decl = end.parent();
  if (decl?.kind() !== 'variable_declarator' || !sameRange(decl.field('value') ?? decl, end))
    return null;
  const name = decl.field('name')?.text();
  const body = ancestors(decl).find((a) =>
    /^(method_declaration|constructor_declaration|lambda_expression)$/.test(a.kind()),
  );
  if (!name || !body) return null;
  const reads = body
    .findAll({ rule: { kind: 'identifier' } })
    .filter((id) => id.text() === name && !sameRange(id, decl.field('name')!));
  if (!reads.length || !reads.every((id) => comparedAsPath(id))) return null;
  return `${name}, its canonical Path, is only compared with its base (Path.startsWith): nothing opens it`;
};
