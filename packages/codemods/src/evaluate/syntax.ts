import { parseSource } from '../languages.js';
import type { Language } from '../types.js';

export interface SyntaxError {
  /** `ERROR` for unparseable text, `MISSING <kind>` for a token the parser had to invent. */
  kind: string;
  /** 1-based. */
  line: number;
  /** 1-based. */
  column: number;
}

/**
 * Syntax errors tree-sitter recovered from: ERROR nodes, and zero-width (MISSING) nodes, which
 * are how tree-sitter marks a token it inserted (`;`, `)`) or an empty required block.
 */
export const syntaxErrors = (language: Language, source: string): SyntaxError[] => {
  const text = source.startsWith('\uFEFF') ? source.slice(1) : source;
  const root = parseSource(language, text).root();
  const found = [
    ...root.findAll({ rule: { kind: 'ERROR' } }).map((n) => ({ n, kind: 'ERROR' })),
    ...root
      .findAll({ rule: { regex: '^$' } })
      .filter((n) => n.range().start.index === n.range().end.index && n.parent() !== null)
      .map((n) => ({ n, kind: `MISSING ${n.kind()}` })),
  ];
  return found
    .map(({ n, kind }) => ({
      kind,
      line: n.range().start.line + 1,
      column: n.range().start.column + 1,
    }))
    .sort((a, b) => a.line - b.line || a.column - b.column);
};

/** True when the source parses without ERROR or MISSING nodes. */
export const parsesWithoutErrors = (language: Language, source: string): boolean =>
  syntaxErrors(language, source).length === 0;
