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
    const checked = checkedLoop(root, loop, archive);
    if (checked) return { ...checked, path: [...checked.path, sinkStep] };
  }
  // `validate(tar, dest)` run before it, or `members=only_safe(tar, dest)`: a function of the
  // file handed the archive, whose own loop over it raises on a member outside the folder.
  const handed = [
    ...before(sink).map((st) => (st.kind() === 'expression_statement' ? named(st)[0] : null)),
    ...named(sink.field('arguments') ?? sink)
      .filter((a) => a.kind() === 'keyword_argument' && a.field('name')?.text() === 'members')
      .map((a) => a.field('value')),
  ];
  for (const call of handed) {
    if (!call || call.kind() !== 'call' || reboundBetween(scopeOf(sink), archive, call, sink))
      continue;
    const checked = checkedInHelper(root, call, archive);
    if (checked) return { ...checked, path: [...checked.path, sinkStep] };
  }
  return null;
};

const EVERY_MEMBER =
  'every member of the archive is checked to stay under the destination before it is extracted';

/**
 * A loop over every member of `archive` (`for m in tar:`, `for m in tar.getmembers():`) that
 * raises on a member outside the folder, in its own body or in a function of the file it hands
 * the member to (one level): the verdict without the sink's step, or null.
 */
const checkedLoop = (
  root: Node,
  loop: Node,
  archive: string,
): (Omit<FlowResult, 'path'> & { path: FlowResult['path'] }) | null => {
  const over = loop.field('right');
  const m = over ? calleeOf(over) : null;
  const overArchive =
    over?.text() === archive || (m && MEMBERS.test(m.name) && m.receiver?.text() === archive);
  if (!over || !overArchive) return null;
  // A loop that can stop early has not seen every member.
  if (
    loop.findAll({ rule: { any: [{ kind: 'break_statement' }, { kind: 'return_statement' }] } })
      .length
  )
    return null;
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
  const check = refusingCheck(root, loop, names) ?? memberHandedOn(root, loop, names);
  if (!check) return null;
  return {
    outcome: 'no-source',
    sanitized: true,
    reason: EVERY_MEMBER,
    path: [
      step(lineOf(loop), 'branch', `${over.text()}: every member`),
      step(lineOf(check), 'sanitizer', `${check.field('condition')!.text()} raises`),
    ],
  };
};

/**
 * `self.check_member(member, dest)` as a statement of the loop's own body (so run for every
 * member): the refusing check in that function's body, on the parameter the member is passed as.
 */
const memberHandedOn = (root: Node, loop: Node, names: Set<string>): Node | null => {
  const body = loop.field('body');
  for (const st of body ? named(body) : []) {
    const call = st.kind() === 'expression_statement' ? named(st)[0] : null;
    if (call?.kind() !== 'call') continue;
    const target = calledFunction(root, call);
    if (!target) continue;
    const index = argsOf(call).findIndex((a) => names.has(a.text()));
    const param = index < 0 ? undefined : target.params[index];
    const fnBody = target.fn.field('body');
    if (!param || !fnBody) continue;
    const derived = new Set([param]);
    for (const a of fnBody.findAll({ rule: { kind: 'assignment' } })) {
      const left = a.field('left');
      if (
        left?.kind() === 'identifier' &&
        a
          .field('right')
          ?.findAll({ rule: { kind: 'identifier' } })
          .some((i) => derived.has(i.text()))
      )
        derived.add(left.text());
    }
    // Only checks among the function's own statements: each runs whenever it does.
    for (const inner of named(fnBody)) {
      if (inner.kind() !== 'if_statement') continue;
      const found = refusingCheck(root, inner, derived);
      if (found && sameStart(found, inner)) return found;
    }
  }
  return null;
};

/** The positional arguments of a Python call. */
const argsOf = (call: Node): Node[] =>
  named(call.field('arguments') ?? call).filter(
    (a) => a.kind() !== 'keyword_argument' && a.kind() !== 'comment',
  );

const sameStart = (a: Node, b: Node): boolean => a.range().start.index === b.range().start.index;

/**
 * The function of the file a call runs (`check(…)`, `self.check(…)`) and its parameters in the
 * order the call's positional arguments fill them (`self` skipped for a method called on it).
 */
const calledFunction = (root: Node, call: Node): { fn: Node; params: string[] } | null => {
  const callee = call.field('function')?.text() ?? '';
  const m = /^(?:(self|cls)\.)?(\w+)$/.exec(callee);
  if (!m) return null;
  const fn = root
    .findAll({ rule: { kind: 'function_definition' } })
    .find((f) => f.field('name')?.text() === m[2]);
  if (!fn) return null;
  const params = named(fn.field('parameters') ?? fn)
    .map((p) => (p.kind() === 'identifier' ? p : (p.field('name') ?? named(p)[0] ?? null)))
    .map((p) => p?.text() ?? '');
  return { fn, params: m[1] && params[0] === m[1] ? params.slice(1) : params };
};

/** The archive handed to a function of the file whose loop over it checks every member. */
const checkedInHelper = (root: Node, call: Node, archive: string) => {
  const target = calledFunction(root, call);
  if (!target) return null;
  const index = argsOf(call).findIndex((a) => a.text() === archive);
  const param = index < 0 ? undefined : target.params[index];
  const body = target.fn.field('body');
  if (!param || !body) return null;
  // The loop must be one of the function's own statements (it runs whenever the function does).
  for (const loop of named(body)) {
    if (loop.kind() !== 'for_statement') continue;
    const checked = checkedLoop(root, loop, param);
    if (checked)
      return {
        ...checked,
        path: [
          step(lineOf(call), 'call', `${call.text().split('\n')[0]} (checks the archive)`),
          ...checked.path,
        ],
      };
  }
  return null;
};

/**
 * The statements that run before `n` on every path to it: those before it in each block around
 * it, up to its function (a statement nested in an earlier branch or loop is not among them).
 */
const before = (n: Node): Node[] => {
  const out: Node[] = [];
  for (let cur: Node | null = n; cur && cur.kind() !== 'function_definition'; cur = cur.parent()) {
    const parent = cur.parent();
    if (parent?.kind() !== 'block') continue;
    const start = cur.range().start.index;
    out.push(...named(parent).filter((st) => st.range().end.index <= start));
  }
  return out;
};

/** The archive's name is bound again (`tar = …`, `as tar`) between `from` and `to`. */
const reboundBetween = (scope: Node, archive: string, from: Node, to: Node): boolean => {
  const a = from.range().end.index;
  const b = to.range().start.index;
  return scope
    .findAll({
      rule: { any: [{ kind: 'assignment' }, { kind: 'as_pattern' }, { kind: 'for_statement' }] },
    })
    .some((x) => {
      const at = x.range().start.index;
      if (at < a || at > b) return false;
      const bound = x.kind() === 'as_pattern' ? named(x).at(-1) : x.field('left');
      return bound?.text() === archive;
    });
};
