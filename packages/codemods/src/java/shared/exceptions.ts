import type { SgNode } from '@ast-grep/napi';
import { kindOf, namedKids, simpleTypeName } from './ast.js';

/** Supertypes (simple names) of the checked exceptions the codemods' inserted code may throw. */
const SUPERTYPES: Record<string, readonly string[]> = {
  IOException: ['IOException', 'Exception', 'Throwable'],
  ParserConfigurationException: ['ParserConfigurationException', 'Exception', 'Throwable'],
  SAXNotRecognizedException: [
    'SAXNotRecognizedException',
    'SAXException',
    'Exception',
    'Throwable',
  ],
  SAXNotSupportedException: ['SAXNotSupportedException', 'SAXException', 'Exception', 'Throwable'],
  SQLException: ['SQLException', 'Exception', 'Throwable'],
};

const typeNames = (node: SgNode | null | undefined): string[] =>
  namedKids(node).map((t) => simpleTypeName(t));

const caughtBy = (tryNode: SgNode, exception: string): boolean =>
  tryNode
    .children()
    .filter((c) => kindOf(c) === 'catch_clause')
    .some((clause) => {
      const param = clause.children().find((c) => kindOf(c) === 'catch_formal_parameter');
      const types = typeNames(param?.children().find((c) => kindOf(c) === 'catch_type'));
      return types.some((t) => SUPERTYPES[exception]?.includes(t));
    });

/**
 * True when a checked exception thrown at `node` is handled: caught by an enclosing `try` (only
 * when `node` is in its body, not in a catch or finally block) or declared by the enclosing
 * method or constructor. Lambdas, initializers and field initializers handle nothing.
 */
export const exceptionHandled = (node: SgNode, exception: string): boolean => {
  for (let n: SgNode | null = node; n; n = n.parent()) {
    const parent = n.parent();
    if (!parent) return false;
    const kind = kindOf(parent);
    if (
      (kind === 'try_statement' || kind === 'try_with_resources_statement') &&
      kindOf(n) === 'block'
    ) {
      if (
        parent.field('body')?.range().start.index === n.range().start.index &&
        caughtBy(parent, exception)
      ) {
        return true;
      }
    }
    if (kind === 'try_with_resources_statement' && kindOf(n) === 'resource_specification') {
      if (caughtBy(parent, exception)) return true;
    }
    if (kind === 'method_declaration' || kind === 'constructor_declaration') {
      const throwsClause = parent.children().find((c) => kindOf(c) === 'throws');
      return typeNames(throwsClause).some((t) => SUPERTYPES[exception]?.includes(t));
    }
    if (
      ['lambda_expression', 'static_initializer', 'field_declaration', 'class_body'].includes(kind)
    ) {
      return false;
    }
  }
  return false;
};

/** True when every one of the exceptions is handled at `node`. */
export const exceptionsHandled = (node: SgNode, exceptions: readonly string[]): boolean =>
  exceptions.every((e) => exceptionHandled(node, e));
