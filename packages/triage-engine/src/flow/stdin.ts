import { calleeOf } from './interpret.js';
import { assignedTo, named, type FlowLanguage, type Node } from './node.js';

/**
 * A shell that also reads data on its standard input. A command string made of constants is
 * not "only constants reach the sink" when the shell's stdin carries other data: a constant
 * script can read it (`im=$(cat); open $im`, `read x`, `xargs`) and expand it unquoted. This
 * module finds, from the syntax alone, whether the sink runs a shell and what feeds its stdin;
 * index.ts then asks the interpreter whether those feeds are constants.
 */

/** Shell programs that take a script with `-c` (`/c` for cmd). */
const SHELL_PROGRAM = /^(?:\/usr)?(?:\/local)?(?:\/bin\/)?(?:sh|bash|zsh|dash|ksh|ash|fish)$/;
const SHELL_SCRIPT_FLAG = /^(-c|-ec|-ce|-lc|-cl|\/c|\/C|-Command)$/;
const WINDOWS_SHELL = /^(?:cmd|cmd\.exe|powershell|powershell\.exe|pwsh)$/i;

/** What reaches the shell's stdin: expressions to evaluate, or data written where it is not read. */
export interface StdinFeed {
  /** Expressions whose values are written to the shell's standard input. */
  nodes: Node[];
  /** Set when data is written through a pipe the reconstruction cannot follow (the reason). */
  opaque: string | null;
  /** How the shell gets its input, for the evidence path. */
  how: string;
}

export const stringValue = (n: Node | undefined | null): string | null => {
  if (!n) return null;
  const k = n.kind();
  if (
    k !== 'string' &&
    k !== 'interpreted_string_literal' &&
    k !== 'raw_string_literal' &&
    k !== 'template_string'
  )
    return null;
  if (named(n).some((c) => /interpolation|substitution/.test(c.kind()))) return null;
  const m = /^[a-zA-Z]*("""|'''|"|'|`)([\s\S]*)\1$/.exec(n.text());
  return m ? m[2]! : null;
};

/** `['sh', '-c', script]` / `"sh", "-c", script`: the program is a shell given a script. */
export const shellArgv = (elems: Node[]): boolean => {
  const prog = stringValue(elems[0]);
  const flag = stringValue(elems[1]);
  if (prog === null || flag === null) return false;
  const base = prog.split(/[\\/]/).pop() ?? prog;
  return (
    (SHELL_PROGRAM.test(prog) || SHELL_PROGRAM.test(base) || WINDOWS_SHELL.test(base)) &&
    SHELL_SCRIPT_FLAG.test(flag)
  );
};

const FUNCTION_SCOPE =
  /^(function_definition|function_declaration|function_expression|function|arrow_function|method_definition|method_declaration|func_literal|lambda|module|program|source_file)$/;

const scopeOf = (n: Node): Node => {
  let p = n.parent();
  while (p && !FUNCTION_SCOPE.test(p.kind())) p = p.parent();
  return p ?? n;
};

const calls = (scope: Node, lang: FlowLanguage): Node[] =>
  scope.findAll({ rule: { kind: lang === 'python' ? 'call' : 'call_expression' } });

export const keyword = (args: Node[], name: string): Node | null =>
  args
    .find((a) => a.kind() === 'keyword_argument' && a.field('name')?.text() === name)
    ?.field('value') ?? null;

const pythonFeed = (sink: Node, lang: FlowLanguage): StdinFeed | null => {
  const c = calleeOf(sink);
  if (!c) return null;
  const all = named(sink.field('arguments') ?? sink);
  const positional = all.filter(
    (a) => a.kind() !== 'keyword_argument' && !/comment/.test(a.kind()),
  );
  // os.popen(cmd, 'w'): the caller writes into the shell through the file it returns.
  if (
    /(^|\.)popen$/.test(c.text) &&
    /w/.test(stringValue(positional[1]) ?? stringValue(keyword(all, 'mode')) ?? '')
  )
    return {
      nodes: [],
      opaque: `${c.text}(…, 'w') returns a pipe into the shell's stdin`,
      how: 'a pipe opened for writing',
    };
  const shellKw = keyword(all, 'shell');
  const shell =
    (shellKw !== null && !/^(False|None|0)$/.test(shellKw.text())) ||
    (positional[0] &&
      /^(list|tuple)$/.test(positional[0].kind()) &&
      shellArgv(named(positional[0])));
  if (!shell) return null;
  const input = keyword(all, 'input');
  if (input && input.text() !== 'None')
    return { nodes: [input], opaque: null, how: `input=${input.text()}` };
  const stdin = keyword(all, 'stdin');
  if (!stdin || /^(None|(\w+\.)*DEVNULL)$/.test(stdin.text())) return null;
  if (!/^(\w+\.)*PIPE$/.test(stdin.text()))
    return { nodes: [stdin], opaque: null, how: `stdin=${stdin.text()}` };
  // stdin=PIPE: what the code writes into it (`p.communicate(data)`, `p.stdin.write(data)`).
  const name = assignedTo(sink);
  if (!name)
    return {
      nodes: [],
      opaque: 'stdin=PIPE, written where the reconstruction does not follow',
      how: 'stdin=PIPE',
    };
  const nodes: Node[] = [];
  for (const call of calls(scopeOf(sink), lang)) {
    const cc = calleeOf(call);
    if (!cc) continue;
    const args = named(call.field('arguments') ?? call);
    if (cc.text === `${name}.communicate`) {
      const data = keyword(args, 'input') ?? args.find((a) => a.kind() !== 'keyword_argument');
      if (data) nodes.push(data);
    } else if (cc.text === `${name}.stdin.write` || cc.text === `${name}.stdin.writelines`) {
      if (args[0]) nodes.push(args[0]);
    } else if (cc.receiver?.text() === name && /^(stdin|stdin\.\w+)$/.test(cc.name))
      return { nodes: [], opaque: `${cc.text}() feeds the shell`, how: 'stdin=PIPE' };
  }
  return nodes.length ? { nodes, opaque: null, how: 'stdin=PIPE' } : null;
};

export const propertyOf = (obj: Node | undefined, name: string): Node | null => {
  if (!obj || obj.kind() !== 'object') return null;
  for (const p of named(obj))
    if (p.kind() === 'pair' && p.field('key')?.text().replace(/['"]/g, '') === name)
      return p.field('value');
    else if (p.kind() === 'shorthand_property_identifier' && p.text() === name) return p;
  return null;
};

const jsFeed = (sink: Node, lang: FlowLanguage): StdinFeed | null => {
  const c = calleeOf(sink);
  if (!c || !/^(exec|execSync|execFile|execFileSync|spawn|spawnSync)$/.test(c.name)) return null;
  const args = c.args;
  const options = args.find((a) => a.kind() === 'object');
  const shellOpt = propertyOf(options, 'shell');
  const argv = args[1]?.kind() === 'array' ? [args[0]!, ...named(args[1])] : [];
  const shell =
    c.name === 'exec' ||
    c.name === 'execSync' ||
    (shellOpt !== null && !/^(false|null|undefined|0|'')$/.test(shellOpt.text())) ||
    shellArgv(argv);
  if (!shell) return null;
  const nodes: Node[] = [];
  const input = propertyOf(options, 'input');
  if (input && !/^(null|undefined)$/.test(input.text())) nodes.push(input);
  // The child's stdin written or piped into: `child.stdin.end(data)`, `src.pipe(child.stdin)`,
  // and the chained `exec(cmd).stdin.write(data)`.
  const name = assignedTo(sink);
  const stdinOf = (t: string) => (name && t === `${name}.stdin`) || t === `${sink.text()}.stdin`;
  for (const call of calls(scopeOf(sink), lang)) {
    const cc = calleeOf(call);
    if (!cc) continue;
    if (/^(write|end)$/.test(cc.name) && cc.receiver && stdinOf(cc.receiver.text())) {
      if (cc.args[0]) nodes.push(cc.args[0]);
    } else if (cc.name === 'pipe' && cc.args[0] && stdinOf(cc.args[0].text()) && cc.receiver)
      nodes.push(cc.receiver);
  }
  return nodes.length ? { nodes, opaque: null, how: 'its stdin' } : null;
};

const goFeed = (sink: Node, lang: FlowLanguage): StdinFeed | null => {
  const c = calleeOf(sink);
  if (!c || !/^(Command|CommandContext)$/.test(c.name)) return null;
  const argv = c.name === 'CommandContext' ? c.args.slice(1) : c.args;
  if (!shellArgv(argv)) return null;
  const name = assignedTo(sink);
  if (!name) return null;
  const nodes: Node[] = [];
  for (const st of scopeOf(sink).findAll({ rule: { kind: 'assignment_statement' } })) {
    const left = st.field('left') ? named(st.field('left')!) : [];
    const right = st.field('right') ? named(st.field('right')!) : [];
    left.forEach((l, i) => {
      if (l.text().replace(/\s+/g, '') === `${name}.Stdin` && right[i]) nodes.push(right[i]);
    });
  }
  for (const call of calls(scopeOf(sink), lang)) {
    const cc = calleeOf(call);
    if (cc?.text === `${name}.StdinPipe`)
      return {
        nodes: [],
        opaque: `${name}.StdinPipe() is written into`,
        how: `${name}.StdinPipe()`,
      };
  }
  return nodes.length ? { nodes, opaque: null, how: `${name}.Stdin` } : null;
};

/** What a shell-running sink reads on its standard input, or null (no shell, or no stdin data). */
export const stdinFeed = (lang: FlowLanguage, sink: Node): StdinFeed | null => {
  if (lang === 'python') return pythonFeed(sink, lang);
  if (lang === 'go') return goFeed(sink, lang);
  if (lang === 'javascript' || lang === 'typescript' || lang === 'tsx') return jsFeed(sink, lang);
  return null;
};
