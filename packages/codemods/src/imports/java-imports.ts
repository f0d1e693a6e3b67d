import type { SgNode } from '@ast-grep/napi';
import type { FileEditor } from '../engine/file-editor.js';
import { lineAfter, lineBefore } from './list.js';

interface JavaImport {
  node: SgNode;
  name: string;
  isStatic: boolean;
  wildcard: boolean;
}

const javaImports = (root: SgNode): JavaImport[] =>
  root
    .children()
    .filter((n) => n.kind() === 'import_declaration')
    .map((node) => ({
      node,
      name:
        node
          .namedChildren()
          .find((c) => String(c.kind()).endsWith('identifier'))
          ?.text() ?? '',
      isStatic: node.children().some((c) => c.kind() === 'static'),
      wildcard: node.find({ rule: { kind: 'asterisk' } }) !== null,
    }));

const simpleName = (qualified: string): string => qualified.slice(qualified.lastIndexOf('.') + 1);
const packageOf = (qualified: string): string => qualified.slice(0, qualified.lastIndexOf('.'));

/** True when the file declares a type called `name` (a class, interface, enum or record). */
const declaresType = (root: SgNode, name: string): boolean =>
  root.find({
    rule: {
      kind: 'identifier',
      regex: `^${name}$`,
      inside: {
        any: [
          { kind: 'class_declaration' },
          { kind: 'interface_declaration' },
          { kind: 'enum_declaration' },
          { kind: 'record_declaration' },
        ],
        field: 'name',
      },
    },
  }) !== null;

/**
 * The name to write for a class: its simple name once `import qualified;` is there (added once,
 * in sorted position when the imports are sorted, else after the last one, else after
 * `package`), or the qualified name when the simple name is taken by another import or type.
 */
export const ensureJavaImport = (editor: FileEditor, qualified: string): string => {
  const key = `java:${qualified}`;
  const memo = editor.memo.get(key);
  if (memo) return memo;
  const simple = simpleName(qualified);
  const imports = javaImports(editor.root).filter((i) => !i.isStatic);
  const present = imports.some(
    (i) => i.name === qualified || (i.wildcard && i.name === packageOf(qualified)),
  );
  const clash =
    imports.some((i) => !i.wildcard && simpleName(i.name) === simple && i.name !== qualified) ||
    declaresType(editor.root, simple);
  const result = present ? simple : clash ? qualified : simple;
  if (!present && !clash) addImport(editor, imports, `import ${qualified};`, qualified);
  editor.memo.set(key, result);
  return result;
};

const addImport = (
  editor: FileEditor,
  imports: JavaImport[],
  line: string,
  qualified: string,
): void => {
  const names = imports.map((i) => i.name);
  const sorted = names.every((n, i) => i === 0 || names[i - 1]! <= n);
  const before = sorted ? imports.find((i) => i.name > qualified) : undefined;
  if (before) {
    const { lines } = editor.file;
    editor.insert(lines.lineStart(before.node.range().start.line), `${line}\n`, 'import');
    return;
  }
  const last = imports.at(-1)?.node;
  if (last) return lineAfter(editor, last, line);
  const pkg = editor.root.children().find((n) => n.kind() === 'package_declaration');
  if (pkg) return lineAfter(editor, pkg, line, '\n');
  const first = editor.root
    .children()
    .find((n) => n.isNamed() && !String(n.kind()).endsWith('comment'));
  if (first) lineBefore(editor, first, line);
};
