import { calleeOf } from './interpret.js';
import { named, type FlowLanguage, type Node } from './node.js';
import { keyword, propertyOf, shellArgv, stringValue } from './stdin.js';

/**
 * A command run from an argument vector, without a shell, whose every value not written in the
 * code comes after a literal `--`: `subprocess.run(["git", "ls-remote", "--", url])`,
 * `exec.Command("hg", "clone", "--", src, dst)`, `spawn('git', ['clone', '--', url])`,
 * `new ProcessBuilder("git", "fetch", "--", remote)`. No shell parses the words, the program is
 * a constant, and after the end of its options it reads the rest as operands, never as options
 * (`--upload-pack=…`, `--config=…`): the argument injection such commands are reported for
 * cannot happen. A value before the `--` (a splat too), a program chosen at run time or a shell
 * keeps the finding to the flow.
 */

const literal = (n: Node | undefined): string | null =>
  !n
    ? null
    : n.kind() === 'string_literal'
      ? (/^"([^"\\]*)"$/.exec(n.text())?.[1] ?? null)
      : stringValue(n);

/** The words of the command as written, or null when it is not a literal argument vector. */
const argvOf = (lang: FlowLanguage, sink: Node): Node[] | null => {
  const c = calleeOf(sink);
  if (!c) return null;
  if (lang === 'python') {
    const all = named(sink.field('arguments') ?? sink);
    const first = all.find((a) => a.kind() !== 'keyword_argument' && !/comment/.test(a.kind()));
    const shell = keyword(all, 'shell');
    if (shell && !/^(False|None|0)$/.test(shell.text())) return null;
    return first && /^(list|tuple)$/.test(first.kind()) ? named(first) : null;
  }
  if (lang === 'go') {
    if (!/^(Command|CommandContext)$/.test(c.name)) return null;
    const args = c.name === 'CommandContext' ? c.args.slice(1) : c.args;
    // exec.Command("git", args...) with `args := []string{…}` its only assignment.
    const last = args.at(-1);
    if (last?.kind() !== 'variadic_argument') return args;
    const spread = goSliceLiteral(sink, named(last)[0]?.text() ?? '');
    return spread ? [...args.slice(0, -1), ...spread] : null;
  }
  if (lang === 'java') {
    // new ProcessBuilder("git", "--", x) / new ProcessBuilder(List.of(…)) / Arrays.asList(…)
    const list = c.args.length === 1 ? calleeOf(c.args[0]!) : null;
    if (c.name === 'ProcessBuilder' && list && /^(List\.of|Arrays\.asList)$/.test(list.text))
      return list.args;
    if (c.name === 'ProcessBuilder') return c.args;
    const arr = c.args[0];
    if (c.name !== 'exec' || arr?.kind() !== 'array_creation_expression') return null;
    const init = arr.field('value');
    return init ? named(init) : null;
  }
  if (!/^(execFile|execFileSync|spawn|spawnSync|execa|execaSync)$/.test(c.name)) return null;
  // Options given by a name or spread from one may turn the shell on: not read.
  // (a callback, a function or a name of one, may come last: `execFile(f, args, cb)`)
  const extra = c.args.slice(2);
  const callback = (a: Node, i: number) =>
    i === extra.length - 1 &&
    (/^(arrow_function|function_expression|function)$/.test(a.kind()) ||
      (a.kind() === 'identifier' &&
        /^(cb|callback|done|next|fn|resolve|handler|onExit|onDone)$/i.test(a.text())));
  if (extra.some((a, i) => !callback(a, i) && (a.kind() !== 'object' || /\.\.\./.test(a.text()))))
    return null;
  const options = c.args.find((a) => a.kind() === 'object');
  const shell = propertyOf(options, 'shell');
  if (shell && !/^(false|null|undefined|0|'')$/.test(shell.text())) return null;
  return c.args[1]?.kind() === 'array' ? [c.args[0]!, ...named(c.args[1])] : null;
};

/**
 * The elements of a Go slice literal a name is given once in the function around `at`
 * (`args := []string{"clone", "--", url}`), when nothing appends to it or assigns it again.
 */
const goSliceLiteral = (at: Node, name: string): Node[] | null => {
  let fn: Node | null = at.parent();
  while (fn && !/^(function_declaration|method_declaration|func_literal)$/.test(fn.kind()))
    fn = fn.parent();
  if (!fn || !name) return null;
  const writes = fn
    .findAll({
      rule: { any: [{ kind: 'short_var_declaration' }, { kind: 'assignment_statement' }] },
    })
    .filter((d) => named(d.field('left') ?? d)[0]?.text() === name);
  const appended = fn
    .findAll({ rule: { kind: 'call_expression' } })
    .some(
      (x) =>
        x.field('function')?.text() === 'append' &&
        named(x.field('arguments') ?? x)[0]?.text() === name,
    );
  if (writes.length !== 1 || appended) return null;
  const value = named(writes[0]!.field('right') ?? writes[0]!)[0];
  const body = value?.kind() === 'composite_literal' ? value.field('body') : null;
  return body ? named(body).map((e) => (e.kind() === 'literal_element' ? named(e)[0]! : e)) : null;
};

/**
 * Programs that run (or hand to something that runs) what they are given as operands: a shell or
 * an interpreter takes a script, `env`/`sudo`/`xargs`/`timeout` a command, `ssh` a remote one,
 * `docker`/`kubectl` one in a container, `npx` a package. `--` keeps nothing safe for them.
 */
const RUNS_OPERANDS =
  /^(sh|bash|zsh|dash|ksh|fish|cmd|cmd\.exe|powershell|pwsh|python[\d.]*|node|deno|bun|perl|ruby|php|lua|env|sudo|doas|su|runuser|ssh|xargs|nohup|timeout|nice|ionice|time|watch|busybox|sshpass|docker|podman|kubectl|npx|npm|yarn|pnpm|make|awk|gawk|sed|find|convert|magick|mogrify|pip[\d.]*|pipx|uv|gem|bundle|cargo|go|java|setsid|stdbuf|chroot|strace|ltrace|flock|unbuffer|systemd-run|script|expect|tclsh|osascript|at|batch|parallel|nsenter|unshare|chrt|taskset|torsocks|proxychains[\d]*)$/i;

/** Why the command's values cannot be options (the reason, for the evidence), or null. */
export const operandsAfterEndOfOptions = (lang: FlowLanguage, sink: Node): string | null => {
  const argv = argvOf(lang, sink)?.filter((n) => !/comment/.test(n.kind()));
  if (!argv || argv.length < 3 || shellArgv(argv)) return null;
  const end = argv.findIndex((n) => literal(n) === '--');
  if (end < 1) return null;
  // Everything up to the `--` is written in the code, the program first.
  if (argv.slice(0, end).some((n) => literal(n) === null)) return null;
  if (RUNS_OPERANDS.test(literal(argv[0])!.split(/[\\/]/).pop() ?? '')) return null;
  if (!argv.slice(end + 1).some((n) => literal(n) === null)) return null;
  return `${literal(argv[0])} is run without a shell and every value not written in the code comes after "--", so it reads them as operands, never as options`;
};

/**
 * The program an argument vector runs without a shell, when it is written in the code and does
 * not run its operands (a shell, an interpreter, `env`, `ssh` …); else null. Its values checked
 * not to start with `-` are operands, never options.
 */
export const argvProgram = (lang: FlowLanguage, sink: Node): string | null => {
  const argv = argvOf(lang, sink)?.filter((n) => !/comment/.test(n.kind()));
  if (!argv || argv.length < 2 || shellArgv(argv)) return null;
  const program = literal(argv[0]);
  if (program === null || RUNS_OPERANDS.test(program.split(/[\\/]/).pop() ?? '')) return null;
  return program;
};
