import type { SgNode } from '@ast-grep/napi';
import { argsOf, calleeName } from '../common/calls.js';
import { unwrap } from '../common/request-input.js';
import { stringParts, type Part } from '../common/string-parts.js';

const FS_METHODS = new Set([
  'readFile',
  'readFileSync',
  'createReadStream',
  'writeFile',
  'writeFileSync',
  'appendFile',
  'appendFileSync',
  'createWriteStream',
  'unlink',
  'unlinkSync',
  'rm',
  'rmSync',
  'stat',
  'statSync',
  'lstat',
  'lstatSync',
  'access',
  'accessSync',
  'readdir',
  'readdirSync',
  'open',
  'openSync',
  'existsSync',
  'mkdir',
  'mkdirSync',
  'copyFile',
  'copyFileSync',
  'rename',
  'renameSync',
  'sendFile',
  'download',
  // The rest of what ESLint's detect-non-literal-fs-filename reports.
  'chmod',
  'chmodSync',
  'chown',
  'chownSync',
  'exists',
  'lchmod',
  'lchmodSync',
  'lchown',
  'lchownSync',
  'link',
  'linkSync',
  'readlink',
  'readlinkSync',
  'realpath',
  'realpathSync',
  'rmdir',
  'rmdirSync',
  'symlink',
  'symlinkSync',
  'truncate',
  'truncateSync',
  'utimes',
  'utimesSync',
  'watch',
  'watchFile',
  'unwatchFile',
  'opendir',
  'opendirSync',
  'cp',
  'cpSync',
]);

/** Packages whose exports are the fs functions (as ESLint's rule resolves them). */
const FS_MODULE = /^(node:)?fs(\/promises)?$|^(fs-extra|graceful-fs)$/;

/** True when `name` is bound in the file to an fs module (`require`, default or namespace import). */
const boundToFs = (call: SgNode, name: string): boolean => {
  const root = call.getRoot().root();
  const required = root.findAll({ rule: { kind: 'variable_declarator' } }).some((d) => {
    if (d.field('name')?.text() !== name) return false;
    const m = /^require\(\s*['"]([^'"]+)['"]\s*\)(\.promises)?$/.exec(
      d.field('value')?.text() ?? '',
    );
    return m !== null && FS_MODULE.test(m[1]!);
  });
  if (required) return true;
  return root.findAll({ rule: { kind: 'import_statement' } }).some((i) => {
    const source = i.field('source')?.text().slice(1, -1) ?? '';
    if (!FS_MODULE.test(source)) return false;
    const clause = i.children().find((c) => c.kind() === 'import_clause');
    return (
      clause
        ?.children()
        .some(
          (c) =>
            (c.kind() === 'identifier' && c.text() === name) ||
            (c.kind() === 'namespace_import' &&
              c.find({ rule: { kind: 'identifier' } })?.text() === name),
        ) ?? false
    );
  });
};

/** True for a file-system call (`fs.readFile`, `fsp.readFile`, `res.sendFile`, ...). */
export const isFileSink = (call: SgNode): boolean => {
  const name = calleeName(call);
  if (!name || !FS_METHODS.has(name)) return false;
  const callee = call.field('function')!;
  if (callee.kind() === 'identifier') return true;
  const receiver = unwrap(callee.field('object')!).text();
  if (name === 'sendFile' || name === 'download') return /^(res|response)$/.test(receiver);
  if (/(^|\.)(fs|fsp|fsPromises|promises)$|^fs\./.test(receiver)) return true;
  const head = /^[A-Za-z_$][\w$]*/.exec(receiver)?.[0];
  return head !== undefined && boundToFs(call, head);
};

/** The pieces of a path confined under a root: the root expression and the segments. */
export interface Confined {
  root: string;
  segments: string[];
}

const PATH_FUNCTIONS = new Set(['join', 'resolve']);

const partSource = (parts: Part[], quote: string): string => {
  if (parts.length === 1 && parts[0]!.kind === 'expr') return parts[0]!.node.text();
  if (parts.every((p) => p.kind === 'text')) {
    return `${quote}${parts.map((p) => (p.kind === 'text' ? p.text : '')).join('')}${quote}`;
  }
  return `\`${parts.map((p) => (p.kind === 'text' ? p.text.replace(/`/g, '\\`') : `\${${p.node.text()}}`)).join('')}\``;
};

/**
 * How a path argument splits into a root and dynamic segments: `path.join(root, ...segments)`,
 * `path.resolve(root, ...)`, `` `${root}/${name}` `` or `'uploads/' + name`. Null when the path
 * has no dynamic segment or no fixed root to confine it to.
 */
export const confinedPath = (arg: SgNode, quote: string): Confined | null => {
  const a = unwrap(arg);
  if (a.kind() === 'call_expression' && PATH_FUNCTIONS.has(calleeName(a) ?? '')) {
    const callee = a.field('function')!;
    if (
      callee.kind() === 'member_expression' &&
      !/^(path|posix|nodePath)$/.test(callee.field('object')!.text())
    )
      return null;
    const [root, ...segments] = argsOf(a);
    if (!root || segments.length === 0) return null;
    if (!segments.some((s) => !['string', 'number'].includes(String(unwrap(s).kind()))))
      return null;
    return { root: root.text(), segments: segments.map((s) => s.text()) };
  }
  if (a.kind() !== 'template_string' && a.kind() !== 'binary_expression') return null;
  const parts = stringParts(a);
  if (!parts.some((p) => p.kind === 'expr')) return null;
  // The root is everything before the first '/' that follows some text or an expression.
  const rootParts: Part[] = [];
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (part.kind === 'expr') {
      rootParts.push(part);
      continue;
    }
    const slash = part.text.indexOf('/');
    if (slash < 0 || (slash === 0 && rootParts.length === 0)) {
      if (slash === 0) return null;
      rootParts.push(part);
      continue;
    }
    const before = part.text.slice(0, slash);
    const after = part.text.slice(slash + 1);
    if (before) rootParts.push({ ...part, text: before });
    const rest: Part[] = [...(after ? [{ ...part, text: after }] : []), ...parts.slice(i + 1)];
    if (!rest.some((p) => p.kind === 'expr') || rootParts.length === 0) return null;
    return { root: partSource(rootParts, quote), segments: [partSource(rest, quote)] };
  }
  return null;
};

/**
 * True for `path.join(dir, 'a', 'b')` (and `resolve`): a directory and constant names only, so no
 * outside value picks the file (the directory itself is the program's).
 */
export const constantSegments = (arg: SgNode): boolean => {
  const a = unwrap(arg);
  if (a.kind() !== 'call_expression' || !PATH_FUNCTIONS.has(calleeName(a) ?? '')) return false;
  const [, ...segments] = argsOf(a);
  return segments.every((s) => ['string', 'number'].includes(String(unwrap(s).kind())));
};
