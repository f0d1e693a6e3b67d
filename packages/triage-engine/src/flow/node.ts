import { parseSource } from '@remediation/codemods';
import { LRUCache } from 'lru-cache';

/** The part of an ast-grep (tree-sitter) node the flow reconstruction reads. */
export interface Node {
  kind(): string;
  text(): string;
  children(): Node[];
  field(name: string): Node | null;
  fieldChildren(name: string): Node[];
  parent(): Node | null;
  isNamed(): boolean;
  findAll(matcher: { rule: { kind?: string; any?: { kind: string }[] } }): Node[];
  range(): {
    start: { line: number; column: number; index: number };
    end: { line: number; index: number };
  };
}

/** Languages the flow reconstruction reads. */
export type FlowLanguage = 'python' | 'javascript' | 'typescript' | 'tsx' | 'java' | 'go';

const EXTENSIONS: Record<string, FlowLanguage> = {
  py: 'python',
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  jsx: 'javascript',
  ts: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  tsx: 'tsx',
  java: 'java',
  go: 'go',
};

/** The flow language of a path, or null. */
export const flowLanguageOf = (path: string): FlowLanguage | null => {
  const dot = path.lastIndexOf('.');
  if (dot < 0 || dot < path.lastIndexOf('/')) return null;
  return EXTENSIONS[path.slice(dot + 1).toLowerCase()] ?? null;
};

/**
 * Parsed files by path, kept while the text is the same: a scan's findings share few files and
 * parsing dominates the reconstruction's cost.
 */
const PARSED = new LRUCache<string, { text: string; root: Node }>({
  max: 2048,
  // The trees live in native memory, several times the text: at most 16 Mi characters of text.
  maxSize: 16 * 1024 * 1024,
  sizeCalculation: (entry) => Math.max(1, entry.text.length),
});

/** The syntax tree of `text`, parsed once per path and text. */
export const parsed = (path: string, language: FlowLanguage, text: string): Node => {
  const hit = PARSED.get(path);
  if (hit?.text === text) return hit.root;
  const root = parseSource(language, text).root() as unknown as Node;
  PARSED.set(path, { text, root });
  return root;
};

/** 1-based line of a node's start. */
export const lineOf = (n: Node): number => n.range().start.line + 1;

/** The named children of a node. */
export const named = (n: Node): Node[] => n.children().filter((c) => c.isNamed());

/** The named nodes under `n`, in source order (each before what it holds). */
export const descendants = (n: Node): Node[] => named(n).flatMap((c) => [c, ...descendants(c)]);

/** True when `inner` lies within `outer`. */
export const within = (inner: Node, outer: Node): boolean => {
  const a = inner.range();
  const b = outer.range();
  return a.start.index >= b.start.index && a.end.index <= b.end.index;
};

/** True when two nodes cover the same text. */
export const sameRange = (a: Node, b: Node): boolean =>
  a.range().start.index === b.range().start.index && a.range().end.index === b.range().end.index;

/**
 * The name a call's value is assigned to (`v = call`, `const v = call`, Go's `v, err := call`,
 * Python's `with call as v`), or null.
 */
export const assignedTo = (n: Node): string | null => {
  let x = n;
  while (
    x.parent() &&
    /^(parenthesized_expression|await_expression|await)$/.test(x.parent()!.kind())
  )
    x = x.parent()!;
  const p = x.parent();
  if (!p) return null;
  if (p.kind() === 'variable_declarator' && p.field('value') && sameRange(p.field('value')!, x))
    return p.field('name')?.kind() === 'identifier' ? p.field('name')!.text() : null;
  if (
    (p.kind() === 'assignment_expression' || p.kind() === 'assignment') &&
    p.field('right') &&
    sameRange(p.field('right')!, x)
  )
    return p.field('left')?.kind() === 'identifier' ? p.field('left')!.text() : null;
  if (p.kind() === 'as_pattern') {
    const target = p.field('alias') ?? named(p).find((c) => c.kind() === 'as_pattern_target');
    const id = target ? (target.kind() === 'identifier' ? target : named(target)[0]) : null;
    return id?.kind() === 'identifier' ? id.text() : null;
  }
  if (p.kind() === 'expression_list') {
    const st = p.parent();
    if (st && (st.kind() === 'short_var_declaration' || st.kind() === 'assignment_statement')) {
      const left = st.field('left');
      const i = named(p).findIndex((c) => sameRange(c, x));
      const target = left ? named(left)[i] : undefined;
      return target?.kind() === 'identifier' && target.text() !== '_' ? target.text() : null;
    }
  }
  return null;
};

/** The nodes enclosing `n`, innermost first. */
export const ancestors = (n: Node): Node[] => {
  const out: Node[] = [];
  for (let p = n.parent(); p; p = p.parent()) out.push(p);
  return out;
};
