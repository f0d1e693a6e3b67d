import type { SgNode } from '@ast-grep/napi';
import { notApplicable } from '../../engine/codemod.js';
import { defineCodemod } from '../../engine/define.js';
import type { SourceFile } from '../../engine/source-file.js';
import type { Site } from '../../types.js';
import { ensurePythonImport } from '../../imports/python-imports.js';
import { argumentsOf } from '../shared/args.js';
import { calleeName, importMap, rootName } from '../shared/names.js';
import { allowsPythonBefore } from '../shared/requires-python.js';
import { dropImportIfUnused } from '../shared/unused-import.js';
import { commandArgv, type CommandFix } from '../subprocess-shell-true/command-source.js';

/**
 * What the code does with the result: nothing, its zero-ness, `os.popen(...).read()`, or the
 * output `subprocess.getoutput(...)` returns.
 */
type Use = 'statement' | 'status' | 'read' | 'output';

interface Data {
  use: Use;
  /** The node replaced by the `subprocess.run(...)` expression. */
  replaced: SgNode;
  /** The command argument of the call. */
  command?: SgNode;
  fix: CommandFix | { refusal: string };
}

/** How the result of `os.system(...)`/`os.popen(...)` is used, or null when this fix cannot keep it. */
const useOf = (call: SgNode, fn: string): { use: Use; replaced: SgNode } | null => {
  const parent = call.parent();
  if (fn === 'subprocess.getoutput') return { use: 'output', replaced: call };
  if (fn === 'os.popen') {
    const read =
      parent?.kind() === 'attribute' && parent.field('attribute')?.text() === 'read'
        ? parent.parent()
        : null;
    return read?.kind() === 'call' && argumentsOf(read).length === 0
      ? { use: 'read', replaced: read }
      : null;
  }
  if (parent?.kind() === 'expression_statement') return { use: 'statement', replaced: call };
  // `if os.system(...):`, `os.system(...) != 0`, `not os.system(...)`: only zero-ness matters,
  // and the wait status is zero exactly when the exit code is.
  const zero = (n: SgNode | null | undefined) => n?.kind() === 'integer' && n.text() === '0';
  if (parent?.kind() === 'comparison_operator') {
    const others = parent.namedChildren().filter((c) => c.id() !== call.id());
    const ops = parent
      .children()
      .filter((c) => !c.isNamed())
      .map((c) => c.text());
    if (others.length === 1 && zero(others[0]) && ops.every((o) => o === '==' || o === '!=')) {
      return { use: 'status', replaced: call };
    }
    return null;
  }
  const condition =
    ['if_statement', 'while_statement', 'elif_clause'].includes(String(parent?.kind())) &&
    parent!.field('condition')?.id() === call.id();
  const negated = parent?.kind() === 'not_operator';
  return condition || negated ? { use: 'status', replaced: call } : null;
};

const SHELL_CALLS = new Set(['os.system', 'os.popen', 'subprocess.getoutput']);

/** Shell calls Bandit B605 still reports that only Python 2 has (removed in Python 3.0). */
const PYTHON2_ONLY = new Set([
  'os.popen2',
  'os.popen3',
  'os.popen4',
  'popen2.popen2',
  'popen2.popen3',
  'popen2.popen4',
  'commands.getoutput',
  'commands.getstatusoutput',
]);

/** Every `os.system(cmd)` / `os.popen(cmd).read()` / `subprocess.getoutput(cmd)`. */
const systemCalls = (file: SourceFile): Site<Data>[] => {
  const imports = importMap(file.root);
  return file.root.findAll({ rule: { kind: 'call' } }).flatMap((call): Site<Data>[] => {
    const fn = calleeName(call, imports);
    if (fn && PYTHON2_ONLY.has(fn)) {
      const decline = `${fn} exists only in Python 2 (removed in Python 3.0, where this call raises AttributeError or its import fails): no Python 3 interpreter runs this line, so a rewrite could not be checked; Python 3 code runs the command with subprocess.Popen and an argument list instead`;
      return [{ node: call, decline }];
    }
    if (!fn || !SHELL_CALLS.has(fn)) return [];
    const args = argumentsOf(call);
    const use = useOf(call, fn);
    const fix: Data['fix'] = !use
      ? { refusal: `the result of ${fn} is used in a way subprocess.run does not reproduce` }
      : args.length !== 1 || args[0]!.kind() === 'keyword_argument'
        ? { refusal: `${fn} takes more than the command here` }
        : commandArgv(args[0]!, call, file);
    const data: Data = {
      use: use?.use ?? 'statement',
      replaced: use?.replaced ?? call,
      ...(args[0] ? { command: args[0] } : {}),
      fix,
    };
    return [{ node: call, data, ...('scope' in fix && fix.scope ? { scope: fix.scope } : {}) }];
  });
};

/** `remediate:python/os-system`: `os.system(cmd)` → `subprocess.run([...])` without a shell. */
export const pythonOsSystem = defineCodemod<Data>({
  id: 'remediate:python/os-system',
  languages: ['python'],
  rules: {
    bandit: ['B605'],
    codeql: ['py/command-line-injection', 'py/shell-command-constructed-from-input'],
    semgrep: [
      'python.lang.security.audit.dangerous-system-call.dangerous-system-call',
      'python_exec_rule-os-popen2',
    ],
    sonarqube: ['python:S4721', 'python:S2076'],
    snyk: ['python/CommandInjection'],
  },
  cwe: [78],
  owasp: ['A03:2021'],
  title: 'subprocess.run with an argument list instead of os.system',
  description:
    'Rewrites `os.system(command)` (as a statement, or tested against zero) to ' +
    '`subprocess.run([...])` (`.returncode` where the status is tested) and ' +
    '`os.popen(command).read()` to `subprocess.run([...], stdout=subprocess.PIPE, ' +
    'text=True).stdout`, and `subprocess.getoutput(command)` to the same run with ' +
    '`stderr=subprocess.STDOUT` and the trailing newline removed (a `behaviour_change`: a ' +
    'missing program raises instead of returning the shell\u2019s message), when the command is a literal or a string built from literals and ' +
    'values (inline, or in a local variable used only there) with no shell syntax beyond ' +
    'blanks and quotes. Each value becomes one argument. Python 2 only calls Bandit still ' +
    'reports (`os.popen2`/`3`/`4`, `popen2`, `commands`) are left with that reason.',
  rationale: {
    problem:
      '`os.system` and `os.popen` hand the whole string to `/bin/sh`, so a value spliced into ' +
      'it can add commands (`;`, `|`, `$(...)`) or arguments.',
    change:
      'The command runs without a shell, from an argument list whose literal words are those ' +
      'the shell would have produced; each value is exactly one argument.',
    safety:
      'Output still goes to the same place (or is captured as text, like `os.popen`); a ' +
      'status tested against zero means the same thing (`os.system` returns the wait status, ' +
      'zero exactly when the exit code is). Values that relied on shell word splitting now ' +
      'arrive as one argument. Commands using pipes, redirection, globs or variables are left ' +
      'for a person.',
  },
  references: [
    {
      title: 'CWE-78: OS Command Injection',
      url: 'https://cwe.mitre.org/data/definitions/78.html',
    },
    {
      title: 'subprocess: replacing os.system()',
      url: 'https://docs.python.org/3/library/subprocess.html#replacing-os-system',
    },
    { title: 'OWASP A03:2021 Injection', url: 'https://owasp.org/Top10/A03_2021-Injection/' },
  ],
  detect: systemCalls,
  fix: ({ node, data }, editor, ctx) => {
    if (!data) return;
    if ('refusal' in data.fix) return notApplicable('unsafe_to_change', data.fix.refusal);
    if (data.use === 'output' && allowsPythonBefore(ctx, 9)) {
      return notApplicable(
        'unsafe_to_change',
        'the project supports Python before 3.9, which has no str.removesuffix',
      );
    }
    const subprocess = ensurePythonImport(editor, 'subprocess');
    const { target, list, shlexName } = data.fix;
    let args: string;
    if (shlexName) args = `${ensurePythonImport(editor, 'shlex')}.split(${shlexName})`;
    else if (target.id() === data.command?.id()) args = list!;
    else {
      // A local variable holds the command: it becomes the list, the call passes the variable.
      editor.replace(target, list!);
      args = data.command!.text();
    }
    const newline = editor.file.style.quote === "'" ? "'\\n'" : '"\\n"';
    const run =
      data.use === 'output'
        ? `${subprocess}.run(${args}, stdout=${subprocess}.PIPE, stderr=${subprocess}.STDOUT, text=True).stdout.removesuffix(${newline})`
        : data.use === 'read'
          ? `${subprocess}.run(${args}, stdout=${subprocess}.PIPE, text=True).stdout`
          : data.use === 'status'
            ? `${subprocess}.run(${args}).returncode`
            : `${subprocess}.run(${args})`;
    editor.replace(data.replaced, run);
    if (data.use === 'output') {
      ctx.behaviourChange(
        "a program that cannot be found now raises FileNotFoundError instead of returning the shell's 'not found' message as the output",
      );
    }
    dropImportIfUnused(editor, rootName(node.field('function')!), [data.replaced]);
  },
});
