import type { FlowResult } from './index.js';
import { calleeOf } from './interpret.js';
import { lineOf, named, type Node } from './node.js';
import { step } from './value.js';

// Python archive extraction (`tar.extractall(dest)`, `zf.extract(member, dest)`): what escapes the
// destination is a member's name, which the archive decides, not the destination the code passes.
// The extraction is safe when every member is checked to stay under the destination before it
// (a loop over the members that raises on one outside it: the pattern of CVE-2007-4559 fixes),
// in the function itself or in a function of the file handed the archive (a validator run before,
// or the `members=` filter), or when the tar data filter refuses such members (`filter='data'`,
// Python 3.12). Every part of that must hold on every path: the loop runs before the extraction
// whatever branch is taken, sees every member (no `break`, `continue` or `return`), and raises
// from one of its own statements on the member's own name, normalised, whatever else holds.

const EXTRACT = /^(extractall|extract)$/;
/** Calls listing the members (`TarInfo`, `ZipInfo`) or only their names. */
const MEMBERS = /^(getmembers|infolist)$/;
const NAMES = /^(namelist|getnames)$/;
/** What a check that a path stays under a folder calls or compares. */
const CONTAINMENT =
  /\b(commonprefix|commonpath|startswith|is_relative_to|relative_to)\b|['"]\.\.['"/\\]/;
/** A normalisation a containment check needs first (else `dest/../x` passes a prefix test). */
const NORMALISED = /\b(realpath|abspath|normpath|resolve)\b|['"]\.\.['"/\\]/;

const EVERY_MEMBER =
  'every member of the archive is checked to stay under the destination before it is extracted';

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

/** `(x)` → x, `not x` → x. */
const bare = (n: Node): Node => {
  const k = n.kind();
  if (k === 'parenthesized_expression' || k === 'not_operator') {
    const inner = named(n).at(-1);
    return inner ? bare(inner) : n;
  }
  return n;
};

/** The statements of a block (`body:` of a loop, function or branch). */
const statements = (block: Node | null): Node[] =>
  block ? named(block).filter((s) => s.kind() !== 'comment') : [];

/** A `break`, `continue` or `return` anywhere in `n` (one in a nested function counts too). */
const exitsEarly = (n: Node): boolean =>
  n.findAll({
    rule: {
      any: [
        { kind: 'break_statement' },
        { kind: 'continue_statement' },
        { kind: 'return_statement' },
      ],
    },
  }).length > 0;

/**
 * The variables holding the member's name (`m.name`, `info.filename`, the name itself when the
 * loop is over names) and what the body derives from them before `upTo` (`target =
 * os.path.realpath(os.path.join(dest, m.name))`).
 */
const nameHolders = (
  body: Node[],
  member: string,
  namesOnly: boolean,
  upTo: number,
): { names: Set<string>; text: string } => {
  const names = new Set<string>(namesOnly ? [member] : []);
  const own = new RegExp(`\\b${member}\\.(name|filename|path)\\b`);
  const reads = (n: Node) =>
    own.test(n.text()) ||
    n.findAll({ rule: { kind: 'identifier' } }).some((i) => names.has(i.text()));
  let text = '';
  for (const st of body) {
    if (st.range().start.index >= upTo) break;
    const a = st.kind() === 'expression_statement' ? named(st)[0] : null;
    const left = a?.kind() === 'assignment' ? a.field('left') : null;
    const right = a?.kind() === 'assignment' ? a.field('right') : null;
    if (left?.kind() === 'identifier' && right && reads(right)) {
      names.add(left.text());
      text += `\n${right.text()}`;
    }
  }
  return { names, text };
};

/**
 * `if …: raise` among `body`'s own statements whose condition reads the member's name (one of
 * `names`, or `member.name` itself), checks containment of a normalised path, and raises whatever
 * else holds (its top level is no `and` of another condition).
 */
const refusingCheck = (
  root: Node,
  body: Node[],
  member: string,
  namesOnly: boolean,
): Node | null => {
  for (const st of body) {
    if (st.kind() !== 'if_statement') {
      // Whatever runs before the check must let every member reach it.
      if (exitsEarly(st)) return null;
      continue;
    }
    const cond = st.field('condition');
    const then = st.field('consequence');
    if (cond && then && statements(then).some((x) => x.kind() === 'raise_statement')) {
      const { names, text } = nameHolders(body, member, namesOnly, st.range().start.index);
      const top = bare(cond);
      const gated = top.kind() === 'boolean_operator' && operatorOf(top) === 'and';
      const readsName =
        new RegExp(`\\b${member}\\.(name|filename|path)\\b`).test(cond.text()) ||
        cond.findAll({ rule: { kind: 'identifier' } }).some((i) => names.has(i.text()));
      const checked = checkText(root, cond);
      if (!gated && readsName && CONTAINMENT.test(checked) && NORMALISED.test(`${checked}${text}`))
        return st;
    }
    if (exitsEarly(st)) return null;
  }
  return null;
};

/** The operator of a Python boolean operation (`and`, `or`). */
const operatorOf = (n: Node): string =>
  n
    .children()
    .filter((c) => !c.isNamed())
    .map((c) => c.text())
    .join(' ');

/** The archive iterated: `for m in tar`, `for m in tar.getmembers()`, `for n in zf.namelist()`. */
const iterated = (loop: Node, archive: string): { namesOnly: boolean } | null => {
  const right = loop.field('right');
  if (!right) return null;
  if (right.text() === archive) return { namesOnly: false };
  // `names = zf.namelist()` / `members = tar.getmembers()` bound once, then looped over.
  const over = right.kind() === 'identifier' ? listedIn(loop, right.text()) : right;
  if (!over) return null;
  const m = calleeOf(over);
  if (!m || m.receiver?.text() !== archive) return null;
  if (MEMBERS.test(m.name)) return { namesOnly: false };
  if (NAMES.test(m.name)) return { namesOnly: true };
  return null;
};

/** The one value a name is bound to in the function around `at` (`names = zf.namelist()`). */
const listedIn = (at: Node, name: string): Node | null => {
  const scope = scopeOf(at);
  if (!boundOnce(scope, name)) return null;
  const bound = scope
    .findAll({ rule: { kind: 'assignment' } })
    .find((a) => a.field('left')?.text() === name && a.range().end.index <= at.range().start.index);
  return bound?.field('right') ?? null;
};

/**
 * A loop over every member of `archive` that raises on a member outside the folder, from its own
 * statements or from a function of the file each member is handed to as one of them: the steps
 * that show it, or null.
 */
const checkedLoop = (root: Node, loop: Node, archive: string): FlowResult['path'] | null => {
  const over = iterated(loop, archive);
  const member = loop.field('left');
  if (!over || member?.kind() !== 'identifier') return null;
  const body = statements(loop.field('body'));
  const check =
    refusingCheck(root, body, member.text(), over.namesOnly) ??
    memberHandedOn(root, loop, body, member.text(), over.namesOnly);
  if (!check) return null;
  return [
    step(lineOf(loop), 'branch', `${loop.field('right')!.text()}: every member`),
    step(lineOf(check), 'sanitizer', `${check.field('condition')!.text()} raises`),
  ];
};

/**
 * `self.check_member(member, dest)` as a statement of the loop's body, before anything that can
 * skip a member: the refusing check among that function's own statements, on the parameter the
 * member is passed as.
 */
const memberHandedOn = (
  root: Node,
  loop: Node,
  body: Node[],
  member: string,
  namesOnly: boolean,
): Node | null => {
  for (const st of body) {
    const call = st.kind() === 'expression_statement' ? named(st)[0] : null;
    const target = call?.kind() === 'call' ? calledFunction(root, call) : null;
    const index = call && target ? argsOf(call).findIndex((a) => a.text() === member) : -1;
    const param = target && index >= 0 ? target.params[index] : undefined;
    if (target && param) {
      const found = refusingCheck(root, statements(target.fn.field('body')), param, namesOnly);
      if (found) return found;
    }
    if (exitsEarly(st)) return null;
  }
  return null;
};

/** The positional arguments of a Python call. */
const argsOf = (call: Node): Node[] =>
  named(call.field('arguments') ?? call).filter(
    (a) => a.kind() !== 'keyword_argument' && a.kind() !== 'comment',
  );

/** The class a node is defined in, or null. */
const classOf = (n: Node): Node | null => {
  for (let cur = n.parent(); cur; cur = cur.parent())
    if (cur.kind() === 'class_definition') return cur;
  return null;
};

/** A function whose body runs when it is called as a statement (not a generator or coroutine). */
const runsWhenCalled = (fn: Node): boolean =>
  !/^async\b/.test(fn.text()) && fn.findAll({ rule: { kind: 'yield' } }).length === 0;

/**
 * The function a call runs: `check(…)` a function of the module, `self.check(…)` a method of the
 * caller's own class; its parameters in the order the call's positional arguments fill them.
 */
const calledFunction = (root: Node, call: Node): { fn: Node; params: string[] } | null => {
  const callee = call.field('function')?.text() ?? '';
  const m = /^(?:(self|cls)\.)?(\w+)$/.exec(callee);
  if (!m) return null;
  const owner = m[1] ? classOf(call) : root;
  const body = m[1] ? owner?.field('body') : root;
  const found = statements(body ?? null)
    .map((s) => (s.kind() === 'decorated_definition' ? s.field('definition') : s))
    .filter((f): f is Node => f?.kind() === 'function_definition')
    .filter((f) => f.field('name')?.text() === m[2]);
  const fn = found.length === 1 ? found[0]! : null;
  if (!fn || !runsWhenCalled(fn)) return null;
  const params = named(fn.field('parameters') ?? fn)
    .map((p) => (p.kind() === 'identifier' ? p : (p.field('name') ?? named(p)[0] ?? null)))
    .map((p) => p?.text() ?? '');
  return { fn, params: m[1] && params[0] === m[1] ? params.slice(1) : params };
};

/**
 * The archive handed to a function of the file whose own loop over it checks every member, that
 * loop being one of its top-level statements with nothing before it that can return.
 */
const checkedInHelper = (root: Node, call: Node, archive: string): FlowResult['path'] | null => {
  const target = calledFunction(root, call);
  if (!target) return null;
  const index = argsOf(call).findIndex((a) => a.text() === archive);
  const param = index < 0 ? undefined : target.params[index];
  if (!param) return null;
  for (const st of statements(target.fn.field('body'))) {
    if (st.kind() === 'for_statement') {
      const checked = checkedLoop(root, st, param);
      if (checked)
        return [
          step(lineOf(call), 'call', `${call.text().split('\n')[0]} (checks the archive)`),
          ...checked,
        ];
    }
    if (exitsEarly(st)) return null;
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
    if (parent?.kind() !== 'block' && parent?.kind() !== 'module') continue;
    const start = cur.range().start.index;
    out.push(...named(parent).filter((st) => st.range().end.index <= start));
  }
  return out;
};

/** The function (or module) around `n`. */
const scopeOf = (n: Node): Node => {
  let cur = n.parent();
  while (cur?.parent() && cur.kind() !== 'function_definition') cur = cur.parent();
  return cur ?? n;
};

/**
 * The archive's name is bound once in its function (a parameter, `with … as tar`, `tar = …`):
 * a name bound again anywhere (a tuple, a walrus, a loop's next pass) may be another archive
 * when it is extracted than when it was checked.
 */
const boundOnce = (scope: Node, archive: string): boolean => {
  let bindings = 0;
  const targets = scope.findAll({
    rule: {
      any: [
        { kind: 'assignment' },
        { kind: 'augmented_assignment' },
        { kind: 'named_expression' },
        { kind: 'as_pattern' },
        { kind: 'for_statement' },
        { kind: 'for_in_clause' },
        { kind: 'parameters' },
      ],
    },
  });
  for (const t of targets) {
    const bound =
      t.kind() === 'as_pattern'
        ? named(t).slice(1)
        : t.kind() === 'parameters'
          ? [t]
          : [t.field('left') ?? t.field('name') ?? named(t)[0] ?? null];
    for (const b of bound) {
      if (!b) continue;
      const ids = b.kind() === 'identifier' ? [b] : b.findAll({ rule: { kind: 'identifier' } });
      // A parameter's default or annotation is not a binding of the name.
      const names =
        t.kind() === 'parameters'
          ? named(b).map((p) => (p.kind() === 'identifier' ? p : (p.field('name') ?? named(p)[0])))
          : ids;
      bindings += names.filter((i) => i?.text() === archive).length;
    }
  }
  return bindings <= 1;
};

/**
 * The verdict on a Python extraction call by its members: sanitized when the data filter is on
 * or the archive's members are all checked before it (above); null (judged as any file sink)
 * otherwise.
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
  if (!/^\w+$/.test(archive) || !boundOnce(scopeOf(sink), archive)) return null;
  const sanitized = (path: FlowResult['path']): FlowResult => ({
    outcome: 'no-source',
    sanitized: true,
    reason: EVERY_MEMBER,
    path: [...path, sinkStep],
  });
  const earlier = before(sink);
  // A loop over the members among the statements that run before it on every path.
  for (const st of earlier) {
    const checked = st.kind() === 'for_statement' ? checkedLoop(root, st, archive) : null;
    if (checked) return sanitized(checked);
  }
  // `validate(tar, dest)` run before it, or `members=only_safe(tar, dest)`.
  const handed = [
    ...earlier.map((st) => (st.kind() === 'expression_statement' ? named(st)[0] : null)),
    ...named(sink.field('arguments') ?? sink)
      .filter((a) => a.kind() === 'keyword_argument' && a.field('name')?.text() === 'members')
      .map((a) => a.field('value')),
  ];
  for (const call of handed) {
    const checked = call?.kind() === 'call' ? checkedInHelper(root, call, archive) : null;
    if (checked) return sanitized(checked);
  }
  return null;
};
