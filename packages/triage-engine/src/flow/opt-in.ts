import { lineOf, named, within, type FlowLanguage, type Node } from './node.js';

// A dangerous operation behind an explicit opt-in (Python): the function raises, before the sink,
// unless a parameter that defaults to False is true (`allow_dangerous_deserialization: bool =
// False` … `if not allow_dangerous_deserialization: raise ValueError(…)`) or unless the
// environment says so (`if not strtobool(os.environ.get("TRUST_REMOTE_CODE", "False")): raise`).
// The sink runs only for a caller or an operator who asked for it in so many words: what it
// reads is then theirs to trust. Read for deserialization and code execution, the operations
// libraries put behind such flags.

const OPT_IN_CLASSES = new Set(['deserialization', 'code-injection']);

/** The parameters of `fn` that default to False. */
const offByDefault = (fn: Node): Set<string> =>
  new Set(
    named(fn.field('parameters') ?? fn)
      .filter(
        (p) =>
          /^(default_parameter|typed_default_parameter)$/.test(p.kind()) &&
          p.field('value')?.text() === 'False',
      )
      .map((p) => p.field('name')?.text() ?? ''),
  );

/** What a condition `not X` asks for, when X is such a parameter or the environment. */
const optedOut = (cond: Node, flags: Set<string>): string | null => {
  let c: Node | null = cond;
  while (c?.kind() === 'parenthesized_expression') c = named(c)[0] ?? null;
  if (c?.kind() !== 'not_operator') return null;
  const x = c.field('argument') ?? named(c)[0];
  if (!x) return null;
  if (x.kind() === 'identifier' && flags.has(x.text())) return `${x.text()}=True`;
  // The environment, read as a yes/no switch (not a setting that merely has to be present).
  if (
    /\bos\.(environ|getenv)\b/.test(x.text()) &&
    /\bstrtobool\s*\(|\bbool\s*\(|\.lower\(\)\s*(==|in)|==\s*["'](1|true|yes|on)["']/i.test(
      x.text(),
    )
  )
    return `the environment (${x.text()})`;
  return null;
};

/** Why the sink runs only on an explicit opt-in (for the evidence), with the gate's line. */
export const optInGate = (
  lang: FlowLanguage,
  cls: string,
  sink: Node,
): { reason: string; line: number; code: string } | null => {
  if (lang !== 'python' || !OPT_IN_CLASSES.has(cls)) return null;
  let fn: Node | null = sink.parent();
  while (fn && fn.kind() !== 'function_definition') fn = fn.parent();
  const body = fn?.field('body');
  if (!fn || !body) return null;
  const flags = offByDefault(fn);
  for (const st of named(body)) {
    if (within(sink, st)) break;
    if (st.kind() !== 'if_statement' || st.field('alternative')) continue;
    const block = st.field('consequence');
    const last = block ? named(block).at(-1) : null;
    if (last?.kind() !== 'raise_statement') continue;
    const what = optedOut(st.field('condition')!, flags);
    if (what)
      return {
        reason: `the function raises before the sink unless the caller opts in with ${what}: it runs only on data its caller chose to trust`,
        line: lineOf(st),
        code: st.field('condition')!.text(),
      };
  }
  return null;
};
