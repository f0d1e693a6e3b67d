// What a fix's diff changed, judged without the codemods' own bookkeeping: every block of
// changed lines (in the scanned commit's numbering) is a manifest edit, an import, an added
// helper, layout (blank lines), or code; code must sit in the window of a labelled site the fix
// was made for (the innermost function or method around the site, else its top-level statement
// or field). Code anywhere else is "unrelated code changed"; code on a look-alike's statement is
// a touched look-alike.
import { basename } from 'node:path';
import { languageOf, parseSource } from '@remediation/codemods';

const MANIFESTS = new Set([
  'package.json',
  'requirements.txt',
  'pyproject.toml',
  'pom.xml',
  'go.mod',
]);

const IMPORT = {
  js: /^\s*(import\b.*|(const|let|var)\s+[\w${},\s:]+=\s*require\(.*\);?|['"]use strict['"];?)\s*$/,
  python:
    /^\s*(import\s+[\w.]+(\s+as\s+\w+)?(\s*,\s*[\w.]+(\s+as\s+\w+)?)*|from\s+[\w.]+\s+import\s+.+)\s*$/,
  java: /^\s*import\s+(static\s+)?[\w.*]+;\s*$/,
  // A Go import block's lines: `import (`, `)`, `import "x"`, and specs (`\tcrand "crypto/rand"`).
  go: /^\s*(import\s*\(|\)|(import\s+)?([\w.]+\s+)?"[^"\s]+")\s*$/,
};
const HELPER = {
  js: /^(export\s+)?((async\s+)?function\*?\s+\w+\s*\(|const\s+\w+\s*=\s*(async\s*)?(\([^)]*\)|\w+)\s*=>|const\s+[A-Z_][A-Z0-9_]*\s*=)/,
  python: /^(async\s+)?def\s+\w+\s*\(|^[A-Z_][A-Z0-9_]*\s*=/,
  java: /^\s*((private|protected|public|static|final)\s+)+[\w<>[\],.?]+(\s*[\w<>[\],.?]+)*\s+\w+\s*(\(|=)/,
  go: /^func\s+\w+\s*[[(]/,
};
const COMMENT = /^\s*(\/\/|#|\/\*|\*)/;

const family = (path) => {
  const language = languageOf(path);
  if (language === 'python' || language === 'java' || language === 'go') return language;
  return language ? 'js' : null;
};

/** The blocks of changed lines of a unified diff; `from`..`to` are the commit's lines touched. */
export const diffBlocks = (diff) => {
  const blocks = [];
  let path = null;
  let old = 0;
  let block = null;
  const close = () => {
    if (block) blocks.push(block);
    block = null;
  };
  for (const line of diff.split('\n')) {
    const file = /^\+\+\+ b\/(.*)$/.exec(line);
    if (file) {
      close();
      path = file[1];
      continue;
    }
    if (line.startsWith('--- ') || line.startsWith('diff --git') || line.startsWith('index ')) {
      close();
      continue;
    }
    const hunk = /^@@ -(\d+)(?:,(\d+))? \+\d+(?:,\d+)? @@/.exec(line);
    if (hunk) {
      close();
      // `-n,0` names the line after which lines are inserted.
      old = Number(hunk[1]) + (hunk[2] === '0' ? 1 : 0);
      continue;
    }
    if (line.startsWith('\\') || path === null) continue;
    if (line.startsWith(' ')) {
      close();
      old++;
    } else if (line.startsWith('-') || line.startsWith('+')) {
      block ??= { path, from: old, to: old - 1, removed: [], added: [] };
      if (line.startsWith('-')) {
        block.removed.push(line.slice(1));
        block.to = old++;
      } else block.added.push(line.slice(1));
    }
  }
  close();
  return blocks;
};

/** The modules an import line names as used in code (`import pickle` → pickle; no alias). */
export const importedModules = (line) => {
  const m = /^\s*import\s+([\w.]+)\s*$/.exec(line);
  if (m) return [m[1]];
  // A Go import spec: the package's name in the file (its alias, else the path's last element).
  const go = /^\s*(?:import\s+)?(?:(\w+)\s+)?"([\w./-]+)"\s*$/.exec(line);
  return go
    ? [
        go[1] ??
          go[2]
            .split('/')
            .filter((p) => !/^v\d+$/.test(p))
            .at(-1),
      ]
    : [];
};

/** manifest | import | helper | layout | code, from the block's text alone. */
export const blockKind = (block) => {
  if (MANIFESTS.has(basename(block.path))) return 'manifest';
  const lang = family(block.path);
  const lines = [...block.removed, ...block.added].filter((l) => l.trim() !== '');
  if (lines.length === 0) return 'layout';
  if (lang && lines.every((l) => IMPORT[lang].test(l))) return 'import';
  if (lang && block.removed.length === 0) {
    const first = block.added.find((l) => l.trim() !== '' && !COMMENT.test(l));
    if (first && HELPER[lang].test(first)) return 'helper';
  }
  return 'code';
};

const FUNCTION =
  /^(function_declaration|function_expression|arrow_function|method_definition|generator_function_declaration|function_definition|method_declaration|constructor_declaration)$/;
const MEMBER = /^(field_declaration|decorated_definition)$/;

const nodeAt = (root, line, column) => {
  let node = root;
  for (;;) {
    const inside = node.children().find((c) => {
      const { start, end } = c.range();
      const afterStart = start.line < line || (start.line === line && start.column <= column);
      const beforeEnd = end.line > line || (end.line === line && end.column > column);
      return afterStart && beforeEnd;
    });
    if (!inside) return node;
    node = inside;
  }
};

/** Per file text: the parsed root (parsed once). */
const roots = new Map();
const rootOf = (path, text) => {
  const key = `${path}\u0000${text.length}`;
  if (!roots.has(key)) roots.set(key, parseSource(languageOf(path), text).root());
  return roots.get(key);
};

/**
 * The lines a fix of a labelled site may change besides imports, helpers and manifests: the
 * innermost function or method around the snippet, else the field or top-level statement.
 */
export const siteWindow = (label, text) => {
  const lineText = text.split('\n')[label.line - 1];
  const column = Math.max(0, lineText.indexOf(label.snippet));
  const root = rootOf(label.file, text);
  let node = nodeAt(root, label.line - 1, column + lineText.slice(column).search(/\S|$/));
  let top = node;
  for (let n = node; n; n = n.parent()) {
    const kind = String(n.kind());
    if (FUNCTION.test(kind) || MEMBER.test(kind)) {
      node = n;
      top = null;
      break;
    }
    if (n.parent() && !n.parent().parent()) top = n;
  }
  const range = (top ?? node).range();
  return { from: range.start.line + 1, to: range.end.line + 1 };
};

/** The statement lines of a label (for look-alikes): the snippet's line. */
export const touches = (block, path, line) =>
  block.path === path && block.removed.length > 0 && block.from <= line && line <= block.to;

/** True when a block lies in a window (an insertion right after its last line counts). */
export const within = (block, window) =>
  block.from <= window.to + 1 && (block.removed.length ? block.to : block.from) >= window.from;
