import type { SgNode } from '@ast-grep/napi';
import type { SourceFile } from '../../engine/source-file.js';
import {
  argsOf,
  callsIn,
  isConstantString,
  isSimpleReference,
  kindOf,
  methodName,
  plusOperands,
  receiver,
  simpleTypeName,
  stringValue,
  unparen,
} from './ast.js';
import { declarationOfExpr, enclosingBody } from './scope.js';
import { blockStatement } from './statements.js';

export type PathType = 'File' | 'Path' | 'String';

/** A file-system path built from a base directory and a name that may climb out of it. */
export interface PathBuild {
  /** The expression that builds the path (`new File(a, b)`, `Paths.get(a, b)`, `a.resolve(b)`, `a + "/" + b`). */
  creation: SgNode;
  base: SgNode;
  /** Null when the file does not tell (`new File(config.dir(), name)`). */
  baseType: PathType | null;
  /** The untrusted parts (`b`). */
  inputs: SgNode[];
  /** What the creation evaluates to. */
  type: PathType;
  /** The local holding it, when `Type name = creation;` is a statement of a block. */
  holder: { name: string; statement: SgNode; type: PathType } | null;
}

const FILE_TYPES: Record<string, PathType> = {
  File: 'File',
  Path: 'Path',
  String: 'String',
};

/** The type of a base-like expression: a declared File/Path/String, or a string literal. */
export const pathTypeOf = (node: SgNode): PathType | null => {
  const expr = unparen(node);
  if (isConstantString(expr)) return 'String';
  const declaration = declarationOfExpr(expr);
  if (declaration) return FILE_TYPES[declaration.simpleType] ?? null;
  if (
    kindOf(expr) === 'method_invocation' &&
    /^(toPath|normalize|toAbsolutePath|getParent)$/.test(methodName(expr))
  ) {
    return 'Path';
  }
  return null;
};

const isFileSeparator = (node: SgNode): boolean =>
  /^(File\.separator|"\/"|"\\\\")$/.test(unparen(node).text()) || stringValue(node) === '/';

/** `new File(a, b)`, `Paths.get(a, b...)`, `Path.of(a, b...)`, `a.resolve(b)`, `a + File.separator + b`. */
const buildsOf = (node: SgNode): Omit<PathBuild, 'holder'> | null => {
  const kind = kindOf(node);
  if (
    kind === 'object_creation_expression' &&
    /^(java\.io\.)?File$/.test(node.field('type')?.text() ?? '')
  ) {
    const args = argsOf(node);
    if (args.length !== 2) return null;
    const baseType = pathTypeOf(args[0]!);
    if (baseType === 'Path') return null;
    return { creation: node, base: args[0]!, baseType, inputs: [args[1]!], type: 'File' };
  }
  if (kind === 'method_invocation') {
    const owner = receiver(node)?.text() ?? '';
    const args = argsOf(node);
    if (
      ((/^(java\.nio\.file\.)?Paths$/.test(owner) && methodName(node) === 'get') ||
        (/^(java\.nio\.file\.)?Path$/.test(owner) && methodName(node) === 'of')) &&
      args.length >= 2
    ) {
      return {
        creation: node,
        base: args[0]!,
        baseType: 'String',
        inputs: args.slice(1),
        type: 'Path',
      };
    }
    if (methodName(node) === 'resolve' && args.length === 1 && receiver(node)) {
      const base = receiver(node)!;
      return pathTypeOf(base) === 'Path'
        ? { creation: node, base, baseType: 'Path', inputs: args, type: 'Path' }
        : null;
    }
    return null;
  }
  if (kind === 'binary_expression') {
    const parts = plusOperands(node);
    if (
      parts.length < 3 ||
      !isFileSeparator(parts[1]!) ||
      kindOf(node.parent()) === 'binary_expression'
    ) {
      return null;
    }
    const baseType = pathTypeOf(parts[0]!);
    return baseType === 'String' || baseType === 'File'
      ? { creation: node, base: parts[0]!, baseType, inputs: parts.slice(2), type: 'String' }
      : null;
  }
  return null;
};

const holderOf = (creation: SgNode, type: PathType): PathBuild['holder'] => {
  const declarator = creation.parent();
  if (kindOf(declarator) !== 'variable_declarator') return null;
  const statement = blockStatement(creation);
  if (!statement || kindOf(statement) !== 'local_variable_declaration') return null;
  const declared = simpleTypeName(statement.field('type'));
  const holderType = declared === 'var' ? type : FILE_TYPES[declared];
  return holderType === type
    ? { name: declarator!.field('name')!.text(), statement, type: holderType }
    : null;
};

/** Every path built from a base and other parts in a file. */
export const pathBuilds = (file: SourceFile): PathBuild[] =>
  file.root
    .findAll({
      rule: {
        any: [
          { kind: 'object_creation_expression' },
          { kind: 'method_invocation' },
          { kind: 'binary_expression' },
        ],
      },
    })
    .flatMap((node) => {
      const build = buildsOf(node);
      return build ? [{ ...build, holder: holderOf(node, build.type) }] : [];
    });

/** True when a later `startsWith` check in the method mentions the variable (already contained). */
export const containedLater = (build: PathBuild): boolean => {
  if (!build.holder) return false;
  const body = enclosingBody(build.creation);
  const name = build.holder.name;
  return callsIn(body ?? build.creation)
    .filter(
      (c) =>
        methodName(c) === 'startsWith' && c.range().start.index > build.creation.range().end.index,
    )
    .some((c) => new RegExp(`\\b${name}\\b`).test(c.text()));
};

/** True when the base can be written twice (a name, a field, a literal or constant). */
export const repeatableBase = (build: PathBuild): boolean =>
  isSimpleReference(build.base) || isConstantString(build.base);

/** `expr` as a `java.nio.file.Path`, for a File, Path or String expression (`file` names java.io.File). */
export const asPath = (expr: string, type: PathType, file: string): string =>
  type === 'Path' ? expr : type === 'File' ? `${expr}.toPath()` : `new ${file}(${expr}).toPath()`;

/** `expr` as a canonical `java.nio.file.Path` (resolves `..` and symbolic links; throws IOException). */
export const asCanonicalPath = (expr: string, type: PathType, file: string): string =>
  type === 'Path'
    ? `${expr}.toFile().getCanonicalFile().toPath()`
    : type === 'File'
      ? `${expr}.getCanonicalFile().toPath()`
      : `new ${file}(${expr}).getCanonicalFile().toPath()`;
