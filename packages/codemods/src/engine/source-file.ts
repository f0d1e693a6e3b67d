import type { SgNode } from '@ast-grep/napi';
import { parseSource } from '../languages.js';
import { LineIndex } from '../text/line-index.js';
import { detectStyle, type SourceStyle } from '../text/style.js';
import type { Language } from '../types.js';

const BOM = '\uFEFF';

/**
 * One parsed file. `text` is the source without its BOM; node ranges, `lines` and every offset a
 * codemod sees are in `text`. The engine puts the BOM back when it writes the result.
 */
export class SourceFile {
  readonly bom: boolean;
  readonly text: string;
  readonly root: SgNode;
  readonly lines: LineIndex;
  private detected: SourceStyle | undefined;

  constructor(
    readonly path: string,
    readonly language: Language,
    /** The file exactly as read. */
    readonly raw: string,
  ) {
    this.bom = raw.startsWith(BOM);
    this.text = this.bom ? raw.slice(1) : raw;
    this.root = parseSource(language, this.text).root();
    this.lines = new LineIndex(this.text);
  }

  /** How the file is written (detected on first use). */
  get style(): SourceStyle {
    this.detected ??= detectStyle(this.language, this.text, this.root, this.bom);
    return this.detected;
  }

  /** `[start, end)` of a node in `text`. */
  span(node: SgNode): { start: number; end: number } {
    const r = node.range();
    return { start: r.start.index, end: r.end.index };
  }

  /** The indentation of the line a node starts on. */
  indentAt(node: SgNode): string {
    return this.lines.indentOf(node.range().start.line);
  }
}

// Simple statements bound the "affected region" of a fix; compound ones are too wide.
const SIMPLE_STATEMENTS = new Set([
  'expression_statement',
  'lexical_declaration',
  'variable_declaration',
  'return_statement',
  'throw_statement',
  'export_statement',
  'local_variable_declaration',
  'field_declaration',
  'assert_statement',
  'yield_statement',
  // Go
  'short_var_declaration',
  'assignment_statement',
  'var_declaration',
  'const_declaration',
  'defer_statement',
  'go_statement',
  'send_statement',
  'inc_statement',
  'dec_statement',
]);

const COMPOUND =
  /^(if|for|for_in|while|do|try|with|switch|match|block|class|function|method|program|module|source_file|func_literal|expression_switch|type_switch|select)/;

/** The simple statement holding a node, or the node itself when it sits in a compound one. */
export const enclosingStatement = (node: SgNode): SgNode => {
  for (let n: SgNode | null = node; n; n = n.parent()) {
    if (SIMPLE_STATEMENTS.has(String(n.kind()))) return n;
    if (n !== node && COMPOUND.test(String(n.kind()))) return node;
  }
  return node;
};
