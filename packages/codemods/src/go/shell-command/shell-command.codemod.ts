import { notApplicable } from '../../engine/codemod.js';
import type { SgNode } from '@ast-grep/napi';
import { defineCodemod } from '../../engine/define.js';
import type { SourceFile } from '../../engine/source-file.js';
import type { Site } from '../../types.js';
import { argsOf, bindingIn, calleeOf, enclosingFunction, packageCalls } from '../shared/func.js';
import { SEMGREP_GO } from '../shared/ids.js';
import { importedAs, packageUses, removeGoImport } from '../shared/imports.js';
import { builtString, literalContent, type Part } from '../shared/query-parts.js';

const SHELL = /^"(\/bin\/|\/usr\/bin\/)?(sh|bash|zsh|dash|ksh)"$/;
// Characters a shell gives meaning to; a command line holding one needs the shell.
const META = /[|&;<>()$`\\"*?[\]#~{}!]/;

interface Data {
  /** Index of the shell program argument (1 for CommandContext). */
  at: number;
}

/**
 * Why a command started without a shell has nothing to change: the program is a value (there is
 * no constant program to separate from its arguments), or a constant program whose arguments are
 * already one word each. Null when a shell runs it.
 */
const noShell = (call: SgNode, program: SgNode | undefined): string | null => {
  if (!program) return null;
  if (program.kind() === 'interpreted_string_literal' || program.kind() === 'raw_string_literal') {
    if (SHELL.test(program.text().replace(/^`|`$/g, '"'))) return null;
    return `no shell runs here: the program is the constant ${program.text()} and each value is passed to it as one argument already`;
  }
  const fn = enclosingFunction(call);
  const passedIn =
    program.kind() === 'identifier' && fn && bindingIn(fn, program.text())?.kind === 'parameter';
  return `the program is the value ${program.text()}${passedIn ? ' (a parameter: its callers choose it)' : ''}: there is no constant program to separate from its arguments, and no shell parses them (exec.Command starts the program directly)`;
};

const shellCalls = (file: SourceFile): Site<Data>[] => {
  const exec = importedAs(file.root, 'os/exec');
  if (!exec) return [];
  return packageCalls(file.root, exec, /^(Command|CommandContext)$/).flatMap(
    (call): Site<Data>[] => {
      const at = calleeOf(call)!.name === 'CommandContext' ? 1 : 0;
      const args = argsOf(call);
      const why = noShell(call, args[at]);
      if (why) return [{ node: call, decline: why }];
      if (args[at + 1]?.text() !== '"-c"')
        return [
          { node: call, decline: 'the shell runs a script file, not a command line (no -c)' },
        ];
      return [{ node: call, data: { at } }];
    },
  );
};

/** The words of a command line: literal text split at spaces, values as whole words (or glued to text). */
const words = (parts: Part[], fmt: string | null): string[] | string => {
  const out: string[][] = [[]];
  for (const part of parts) {
    if ('expr' in part) {
      if (part.verb !== '%s' && part.verb !== '%v' && part.verb !== '%d')
        return `the format verb ${part.verb} has no direct argument form`;
      const value =
        part.verb === '%s' ? part.expr.text() : `${fmt ?? 'fmt'}.Sprint(${part.expr.text()})`;
      out.at(-1)!.push(value);
      continue;
    }
    // A value wrapped in single quotes is one word already: the quotes go.
    const text = part.text.replace(/'/g, '');
    if (META.test(text) || /\\/.test(part.text))
      return 'the command line uses shell syntax (pipes, redirections, variables, globs or quoting)';
    const pieces = text.split(/[ \t]+/);
    pieces.forEach((piece, i) => {
      if (i > 0) out.push([]);
      if (piece !== '') out.at(-1)!.push(JSON.stringify(piece));
    });
  }
  return out.filter((w) => w.length > 0).map((w) => w.join(' + '));
};

/** `remediate:go/shell-command`: `exec.Command("sh", "-c", line)` → the program with an argument list. */
export const goShellCommand = defineCodemod<Data>({
  id: 'remediate:go/shell-command',
  languages: ['go'],
  rules: { gosec: ['G204', 'G702'], semgrep: [SEMGREP_GO.shell] },
  cwe: [78],
  owasp: ['A03:2021'],
  title: 'Commands run without a shell',
  description:
    '`exec.Command("sh", "-c", "gzip -k " + path)` (or `fmt.Sprintf`, `bash`, `CommandContext`) ' +
    'becomes `exec.Command("gzip", "-k", path)`: the literal text is split into words at ' +
    'spaces and each value becomes one argument (single quotes around it go). A line that ' +
    'needs the shell (pipes, redirections, `$`, globs, other quoting) or is not built from ' +
    'literals is left with the reason, as is a call with no shell to remove: ' +
    '`exec.Command(exe, args...)` whose program is a value, or a constant program whose ' +
    'arguments are one word each already (gosec G204 lists both).',
  rationale: {
    problem:
      'The command line is parsed by a shell, so `;`, `|`, `$(...)` or a quote in a value runs ' +
      'other commands (OS command injection).',
    change:
      'The program is started directly with its arguments as a list: a value is one argument ' +
      'whatever it contains, and no shell parses it.',
    safety:
      'Only lines without shell syntax are rewritten, so the program and its arguments are the ' +
      'ones the shell would have run; a value that contained spaces now stays one argument, ' +
      'which is what quoting it meant. gosec G204 still lists calls whose arguments are ' +
      'variables (an audit note); the injection is gone.',
  },
  references: [
    { title: 'os/exec', url: 'https://pkg.go.dev/os/exec' },
    {
      title: 'CWE-78: OS Command Injection',
      url: 'https://cwe.mitre.org/data/definitions/78.html',
    },
  ],
  detect: shellCalls,
  fix: ({ node, data }, editor) => {
    const { at } = data!;
    const args = argsOf(node);
    const line = args[at + 2];
    if (!line || args.length !== at + 3) {
      return notApplicable(
        'unsafe_to_change',
        'the shell gets positional parameters after the command line',
      );
    }
    const fmt = importedAs(editor.root, 'fmt');
    const literal = line.kind() === 'interpreted_string_literal' ? literalContent(line) : null;
    const shape =
      literal !== null
        ? { parts: [{ text: literal }] as Part[], how: 'literal' as const }
        : builtString(line, fmt);
    if (!shape)
      return notApplicable(
        'unsafe_to_change',
        'the command line is not built from literal text and values here',
      );
    const result = words(shape.parts, fmt);
    if (typeof result === 'string') return notApplicable('unsafe_to_change', result);
    if (result.length === 0 || !result[0]!.startsWith('"') || result[0]!.includes(' + ')) {
      return notApplicable('unsafe_to_change', 'the program itself comes from a value');
    }
    const start = args[at]!.range().start.index;
    editor.replace({ start, end: line.range().end.index }, result.join(', '));
    if (
      fmt &&
      shape.how === 'sprintf' &&
      !result.some((w) => w.includes(`${fmt}.Sprint(`)) &&
      packageUses(editor.root, fmt).length === 1
    )
      removeGoImport(editor, 'fmt');
  },
});
