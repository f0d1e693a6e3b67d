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

/** True when `inner` lies within `outer`. */
export const within = (inner: Node, outer: Node): boolean => {
  const a = inner.range();
  const b = outer.range();
  return a.start.index >= b.start.index && a.end.index <= b.end.index;
};
