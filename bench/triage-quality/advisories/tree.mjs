// Lays out what the scanners and triage read for one advisory pair: the code files the fix
// changed, from both versions (with, unlabelled and not scanned, the rest of their folders and
// the files the fix added or removed: the checkout around them), each under an opaque folder (a
// hash of ecosystem, name and version: no name, version or advisory id in a path), with every
// comment blanked (replaced by spaces, line breaks kept, so lines and columns do not move) and
// Python docstrings emptied the same way: a fixed version's comments often say what was fixed;
// words that name an advisory left in code (error messages, a guard's name) are masked.
// Also returns the lines the fix changed on each side (from `diff -u`), which the labels are
// checked against.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { languageOf, parseSource } from '../../../packages/codemods/dist/index.js';
import { CONTEXT, TREE } from './paths.mjs';

const SKIP =
  /(^|\/)(node_modules|test|tests|__tests__|spec|testing|examples?|docs?|benchmarks?|dist|vendor|testdata)(\/|$)|[.-]min\.m?js$|\.d\.ts$|_test\.go$|(^|\/)test_[^/]*\.py$/;

export const caseId = (ecosystem, name, version) =>
  `p${createHash('sha256').update(`${ecosystem}\0${name}\0${version}`).digest('hex').slice(0, 10)}`;

const walk = (dir, base = dir) =>
  readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? walk(p, base) : [relative(base, p)];
  });

const COMMENTS = new Set(['comment', 'line_comment', 'block_comment', 'html_comment']);

/** The text with comments (and Python docstrings' contents) replaced by spaces. */
export const blankComments = (path, text) => {
  const language = languageOf(path);
  if (!language) return text;
  const root = parseSource(language, text).root();
  const spans = [];
  const visit = (node) => {
    if (COMMENTS.has(node.kind())) {
      spans.push([node.range().start.index, node.range().end.index]);
      return;
    }
    if (
      language === 'python' &&
      node.kind() === 'expression_statement' &&
      node.children().length === 1 &&
      node.children()[0].kind() === 'string'
    ) {
      const s = node.children()[0];
      const content = s.children().filter((c) => c.kind() === 'string_content');
      for (const c of content) spans.push([c.range().start.index, c.range().end.index]);
      return;
    }
    for (const c of node.children()) visit(c);
  };
  visit(root);
  // ast-grep reports UTF-16 indexes in napi (JavaScript string indexes).
  let out = '';
  let at = 0;
  for (const [s, e] of spans.sort((a, b) => a[0] - b[0])) {
    if (s < at) continue;
    out += text.slice(at, s) + text.slice(s, e).replace(/[^\n]/g, ' ');
    at = e;
  }
  return out + text.slice(at);
};

/**
 * Words that name an advisory or say what a fix was for. Packages' own code holds them outside
 * comments too: a fixed version's error message (`"path traversal detected"`), a guard's name
 * (`zipSlipProtect`), a list of patched CVE ids. check-leaks.mjs checks the set for them.
 */
export const ADVISORY_WORDS =
  /CVE-\d{4}-\d+|GHSA-[\w-]+|vulnerab\w*|exploit\w*|security (fix|issue)|zip ?slip|(command|code|shell) injection|path traversal/gi;

/**
 * The text with every advisory word's letters and digits replaced by `x` (same length, so lines
 * and columns do not move; the same word becomes the same mask in every file, so a name defined
 * in one module and used in another still matches).
 */
export const maskAdvisoryWords = (text) =>
  text.replace(ADVISORY_WORDS, (m) => m.replace(/[A-Za-z0-9]/g, 'x'));

/** The pair's two version strings replaced by same-length zeros (`1.12.1` → `0.00.0`). */
const maskVersions = (pair, text) =>
  [pair.vulnerable, pair.fixed].reduce(
    (t, v) => (/^\d+\.\d+/.test(v) ? t.replaceAll(v, v.replace(/\d/g, '0')) : t),
    text,
  );

/**
 * Changed line numbers on the old (`a`) and new (`b`) side of `diff -u a b`, white space and line
 * endings ignored: a release that re-indents a file or converts its line endings has not changed
 * every function in it.
 */
export const changedLines = (a, b) => {
  const d = spawnSync('diff', ['-u', '-w', '--strip-trailing-cr', a, b], {
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  }).stdout;
  const old = new Set();
  const neu = new Set();
  let o = 0;
  let n = 0;
  for (const line of d.split('\n')) {
    const h = /^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@/.exec(line);
    if (h) {
      o = Number(h[1]);
      n = Number(h[2]);
    } else if (line.startsWith('---') || line.startsWith('+++')) continue;
    // A line only added (or only removed) still touches the other side where it goes: the
    // line before it there counts as changed, so a fix that only inserts a guard changes the
    // vulnerable version's function around that place.
    else if (line.startsWith('-')) {
      if (n > 1) neu.add(n - 1);
      old.add(o++);
    } else if (line.startsWith('+')) {
      if (o > 1) old.add(o - 1);
      neu.add(n++);
    } else if (line.startsWith(' ')) {
      o++;
      n++;
    }
  }
  return { old, neu };
};

/**
 * Writes the changed code files of the pair into TREE/<ecosystem>/<case id>/ (blanked) and
 * returns `{ vulnerable, fixed, files: [{ path, changedOld, changedNew }] }`.
 */
export const layPair = (pair, dirs) => {
  const ids = {
    vulnerable: caseId(pair.ecosystem, pair.name, pair.vulnerable),
    fixed: caseId(pair.ecosystem, pair.name, pair.fixed),
  };
  const code = (dir) => new Set(walk(dir).filter((p) => languageOf(p) && !SKIP.test(p)));
  const a = code(dirs.vulnerable);
  const b = code(dirs.fixed);
  const files = [];
  for (const path of [...a].filter((p) => b.has(p)).sort()) {
    const ta = maskVersions(pair, readFileSync(join(dirs.vulnerable, path), 'utf8'));
    const tb = maskVersions(pair, readFileSync(join(dirs.fixed, path), 'utf8'));
    if (ta === tb) continue;
    const { old, neu } = changedLines(join(dirs.vulnerable, path), join(dirs.fixed, path));
    if (old.size + neu.size === 0) continue;
    for (const [side, text] of [
      ['vulnerable', ta],
      ['fixed', tb],
    ]) {
      const to = join(TREE, pair.ecosystem, ids[side], path);
      mkdirSync(dirname(to), { recursive: true });
      writeFileSync(to, maskAdvisoryWords(blankComments(path, text)));
    }
    files.push({ path, changedOld: old, changedNew: neu });
  }
  // Context, not labelled: what triage reads in a checkout beside the changed files (a guard is
  // often a helper imported from a sibling module, or from a module the fix added). The other
  // code files of a changed file's folder go into TREE for Go (gosec type-checks whole packages)
  // and into CONTEXT, which no scanner reads, for JavaScript and Python (the modules their
  // relative imports name); the files the fix added or removed go into CONTEXT. Blanked the same
  // way; nothing in them is labelled.
  const changedPaths = new Set(files.map((f) => f.path));
  const dirsChanged = new Set(files.map((f) => dirname(f.path)));
  const siblings = pair.ecosystem !== 'maven';
  for (const [side, set, other] of [
    ['vulnerable', a, b],
    ['fixed', b, a],
  ])
    for (const path of set) {
      if (changedPaths.has(path)) continue;
      const sibling = siblings && dirsChanged.has(dirname(path));
      const added = files.length > 0 && !other.has(path);
      if (!sibling && !added) continue;
      const to = join(
        sibling && pair.ecosystem === 'go' ? TREE : CONTEXT,
        pair.ecosystem,
        ids[side],
        path,
      );
      mkdirSync(dirname(to), { recursive: true });
      writeFileSync(
        to,
        maskAdvisoryWords(
          blankComments(path, maskVersions(pair, readFileSync(join(dirs[side], path), 'utf8'))),
        ),
      );
    }
  return { ...ids, files };
};
