import type { FlowResult } from './index.js';
import { calleeOf } from './interpret.js';
import { lineOf, named, within, type Node } from './node.js';
import { step } from './value.js';

// Python archive extraction (`tar.extractall(dest)`, `zf.extract(member, dest)`): what escapes the
// destination is a member's name, which the archive decides, not the destination the code passes.
// The extraction is safe when every member is checked to stay under the destination before it
// (a loop over the members that raises on one outside it: the pattern of CVE-2007-4559 fixes), or
// when the tar data filter refuses such members (`filter='data'`, Python 3.12).

const EXTRACT = /^(extractall|extract)$/;
const MEMBERS = /^(getmembers|infolist|namelist)$/;
/** What a check that a path stays under a folder calls or compares. */
const CONTAINMENT =
  /\b(commonprefix|commonpath|startswith|is_relative_to|relative_to|realpath|abspath|normpath|resolve)\b|['"]\.\.['"/\\]/;

/** The function or module enclosing `n`. */
const scopeOf = (n: Node): Node => {
  let cur = n.parent();
  while (cur?.parent() && cur.kind() !== 'function_definition') cur = cur.parent();
  return cur ?? n;
};

/** The text of `cond` with the bodies of the same-file functions it calls (one level). */
const checkText = (root: Node, cond: Node): string => {
  const called = new Set(
    cond
      .findAll({ rule: { kind: 'call' } })
      .map((c) => c.field('function')?.text() ?? '')
      .filter((t) => /^[\w]+$/.test(t)),
  );
  const bodies = root
    .findAll({ rule: { kind: 'function_definition' } })
    .filter((f) => called.has(f.field('name')?.text() ?? ''))
    .map((f) => f.text());
  return [cond.text(), ...bodies].join('\n');
};

/** `if …: raise` inside `loop` whose condition reads `names` and checks containment. */
const refusingCheck = (root: Node, loop: Node, names: Set<string>): Node | null => {
  for (const st of loop.findAll({ rule: { kind: 'if_statement' } })) {
    const cond = st.field('condition');
    const then = st.field('consequence');
    if (!cond || !then) continue;
    if (!named(then).some((x) => x.kind() === 'raise_statement')) continue;
    const reads = cond.findAll({ rule: { kind: 'identifier' } }).some((i) => names.has(i.text()));
    if (reads && CONTAINMENT.test(checkText(root, cond))) return st;
  }
  return null;
};

/**
 * The verdict on a Python extraction call by its members: sanitized when the data filter is on
 * or a loop over the same archive's members before it raises on a member outside the folder;
 * null (judged as any file sink) otherwise.
 */
export const archiveExtraction = (root: Node, sink: Node): FlowResult | null => {
  const c = calleeOf(sink);
  if (!c || !EXTRACT.test(c.name) || !c.receiver) return null;
  const sinkStep = step(lineOf(sink), 'sink', sink.text());
  const filter = named(sink.field('arguments') ?? sink).find(
    (a) => a.kind() === 'keyword_argument' && a.field('name')?.text() === 'filter',
  );
  const value = filter?.field('value')?.text() ?? '';
  if (/^(['"](data|tar)['"]|tarfile\.(data|tar)_filter)$/.test(value))
    return {
      outcome: 'no-source',
      sanitized: true,
      reason: `the ${value} extraction filter refuses members that would land outside the destination`,
      path: [step(lineOf(filter!), 'sanitizer', filter!.text()), sinkStep],
    };
  const archive = c.receiver.text();
  const end = sink.range().start.index;
  for (const loop of scopeOf(sink).findAll({ rule: { kind: 'for_statement' } })) {
    if (loop.range().end.index > end || within(sink, loop)) continue;
    const over = loop.field('right');
    const m = over ? calleeOf(over) : null;
    if (!m || !MEMBERS.test(m.name) || m.receiver?.text() !== archive) continue;
    // The loop variable and what the loop derives from it (`target = os.path.join(dest, m.name)`).
    const names = new Set(
      (loop.field('left')?.findAll({ rule: { kind: 'identifier' } }) ?? []).map((i) => i.text()),
    );
    for (const a of loop.findAll({ rule: { kind: 'assignment' } })) {
      const right = a.field('right');
      const left = a.field('left');
      if (
        left?.kind() === 'identifier' &&
        right?.findAll({ rule: { kind: 'identifier' } }).some((i) => names.has(i.text()))
      )
        names.add(left.text());
    }
    const check = refusingCheck(root, loop, names);
    if (!check) continue;
    return {
      outcome: 'no-source',
      sanitized: true,
      reason:
        'every member of the archive is checked to stay under the destination before it is extracted',
      path: [
        step(lineOf(loop), 'branch', `${over!.text()}: every member`),
        step(lineOf(check), 'sanitizer', `${check.field('condition')!.text()} raises`),
        sinkStep,
      ],
    };
  }
  return null;
};
