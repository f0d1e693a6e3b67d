import { named, within, type FlowLanguage, type Node } from './node.js';

// Java deserialization behind a look-ahead allow-list: an ObjectInputStream made in the method and
// given, before it reads, an ObjectInputFilter whose pattern refuses every class it does not name
// (`ObjectInputFilter.Config.createFilter("com.acme.model.*;!*")`, JEP 290), or a Commons IO
// ValidatingObjectInputStream told which classes to `accept` (none of them `*`). Either refuses a
// gadget class before its readObject runs, whatever the bytes hold. A filter built elsewhere, a
// pattern that ends with anything but `!*`, a stream made outside the method: not read.

const STREAMS = /^(ObjectInputStream|ValidatingObjectInputStream)$/;
const READS = /^(readObject|readUnshared)$/;

/** The string literal's text, or null. */
const stringOf = (n: Node | undefined): string | null => {
  if (n?.kind() !== 'string_literal') return null;
  return named(n)
    .filter((x) => x.kind() === 'string_fragment')
    .map((x) => x.text())
    .join('');
};

/** A JEP 290 pattern that refuses every class it does not name: its last part is `!*`. */
const refusesTheRest = (pattern: string): boolean => {
  // The JDK does not trim: `a.*; !*` is a pattern ` !*` that matches nothing.
  if (/\s/.test(pattern)) return false;
  const parts = pattern.split(';').filter(Boolean);
  return parts.length >= 2 && parts[parts.length - 1] === '!*' && !parts.slice(0, -1).includes('*');
};

/** `ObjectInputFilter.Config.createFilter("…;!*")` as written, or a name bound once to it. */
const allowListFilter = (arg: Node, scope: Node): boolean => {
  const made = (n: Node | null | undefined): boolean => {
    if (n?.kind() !== 'method_invocation') return false;
    if (!/^(ObjectInputFilter\.)?Config$/.test(n.field('object')?.text() ?? '')) return false;
    if (n.field('name')?.text() !== 'createFilter') return false;
    const p = stringOf(named(n.field('arguments') ?? n)[0]);
    return p !== null && refusesTheRest(p);
  };
  if (made(arg)) return true;
  if (arg.kind() !== 'identifier') return false;
  const bindings = scope
    .findAll({ rule: { kind: 'variable_declarator' } })
    .filter((d) => d.field('name')?.text() === arg.text());
  const assigned = scope
    .findAll({ rule: { kind: 'assignment_expression' } })
    .some((a) => a.field('left')?.text() === arg.text());
  return bindings.length === 1 && !assigned && made(bindings[0]!.field('value'));
};

/** The statement holding `n`, when it sits directly in a block that also holds `sink`. */
const runsBefore = (n: Node, sink: Node): boolean => {
  // The call is a statement of its own, directly in a block (not under a brace-less `if`, not
  // in a lambda), and that block holds the read.
  const statement = n.parent();
  const block = statement?.parent();
  return (
    statement?.kind() === 'expression_statement' &&
    block?.kind() === 'block' &&
    within(sink, block) &&
    n.range().end.index <= sink.range().start.index
  );
};

/**
 * Why the stream `sink` reads from refuses classes it does not allow, or null: the stream is a
 * local made in the method with `new`, configured before the read by statements that run
 * whenever the read does.
 */
export const objectInputFilter = (lang: FlowLanguage, sink: Node): string | null => {
  if (lang !== 'java' || sink.kind() !== 'method_invocation') return null;
  if (!READS.test(sink.field('name')?.text() ?? '')) return null;
  const stream = sink.field('object');
  if (stream?.kind() !== 'identifier') return null;
  let method: Node | null = sink.parent();
  while (method && !/^(method_declaration|constructor_declaration)$/.test(method.kind()))
    method = method.parent();
  if (!method) return null;
  const name = stream.text();
  // `ObjectInputStream in = new …;` or a try-with-resources `(ObjectInputStream in = new …)`.
  const decls = method
    .findAll({ rule: { any: [{ kind: 'variable_declarator' }, { kind: 'resource' }] } })
    .filter((d) => d.field('name')?.text() === name);
  const made = decls[0]?.field('value');
  if (
    decls.length !== 1 ||
    made?.kind() !== 'object_creation_expression' ||
    !STREAMS.test(made.field('type')?.text() ?? '')
  )
    return null;
  // Bound again, or handed on before the read: not the stream configured here.
  if (
    method
      .findAll({ rule: { kind: 'assignment_expression' } })
      .some((a) => a.field('left')?.text() === name)
  )
    return null;
  const calls = method
    .findAll({ rule: { kind: 'method_invocation' } })
    .filter(
      (c) =>
        c.field('object')?.text() === name &&
        c.range().start.index > made.range().end.index &&
        c.range().end.index <= sink.range().start.index,
    );
  const filter = calls.find(
    (c) =>
      c.field('name')?.text() === 'setObjectInputFilter' &&
      runsBefore(c, sink) &&
      allowListFilter(named(c.field('arguments') ?? c)[0] ?? c, method.parent() ?? method),
  );
  if (filter) return `${filter.text()}: a filter that refuses every class it does not name`;
  if (made.field('type')?.text() !== 'ValidatingObjectInputStream') return null;
  const accepts = calls.filter((c) => c.field('name')?.text() === 'accept');
  // Classes by name (`Settings.class`) or patterns (`"com.acme.model.*"`), never everything.
  const narrow = (a: Node) => {
    const p = stringOf(a);
    if (p !== null) return p.length > 0 && !/^[*.]*$/.test(p);
    return a.kind() === 'class_literal' && !/^(java\.lang\.)?Object\.class$/.test(a.text());
  };
  const allNarrow = accepts.every((c) => named(c.field('arguments') ?? c).every(narrow));
  if (!accepts.length || !allNarrow || !accepts.every((c) => runsBefore(c, sink))) return null;
  return `${accepts.map((c) => c.text()).join('; ')}: ValidatingObjectInputStream refuses every other class`;
};
