import go from '@ast-grep/lang-go';
import java from '@ast-grep/lang-java';
import python from '@ast-grep/lang-python';
import { Lang, parse, registerDynamicLanguage, type SgRoot } from '@ast-grep/napi';
import type { Language } from './types.js';

/** Every language, in catalog order. */
export const LANGUAGES: readonly Language[] = [
  'javascript',
  'typescript',
  'tsx',
  'python',
  'java',
  'go',
];

const EXTENSIONS: Record<string, Language> = {
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  jsx: 'javascript',
  ts: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  tsx: 'tsx',
  py: 'python',
  java: 'java',
  go: 'go',
};

/** The language of a file from its extension (`.d.ts` included), or null for any other file. */
export const languageOf = (path: string): Language | null => {
  const dot = path.lastIndexOf('.');
  if (dot < 0 || dot < path.lastIndexOf('/')) return null;
  return EXTENSIONS[path.slice(dot + 1).toLowerCase()] ?? null;
};

/** The file's extension (`js`, `py`, ...), lower-cased, or `''`. */
export const extensionOf = (path: string): string => {
  const dot = path.lastIndexOf('.');
  return dot < 0 || dot < path.lastIndexOf('/') ? '' : path.slice(dot + 1).toLowerCase();
};

/** True for the JavaScript family (JS, TS, TSX). */
export const isJsFamily = (language: Language): boolean =>
  language === 'javascript' || language === 'typescript' || language === 'tsx';

const AST_GREP: Record<Language, string> = {
  javascript: Lang.JavaScript,
  typescript: Lang.TypeScript,
  tsx: Lang.Tsx,
  python: 'python',
  java: 'java',
  go: 'go',
};

// ast-grep wants the dynamic grammars registered once per process; vitest re-evaluates modules
// per test file in the same worker, so the flag lives on globalThis.
const REGISTERED = Symbol.for('@remediation/codemods/grammars');

const ensureGrammars = (): void => {
  const g = globalThis as Record<symbol, boolean | undefined>;
  if (g[REGISTERED]) return;
  registerDynamicLanguage({ python, java, go });
  g[REGISTERED] = true;
};

/** Parses source text (without a BOM) with the grammar of `language`. */
export const parseSource = (language: Language, text: string): SgRoot => {
  ensureGrammars();
  return parse(AST_GREP[language], text);
};
