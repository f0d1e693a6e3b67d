import type { SgNode } from '@ast-grep/napi';
import { notApplicable } from '../../engine/codemod.js';
import { defineCodemod } from '../../engine/define.js';
import type { SourceFile } from '../../engine/source-file.js';
import type { Site } from '../../types.js';
import {
  argsOf,
  callsIn,
  isConstantString,
  javaString,
  kindOf,
  methodName,
  plusOperands,
  receiver,
  stringValue,
  unparen,
} from '../shared/ast.js';
import { declarationOfExpr } from '../shared/scope.js';

type Piece = { literal: string } | { code: string };

interface ExecData {
  /** The command-line argument to replace. */
  command: SgNode;
  /** The concatenation it is (or its variable holds). */
  concat: SgNode;
}

const SHELLS = /^(.*\/)?(sh|bash|zsh|ksh|dash|cmd|cmd\.exe|powershell|pwsh)$/i;

const isRuntime = (call: SgNode): boolean => {
  const object = receiver(call);
  if (!object) return false;
  if (/^(java\.lang\.)?Runtime\.getRuntime\(\)$/.test(object.text().replace(/\s+/g, '')))
    return true;
  return declarationOfExpr(object)?.simpleType === 'Runtime';
};

/** The concatenation a command argument denotes: inline, or a local String initialized with one. */
const concatOf = (arg: SgNode): SgNode | null => {
  const expr = unparen(arg);
  if (plusOperands(expr).length > 1) return isConstantString(expr) ? null : expr;
  if (kindOf(expr) !== 'identifier') return null;
  const declaration = declarationOfExpr(expr);
  if (declaration?.kind !== 'local' || !declaration.value) return null;
  const value = unparen(declaration.value);
  return plusOperands(value).length > 1 && !isConstantString(value) ? value : null;
};

/** Splits like `Runtime.exec(String)` (StringTokenizer on whitespace); dynamic pieces stay whole. */
const tokens = (concat: SgNode): Piece[][] => {
  const out: Piece[][] = [];
  let current: Piece[] = [];
  const end = () => {
    if (current.length) out.push(current);
    current = [];
  };
  for (const part of plusOperands(concat)) {
    const literal = stringValue(part);
    if (literal === null) {
      current.push({ code: unparen(part).text() });
      continue;
    }
    const words = literal.split(/([ \t\n\r\f]+)/);
    for (const word of words) {
      if (/^[ \t\n\r\f]+$/.test(word)) end();
      else if (word) current.push({ literal: word });
    }
  }
  end();
  return out;
};

const tokenCode = (token: Piece[]): string =>
  token.map((p) => ('literal' in p ? javaString(p.literal) : p.code)).join(' + ');

const execSites = (file: SourceFile): Site<ExecData>[] =>
  callsIn(file.root)
    .filter((call) => methodName(call) === 'exec' && isRuntime(call) && argsOf(call).length >= 1)
    .flatMap((call) => {
      const command = argsOf(call)[0]!;
      const concat = concatOf(command);
      return concat ? [{ node: call, anchors: [command], data: { command, concat } }] : [];
    });

/** True for an argument that is already an array or list of arguments. */
const isArgumentList = (arg: SgNode): boolean => {
  const expr = unparen(arg);
  const kind = kindOf(expr);
  if (kind === 'array_creation_expression') return true;
  if (kind === 'method_invocation' && /^(toArray|asList|of|split)$/.test(methodName(expr)))
    return true;
  const declaration =
    kind === 'identifier' || kind === 'field_access' ? declarationOfExpr(expr) : null;
  return (
    !!declaration &&
    /(\[\]|^(List|ArrayList|Collection|Iterable)(<.*>)?)$/.test(
      declaration.type.replace(/\s+/g, ''),
    )
  );
};

const ONE_VALUE =
  'the command line is one value this code is given (a parameter, a field, an array element): there are no literal program and values here to separate; what runs is the caller\u2019s decision';
const ALREADY_ARGUMENTS =
  'the program and its arguments are already passed separately (an argument array or list; no shell and no whitespace splitting): what runs is chosen by the caller that supplies them';

/**
 * `Runtime.exec` calls whose command is not a concatenation made here, and every
 * `new ProcessBuilder(...)` / `builder.command(...)`: declined with the reason.
 */
const otherSites = (file: SourceFile, taken: Set<number>): Site<ExecData>[] => [
  ...callsIn(file.root)
    .filter(
      (call) =>
        methodName(call) === 'exec' &&
        isRuntime(call) &&
        argsOf(call).length >= 1 &&
        !taken.has(call.id()) &&
        !isConstantString(unparen(argsOf(call)[0]!)),
    )
    .map((call) => ({
      node: call,
      anchors: [argsOf(call)[0]!],
      decline: isArgumentList(argsOf(call)[0]!) ? ALREADY_ARGUMENTS : ONE_VALUE,
    })),
  ...file.root
    .findAll({
      rule: { any: [{ kind: 'object_creation_expression' }, { kind: 'method_invocation' }] },
    })
    .filter((node) =>
      kindOf(node) === 'object_creation_expression'
        ? /^(java\.lang\.)?ProcessBuilder$/.test(node.field('type')?.text() ?? '') &&
          argsOf(node).length > 0
        : methodName(node) === 'command' &&
          argsOf(node).length > 0 &&
          !!receiver(node) &&
          declarationOfExpr(receiver(node)!)?.simpleType === 'ProcessBuilder',
    )
    .map((node) => ({ node, decline: ALREADY_ARGUMENTS })),
];

/** `remediate:java/command-exec-array`: `Runtime.exec("cmd " + x)` → `exec(new String[] {"cmd", x})`. */
export const javaCommandExecArray = defineCodemod<ExecData>({
  id: 'remediate:java/command-exec-array',
  languages: ['java'],
  rules: {
    codeql: ['java/concatenated-command-line'],
    semgrep: [
      'java.lang.security.audit.command-injection-formatted-runtime-call.command-injection-formatted-runtime-call',
    ],
    spotbugs: ['COMMAND_INJECTION'],
  },
  cwe: [78, 88],
  owasp: ['A03:2021'],
  title: 'Argument array instead of a concatenated command line',
  description:
    'Rewrites `Runtime.getRuntime().exec("convert " + input + " -resize " + size)` (inline or ' +
    'through a local String) into `exec(new String[] {"convert", input, "-resize", size})`: the ' +
    'literal text is split on whitespace exactly as `Runtime.exec(String)` splits it, and each ' +
    'value stays one argument. Refused when the program itself is dynamic, when it is a shell, ' +
    'or when the literal text contains quotes. Declined with the reason: a command line that is one ' +
    'value the code is given, and commands already passed as an argument array or list ' +
    '(`exec(String[])`, `new ProcessBuilder(list)`, `builder.command(...)`), where no splitting or ' +
    'shell is involved and what runs is the caller\u2019s decision.',
  rationale: {
    problem:
      '`Runtime.exec(String)` splits the whole command line on whitespace, so a value containing ' +
      'spaces becomes several arguments: `"a.png -write /etc/cron.d/x"` adds options and ' +
      'targets the program never meant to accept (argument injection).',
    change:
      'The command is passed as an argument array. Literal text is split where ' +
      '`Runtime.exec` split it before; each value, whatever it contains, is exactly one argument.',
    safety:
      'The same program receives the same arguments whenever values contain no whitespace; no ' +
      'shell was involved before or after (`Runtime.exec` never used one), and the call keeps its ' +
      'environment and directory arguments and its `Process` result. Commands run through ' +
      '`sh -c` or `cmd /c` are refused, as are command lines with quotes (whose meaning the ' +
      'author may have misread) and a program chosen at run time.',
  },
  references: [
    {
      title:
        "CWE-88: Improper Neutralization of Argument Delimiters in a Command ('Argument Injection')",
      url: 'https://cwe.mitre.org/data/definitions/88.html',
    },
    {
      title: 'SEI CERT IDS07-J. Sanitize untrusted data passed to the Runtime.exec() method',
      url: 'https://wiki.sei.cmu.edu/confluence/display/java/IDS07-J.+Sanitize+untrusted+data+passed+to+the+Runtime.exec()+method',
    },
    {
      title: 'java.lang.Runtime#exec(String[])',
      url: 'https://docs.oracle.com/en/java/javase/21/docs/api/java.base/java/lang/Runtime.html#exec(java.lang.String%5B%5D)',
    },
  ],
  detect: (file) => {
    const sites = execSites(file);
    return [...sites, ...otherSites(file, new Set(sites.map((s) => s.node.id())))];
  },
  fix: ({ data }, editor) => {
    if (!data) return;
    const literalText = plusOperands(data.concat)
      .map((p) => stringValue(p) ?? '')
      .join('');
    if (/["']/.test(literalText)) {
      return notApplicable('unsafe_to_change', 'the command line contains quotes');
    }
    const args = tokens(data.concat);
    const program = args[0];
    if (!program || program.some((p) => 'code' in p)) {
      return notApplicable('unsafe_to_change', 'the program to run is chosen at run time');
    }
    const name = program.map((p) => ('literal' in p ? p.literal : '')).join('');
    if (SHELLS.test(name)) {
      return notApplicable('unsafe_to_change', `the command runs through the shell ${name}`);
    }
    editor.replace(data.command, `new String[] {${args.map(tokenCode).join(', ')}}`);
  },
});
