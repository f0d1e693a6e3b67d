import type { SgNode } from '@ast-grep/napi';
import type { SourceFile } from '../../engine/source-file.js';
import { argvList, shellWords } from '../shared/argv.js';
import { enclosingFunction } from '../shared/names.js';
import { commonBlock, localUses } from '../shared/scope.js';
import { literalValue } from '../shared/strings.js';
import { templateOf } from '../shared/template.js';
import { knownStrOrPath } from '../shared/types.js';

/** How to replace a shell command: `target` becomes `list`, or `shlex.split(shlexName)`. */
export interface CommandFix {
  target: SgNode;
  list?: string;
  shlexName?: string;
  /** The block holding both the command's assignment and the call, when both change. */
  scope?: SgNode;
}

/** The argument list for a command-building expression, or why there is none. */
const listFor = (expression: SgNode, file: SourceFile): string | { refusal: string } => {
  const template = templateOf(expression);
  if ('refusal' in template) return { refusal: `the command is ${template.refusal}` };
  if (template.literals.length === 0) return { refusal: 'the command has no literal text' };
  const words = shellWords(template.pieces);
  if (typeof words === 'string') return { refusal: words };
  const list = argvList(words, file.style, knownStrOrPath);
  return list ?? { refusal: 'a value expression cannot be placed in an f-string here' };
};

/** A top-level `NAME = "literal"` assigned nowhere else, or null. */
const moduleConstant = (file: SourceFile, name: string): SgNode | null => {
  const assignments = file.root
    .findAll({ rule: { kind: 'assignment' } })
    .filter((a) => a.field('left')?.text() === name);
  const only = assignments[0];
  if (assignments.length !== 1 || only!.parent()?.parent()?.kind() !== 'module') return null;
  return only!.field('right') ?? null;
};

/**
 * How to turn the command of a `shell=True` call into an argument list: inline strings directly,
 * a local variable assigned once (and used only by the call) at its assignment, a module
 * constant through `shlex.split`.
 */
export const commandArgv = (
  command: SgNode,
  call: SgNode,
  file: SourceFile,
): CommandFix | { refusal: string } => {
  if (command.kind() === 'list' || command.kind() === 'tuple') {
    return { refusal: 'the command is a sequence, whose first item alone goes to the shell' };
  }
  if (command.kind() !== 'identifier') {
    const list = listFor(command, file);
    return typeof list === 'string' ? { target: command, list } : list;
  }
  const name = command.text();
  const fn = enclosingFunction(call);
  const local = fn ? localUses(fn, name) : null;
  if (local && (local.assignments.length > 0 || local.parameter)) {
    const [assignment] = local.assignments;
    if (local.parameter || local.assignments.length !== 1 || local.reads.length !== 1) {
      return {
        refusal: `the command variable ${name} is a parameter, reassigned or used elsewhere`,
      };
    }
    const right = assignment!.field('right')!;
    const list = listFor(right, file);
    if (typeof list !== 'string') return list;
    return { target: right, list, scope: commonBlock(assignment!, call) };
  }
  const constant = moduleConstant(file, name);
  const value = constant && literalValue(constant);
  if (value === null || value === undefined) {
    return { refusal: `the command ${name} is built elsewhere` };
  }
  const words = shellWords([{ kind: 'text', value }]);
  if (typeof words === 'string') return { refusal: words };
  return { target: command, shlexName: name };
};
