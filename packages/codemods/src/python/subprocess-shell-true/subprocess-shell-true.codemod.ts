import type { SgNode } from '@ast-grep/napi';
import { notApplicable } from '../../engine/codemod.js';
import { defineCodemod } from '../../engine/define.js';
import type { SourceFile } from '../../engine/source-file.js';
import { ensurePythonImport } from '../../imports/python-imports.js';
import { hasSplat, isFalse, isTrue, keyword, positional, removeArgument } from '../shared/args.js';
import { calleeName, importMap } from '../shared/names.js';
import { commandArgv, type CommandFix } from './command-source.js';

interface Data {
  shell: SgNode;
  fix: CommandFix | { refusal: string };
}

const FUNCTIONS = new Set(
  ['run', 'call', 'check_call', 'check_output', 'Popen'].map((f) => `subprocess.${f}`),
);

/** Every `subprocess.*(..., shell=True)` call. */
const shellCalls = (file: SourceFile) => {
  const imports = importMap(file.root);
  return file.root.findAll({ rule: { kind: 'call' } }).flatMap((call) => {
    const shell = keyword(call, 'shell');
    const value = shell?.field('value') ?? undefined;
    if (!shell || isFalse(value)) return [];
    if (!FUNCTIONS.has(calleeName(call, imports) ?? '')) return [];
    const command = positional(call)[0] ?? keyword(call, 'args')?.field('value');
    // Bandit reports `shell=use_shell` too: whether a shell runs is decided at run time.
    const fix: Data['fix'] = !isTrue(value)
      ? { refusal: `shell=${value?.text() ?? ''} is decided at run time, not the constant True` }
      : hasSplat(call) || keyword(call, 'executable')
        ? { refusal: 'the call passes *args, **kwargs or executable=' }
        : !command
          ? { refusal: 'no command argument' }
          : commandArgv(command, call, file);
    return [
      {
        node: call,
        anchors: [shell],
        data: { shell, fix },
        ...('scope' in fix && fix.scope ? { scope: fix.scope } : {}),
      },
    ];
  });
};

/** `remediate:python/subprocess-shell-true`: `subprocess.run(cmd, shell=True)` → an argument list. */
export const pythonSubprocessShellTrue = defineCodemod<Data>({
  id: 'remediate:python/subprocess-shell-true',
  languages: ['python'],
  rules: {
    bandit: ['B602'],
    codeql: ['py/command-line-injection', 'py/shell-command-constructed-from-input'],
    semgrep: [
      'python.lang.security.audit.subprocess-shell-true.subprocess-shell-true',
      'python_exec_rule-subprocess-popen-shell-true',
    ],
    sonarqube: ['python:S4721', 'python:S2076'],
    snyk: ['python/CommandInjection'],
  },
  cwe: [78],
  owasp: ['A03:2021'],
  title: 'Argument lists instead of shell=True',
  description:
    'Rewrites `subprocess.run/call/check_call/check_output/Popen(command, shell=True)` to pass ' +
    'an argument list without a shell, when the command is a literal, an f-string, a ' +
    '`+`/`%`/`.format()` string (inline or in a local variable used only there) whose literal ' +
    'text has no shell syntax beyond blanks and quotes: each value becomes one argument. A ' +
    'command held in a module constant becomes `shlex.split(CONSTANT)`. Commands with pipes, ' +
    'redirections, globs, `$` expansions or built elsewhere are left for a person.',
  rationale: {
    problem:
      'With `shell=True` the command string is parsed by `/bin/sh`, so a value spliced into it ' +
      'that contains `;`, `|`, `$(...)`, backquotes or spaces can run other commands or add ' +
      'arguments.',
    change:
      'The command is now an argument list executed directly (no shell). The literal words are ' +
      'the ones the shell would have produced; each interpolated value is exactly one argument ' +
      'and is never re-parsed.',
    safety:
      'For values without shell syntax the program receives the same arguments as before. ' +
      'Values that relied on being split by the shell (several arguments in one variable) now ' +
      'arrive as one argument. Non-string values are wrapped in `str(...)`, as the string ' +
      'formatting did. Exit status, output capture and the other keyword arguments are unchanged.',
  },
  references: [
    {
      title: 'CWE-78: OS Command Injection',
      url: 'https://cwe.mitre.org/data/definitions/78.html',
    },
    {
      title: 'subprocess: security considerations',
      url: 'https://docs.python.org/3/library/subprocess.html#security-considerations',
    },
    { title: 'OWASP A03:2021 Injection', url: 'https://owasp.org/Top10/A03_2021-Injection/' },
  ],
  detect: shellCalls,
  fix: ({ node, data }, editor) => {
    if (!data) return;
    if ('refusal' in data.fix) return notApplicable('unsafe_to_change', data.fix.refusal);
    const { target, list, shlexName } = data.fix;
    if (shlexName) {
      const shlex = ensurePythonImport(editor, 'shlex');
      editor.replace(target, `${shlex}.split(${shlexName})`);
    } else {
      editor.replace(target, list!);
    }
    removeArgument(editor, node, data.shell);
  },
});
