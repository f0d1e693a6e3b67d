import type { SgNode } from '@ast-grep/napi';
import type { SourceFile } from '../../engine/source-file.js';
import type { Site } from '../../types.js';
import { argsOf, callsIn, kindOf, methodName, receiver } from '../shared/ast.js';
import { exceptionsHandled } from '../shared/exceptions.js';
import { declarationOfExpr, enclosingBody, enclosingClassBody } from '../shared/scope.js';
import { blockStatement } from '../shared/statements.js';
import { FACTORIES, type Factory, type Setting } from './factories.js';

export interface XxeData {
  factory: Factory;
  /** `inline`: settings inserted after `statement`; `helper`: the creation is wrapped. */
  mode: 'inline' | 'helper';
  /** How the factory is referenced (`dbf`, `this.factory`). */
  variable: string | null;
  statement: SgNode | null;
  missing: readonly Setting[];
}

/** The helper method name for a factory type. */
export const helperName = (factory: Factory): string => `secure${factory.type}`;

const factoryOf = (call: SgNode): Factory | undefined =>
  FACTORIES.find((f) =>
    f.creators.some(
      (c) =>
        c.method.test(methodName(call)) &&
        (c.receiver === null
          ? receiver(call) !== null
          : c.receiver.test(receiver(call)?.text() ?? '')),
    ),
  );

const normalized = (text: string): string => text.replace(/\s+/g, '');

const present = (calls: readonly SgNode[], variable: string, setting: Setting): boolean =>
  calls.some((call) => {
    const [key, value] = argsOf(call);
    return (
      methodName(call) === setting.method &&
      normalized(receiver(call)?.text() ?? '') === variable &&
      !!key &&
      !!value &&
      setting.keys.includes(normalized(key.text())) &&
      setting.values.includes(normalized(value.text()))
    );
  });

/** Where the creation's result is kept: a local, an assigned variable or field, or nowhere. */
const holderOf = (creation: SgNode) => {
  const parent = creation.parent();
  if (kindOf(parent) === 'variable_declarator') {
    const name = parent!.field('name')!.text();
    const declaration = parent!.parent()!;
    if (kindOf(declaration) === 'field_declaration') {
      return { name, statement: null, anchor: declaration, field: true };
    }
    const statement = blockStatement(creation);
    return statement ? { name, statement, anchor: statement, field: false } : null;
  }
  if (
    kindOf(parent) === 'assignment_expression' &&
    kindOf(parent!.parent()) === 'expression_statement'
  ) {
    const left = parent!.field('left')!;
    const statement = blockStatement(creation);
    const declaration = declarationOfExpr(left);
    if (!statement || !declaration) return null;
    return {
      name: normalized(left.text()),
      statement,
      anchor: statement,
      field: declaration.kind === 'field',
    };
  }
  return null;
};

const wrappedByHelper = (creation: SgNode, factory: Factory): boolean => {
  const list = creation.parent();
  if (kindOf(list) !== 'argument_list') return false;
  const call = list!.parent()!;
  return methodName(call) === helperName(factory) && receiver(call) === null;
};

/** Every XML factory or reader created without the settings that switch off external entities. */
export const xxeSites = (file: SourceFile): Site<XxeData>[] =>
  callsIn(file.root).flatMap((creation): Site<XxeData>[] => {
    const factory = factoryOf(creation);
    if (!factory || wrappedByHelper(creation, factory)) return [];
    const holder = holderOf(creation);
    const alternatives = factory.alternatives.length ? factory.alternatives : [factory.settings];
    if (!holder) {
      return [
        {
          node: creation,
          data: {
            factory,
            mode: 'helper',
            variable: null,
            statement: null,
            missing: factory.settings,
          },
        },
      ];
    }
    const searchIn = holder.field ? enclosingClassBody(creation) : enclosingBody(creation);
    const calls = callsIn(searchIn ?? file.root);
    const names = holder.field
      ? [holder.name, `this.${holder.name.replace(/^this\./, '')}`]
      : [holder.name];
    const has = (s: Setting) => names.some((n) => present(calls, n, s));
    if (alternatives.some((alt) => alt.every(has))) return [];
    const missing = factory.settings.filter((s) => !has(s));
    const sinks = calls.filter(
      (c) =>
        factory.sinks.includes(methodName(c)) &&
        names.includes(normalized(receiver(c)?.text() ?? '')),
    );
    const derived = sinks.flatMap((sink) => {
      const parent = sink.parent();
      if (kindOf(parent) === 'method_invocation') return [parent!];
      if (kindOf(parent) !== 'variable_declarator') return [];
      const name = parent!.field('name')!.text();
      return calls.filter((c) => receiver(c)?.text() === name);
    });
    const inline = holder.statement !== null && exceptionsHandled(holder.statement, factory.throws);
    return [
      {
        node: creation,
        anchors: [holder.anchor, ...sinks, ...derived],
        data: {
          factory,
          mode: inline ? 'inline' : 'helper',
          variable: holder.name,
          statement: holder.statement,
          missing,
        },
      },
    ];
  });
