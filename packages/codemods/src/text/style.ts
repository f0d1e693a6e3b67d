import type { SgNode } from '@ast-grep/napi';
import detectIndent from 'detect-indent';
import { isJsFamily } from '../languages.js';
import type { Language } from '../types.js';

/** How a file is written; everything the engine inserts follows it. */
export interface SourceStyle {
  /** `\r\n` when most lines end so, else `\n`. */
  eol: '\n' | '\r\n';
  /** One level of indentation: a tab or N spaces. */
  indent: string;
  /** The quote most string literals use (Java and Go always `"`). */
  quote: "'" | '"';
  /** JS/TS: whether statements end with `;` (false for the no-semicolon style). */
  semicolons: boolean;
  /** Whether the file starts with a UTF-8 byte-order mark (kept, never parsed). */
  bom: boolean;
  /** Whether the file ends with a newline (kept either way). */
  finalNewline: boolean;
}

const DEFAULT_INDENT: Record<Language, string> = {
  javascript: '  ',
  typescript: '  ',
  tsx: '  ',
  python: '    ',
  java: '    ',
  // gofmt indents with tabs.
  go: '\t',
};

const count = (text: string, re: RegExp): number => text.match(re)?.length ?? 0;

const quoteOf = (language: Language, root: SgNode): "'" | '"' => {
  if (language === 'java' || language === 'go') return '"';
  const kind = language === 'python' ? 'string_start' : 'string';
  let single = 0;
  let double = 0;
  for (const node of root.findAll({ rule: { kind } })) {
    const q = /['"]/.exec(node.text())?.[0];
    if (q === "'") single++;
    else if (q === '"') double++;
  }
  if (single === double) return language === 'python' ? '"' : "'";
  return single > double ? "'" : '"';
};

const STATEMENTS = [
  'expression_statement',
  'lexical_declaration',
  'variable_declaration',
  'import_statement',
  'return_statement',
  'throw_statement',
];

const semicolonsOf = (root: SgNode): boolean => {
  let withSemi = 0;
  let without = 0;
  for (const node of root.findAll({ rule: { any: STATEMENTS.map((kind) => ({ kind })) } })) {
    if (node.text().trimEnd().endsWith(';')) withSemi++;
    else without++;
  }
  return withSemi >= without;
};

/** Detects the style of a text (`text` without BOM; `bom` says whether the file had one). */
export const detectStyle = (
  language: Language,
  text: string,
  root: SgNode,
  bom: boolean,
): SourceStyle => {
  const crlf = count(text, /\r\n/g);
  const lf = count(text, /\n/g) - crlf;
  return {
    eol: crlf > lf ? '\r\n' : '\n',
    indent: detectIndent(text).indent || DEFAULT_INDENT[language],
    quote: quoteOf(language, root),
    semicolons: isJsFamily(language) ? semicolonsOf(root) : false,
    bom,
    finalNewline: text.length === 0 || text.endsWith('\n'),
  };
};

/** A string literal in the file's quote style. */
export const quoted = (style: SourceStyle, value: string): string => {
  const q = style.quote;
  const escaped = value.replace(/\\/g, '\\\\').replaceAll(q, `\\${q}`);
  return `${q}${escaped}${q}`;
};

/** `;` when the file uses semicolons, else nothing (JS/TS). */
export const semi = (style: SourceStyle): string => (style.semicolons ? ';' : '');

/**
 * A snippet written with `\n` and one tab per indentation level, re-indented with the file's
 * indent unit and prefixed with `base` on every non-empty line.
 */
export const indentSnippet = (style: SourceStyle, snippet: string, base = ''): string =>
  snippet
    .split('\n')
    .map((line) => {
      if (line.trim() === '') return '';
      const tabs = /^\t*/.exec(line)![0].length;
      return base + style.indent.repeat(tabs) + line.slice(tabs);
    })
    .join('\n');
