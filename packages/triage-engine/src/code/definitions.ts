import type { LanguageFamily } from './language.js';

/** Where a name read at the sink got its value, as far as a line-based look can tell. */
export type Definition =
  | { kind: 'assignment'; name: string; rhs: string; line: number }
  | { kind: 'parameter'; name: string; declaration: string; line: number }
  | { kind: 'constant'; name: string; rhs: string; line: number };

import { escapeRe } from './escape-re.js';

// A function header per language family; the upward search stops there.
const HEADER: RegExp[] = [
  /^\s*(async\s+)?def\s+\w+\s*\(/,
  /\bfunction\b[\s\w$]*\(|^\s*(export\s+)?(async\s+)?(const|let)\s+\w+\s*=\s*(async\s*)?\([^)]*\)\s*=>|^\s*(async\s+)?[\w$]+\s*\([^)]*\)\s*\{\s*$/,
  /^\s*func\b/,
  /=>\s*\{\s*$/,
  /^\s*((public|private|protected|static|final|synchronized|abstract|default)\s+)*[\w<>[\],.?]+\s+\w+\s*\([^;]*\)\s*(throws\s+[\w.,\s]+)?\{\s*$/,
];

const isHeader = (line: string) =>
  HEADER.some((re) => re.test(line)) &&
  !/^\s*(if|for|while|switch|catch|return|else|try|do|raise|throw|new)\b/.test(line);

/** Joins continuation lines until brackets balance (at most a few lines). */
const statementFrom = (lines: readonly string[], index: number, first: string): string => {
  let text = first;
  let depth = 0;
  const count = (s: string) => {
    for (const ch of s.replace(/(["'`])(?:\\.|(?!\1).)*\1/g, '')) {
      if ('([{'.includes(ch)) depth++;
      if (')]}'.includes(ch)) depth--;
    }
  };
  count(first);
  for (let k = index + 1; depth > 0 && k < lines.length && k <= index + 6; k++) {
    text += '\n' + lines[k]!;
    count(lines[k]!);
  }
  return text.replace(/;\s*$/, '').trim();
};

const MAX_LOOKBACK = 60;

/**
 * The nearest assignment to `name` above 1-based `line` in the same function, the enclosing
 * function's parameter declaring it, or a module-level constant (an assignment anywhere in the
 * file at indentation zero or a `static final` / `const` declaration).
 */
export const definitionOf = (
  name: string,
  lines: readonly string[],
  line: number,
  _lang: LanguageFamily | null,
): Definition | undefined => {
  const n = escapeRe(name);
  const assign = new RegExp(
    `(?:^|[^\\w.$])(?:[\\w$]+\\s*,\\s*)*${n}(?:\\s*,\\s*[\\w$]+)*\\s*(?::\\s*[\\w\\[\\]., |]+?)?\\s*(?::=|=(?![=>]))\\s*(.+)$`,
  );
  for (let k = line - 2; k >= 0 && k >= line - 1 - MAX_LOOKBACK; k--) {
    const text = lines[k]!;
    if (isHeader(text)) {
      if (new RegExp(`[(,\\s]${n}\\b`).test(text))
        return { kind: 'parameter', name, declaration: text.trim(), line: k + 1 };
      break;
    }
    const m = assign.exec(text);
    if (m && !/^\s*(if|while|elif|for)\b/.test(text))
      return { kind: 'assignment', name, rhs: statementFrom(lines, k, m[1]!), line: k + 1 };
  }
  const constant = new RegExp(
    `^(?:\\s*(?:(?:export\\s+)?const|(?:public|private|protected)?\\s*static\\s+final\\s+[\\w<>\\[\\]]+|var)\\s+${n}\\b[^=]*=|${n}\\s*(?::\\s*[\\w\\[\\]]+)?\\s*=(?!=))\\s*(.+)$`,
  );
  for (let k = 0; k < lines.length; k++) {
    const m = constant.exec(lines[k]!);
    if (m) return { kind: 'constant', name, rhs: statementFrom(lines, k, m[1]!), line: k + 1 };
  }
  return undefined;
};

/** The 1-based line of the enclosing function's header above `line`, or null. */
export const enclosingHeader = (lines: readonly string[], line: number): number | null => {
  for (let k = line - 1; k >= 0 && k >= line - 1 - 200; k--) if (isHeader(lines[k]!)) return k + 1;
  return null;
};
