import type { SgNode } from '@ast-grep/napi';
import { defineCodemod } from '../../engine/define.js';
import { notApplicable } from '../../engine/codemod.js';
import { ensureJsMember } from '../../imports/js-imports.js';
import { argsOf, propertyOf, stringValue } from '../common/calls.js';
import { declaredSource } from '../common/declared-source.js';
import { unwrap } from '../common/request-input.js';
import { isBuiltString, stringParts } from '../common/string-parts.js';
import { splitCommand, wordSource } from './argv.js';
import { childProcessCallee, isDirectCall, renameImport } from './child-process.js';
import type { Site } from '../../types.js';

type Data = {
  sync: boolean;
  viaMember: boolean;
  /** The `const` that builds the command line a few lines before the call, used only there. */
  declared?: SgNode;
};

/**
 * True when building the value runs code (a call, `await`, an assignment): moving it from its
 * `const` into the later call would change when that runs.
 */
const hasEffects = (value: SgNode): boolean =>
  value.find({
    rule: {
      any: [
        'call_expression',
        'new_expression',
        'await_expression',
        'assignment_expression',
        'update_expression',
        'augmented_assignment_expression',
      ].map((kind) => ({ kind })),
    },
  }) !== null;

/** The whole `const cmd = ...;` statement of a declared command, when it declares only that. */
const declarationOf = (value: SgNode): SgNode | null => {
  const declaration = value.parent()?.parent();
  return declaration?.kind() === 'lexical_declaration' &&
    declaration.findAll({ rule: { kind: 'variable_declarator' } }).length === 1
    ? declaration
    : null;
};

/**
 * Why a `spawn`/`execFile` call that asks for a shell (`shell: true` or a shell path) is left as
 * it is, or null when it runs its program directly (nothing for this codemod to change).
 */
const shellOptionReason = (call: SgNode): string | null => {
  const args = argsOf(call);
  const shell = args
    .map((a) => unwrap(a))
    .filter((a) => a.kind() === 'object')
    .map((o) => propertyOf(o, 'shell'))
    .find((p) => p !== undefined);
  const value = shell?.kind() === 'pair' ? shell.field('value') : null;
  if (!value || ['false', 'undefined', 'null'].includes(String(unwrap(value).kind()))) return null;
  const command = args[0];
  if (command && isBuiltString(command)) {
    const words = splitCommand(stringParts(command));
    if (typeof words === 'string')
      return `the call asks for a shell (\`shell: ${value.text()}\`) and ${words}`;
    if (words[0]?.some((p) => p.kind === 'expr'))
      return `the call asks for a shell (\`shell: ${value.text()}\`) and the program itself is not a literal`;
  }
  return `the call asks for a shell (\`shell: ${value.text()}\`), which joins the program and its arguments into one command line: dropping it would change how that line is split and expanded, so a person decides`;
};

/** `remediate:js/command-injection`: `exec(\`cmd ${x}\`)` → `execFile('cmd', [x])`. */
export const jsCommandInjection = defineCodemod<Data>({
  id: 'remediate:js/command-injection',
  languages: ['javascript', 'typescript', 'tsx'],
  rules: {
    codeql: [
      'js/command-line-injection',
      'js/shell-command-constructed-from-input',
      'js/shell-command-injection-from-environment',
    ],
    semgrep: [
      'javascript.lang.security.detect-child-process.detect-child-process',
      'rules_lgpl_javascript_exec_rule-generic-os-command-exec',
    ],
    eslint: ['security/detect-child-process', 'sonarjs/os-command'],
    njsscan: ['generic_os_command_exec'],
    sonarqube: [
      'javascript:S4721',
      'typescript:S4721',
      'javascript:S2076',
      'jssecurity:S2076',
      'typescript:S2076',
      'tssecurity:S2076',
    ],
  },
  cwe: [78],
  owasp: ['A03:2021'],
  title: 'Run commands without a shell (execFile with an argument array)',
  description:
    '`exec`/`execSync` of a command line built by concatenation or a template literal, whose ' +
    'program is a literal, becomes `execFile`/`execFileSync` with the program and an argument ' +
    'array, so values are passed as single arguments and never parsed by a shell. Command lines ' +
    'that use shell features (pipes, redirects, globs, variables, `&&`) are left for a person, ' +
    'as are `spawn`/`execFile` calls that ask for a shell (`shell: true`), declined with the ' +
    'reason (a program that is not a literal, a command line split elsewhere).',
  rationale: {
    problem:
      '`exec` hands the whole string to `/bin/sh -c`: a value containing `;`, `|`, `$(...)` or ' +
      'a quote runs commands of the attacker\u2019s choosing.',
    change:
      'The command line is split into its words once, at the literal parts: the program and its ' +
      'fixed arguments stay literal and every interpolated value becomes exactly one argument of ' +
      '`execFile`/`execFileSync`, which starts the program directly without a shell.',
    safety:
      'Options and the callback keep their position after the argument array and receive the ' +
      'same `(error, stdout, stderr)`/return value. A value is no longer split at spaces or ' +
      'expanded by the shell; lines that need the shell (pipes, redirects, globbing, variables) ' +
      'are refused rather than changed.',
  },
  references: [
    {
      title: 'CWE-78: OS Command Injection',
      url: 'https://cwe.mitre.org/data/definitions/78.html',
    },
    {
      title: 'Node.js child_process.execFile',
      url: 'https://nodejs.org/api/child_process.html#child_processexecfilefile-args-options-callback',
    },
  ],
  detect: (file) =>
    file.root.findAll({ rule: { kind: 'call_expression' } }).flatMap((call): Site<Data>[] => {
      if (isDirectCall(file.root, call)) {
        const decline = shellOptionReason(call);
        return decline ? [{ node: call, decline }] : [];
      }
      const callee = childProcessCallee(file.root, call);
      const command = argsOf(call)[0];
      if (!callee || !command || stringValue(command) !== null) return [];
      // `const cmd = \`git log ${ref}\`; exec(cmd)`: split where the line is built.
      const declared = isBuiltString(command) ? null : declaredSource(command, isBuiltString);
      if (declared?.block && declarationOf(declared.value) && !hasEffects(declared.value)) {
        return [
          {
            node: call,
            anchors: [declared.value],
            scope: declared.block,
            data: { ...callee, declared: declared.value },
          },
        ];
      }
      return [{ node: call, data: callee }];
    }),
  fix: ({ node, data }, editor, ctx) => {
    if (!data) return;
    const [command, ...rest] = argsOf(node);
    const built = data.declared ?? command!;
    if (!isBuiltString(built)) {
      return notApplicable(
        'unsafe_to_change',
        'the command line is built elsewhere; only a literal program with interpolated values can be split safely',
      );
    }
    const options = rest.find((a) => unwrap(a).kind() === 'object');
    if (options && propertyOf(unwrap(options), 'shell')) {
      return notApplicable('unsafe_to_change', 'the call asks for a shell explicitly');
    }
    const words = splitCommand(stringParts(built));
    if (typeof words === 'string') return notApplicable('unsafe_to_change', words);
    const [program, ...args] = words;
    if (!program || program.some((p) => p.kind === 'expr')) {
      return notApplicable('unsafe_to_change', 'the program itself is not a literal');
    }
    const quote = editor.file.style.quote;
    const member = data.sync ? 'execFileSync' : 'execFile';
    const callee = node.field('function')!;
    if (data.viaMember) {
      editor.replace(callee.field('property')!, member);
    } else if (renameImport(editor, callee, member)) {
      editor.replace(callee, member);
    } else {
      const name = ensureJsMember(editor, ctx, {
        module: 'node:child_process',
        aliases: ['child_process'],
        member,
        namespace: 'childProcess',
      });
      editor.replace(callee, name);
    }
    const argv = `[${args.map((w) => wordSource(w, quote)).join(', ')}]`;
    editor.replace(command!, `${wordSource(program, quote)}, ${argv}`);
    if (data.declared) {
      // The constant is used by this call only: it goes with the shell command line it held.
      const declaration = declarationOf(data.declared)!;
      const { lines, text } = editor.file;
      const start = lines.lineStart(declaration.range().start.line);
      const end = lines.lineStart(declaration.range().end.line + 1);
      const own = editor.file.span(declaration);
      const alone =
        !text.slice(start, own.start).trim() && !text.slice(own.end, end).trim() && end > own.end;
      editor.replace(alone ? { start, end } : own, '');
    }
    if (
      args.some(
        (w) =>
          w.length === 1 &&
          w[0]!.kind === 'expr' &&
          !(w[0] as { node: SgNode }).node.text().startsWith("'"),
      )
    ) {
      ctx.note(
        'Each interpolated value is now one argument: it is no longer split at spaces by a shell.',
      );
    }
  },
});
