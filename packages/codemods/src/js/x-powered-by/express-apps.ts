import type { SgNode } from '@ast-grep/napi';
import { argsOf, calleeName, receiverOf, stringValue } from '../common/calls.js';

const HEADER = 'x-powered-by';

/** Local names the `express` module is bound to (default/namespace import or `require`). */
const expressNames = (root: SgNode): Set<string> => {
  const names = new Set<string>();
  for (const imp of root.findAll({ rule: { kind: 'import_statement' } })) {
    if (stringValue(imp.field('source')) !== 'express') continue;
    const clause = imp.find({ rule: { kind: 'import_clause' } });
    for (const child of clause?.children() ?? []) {
      if (child.kind() === 'identifier') names.add(child.text());
      if (child.kind() === 'namespace_import') {
        const id = child.find({ rule: { kind: 'identifier' } });
        if (id) names.add(id.text());
      }
    }
  }
  for (const declarator of root.findAll({ rule: { kind: 'variable_declarator' } })) {
    const value = declarator.field('value');
    const name = declarator.field('name');
    if (value?.kind() !== 'call_expression' || name?.kind() !== 'identifier') continue;
    if (
      value.field('function')?.text() === 'require' &&
      stringValue(argsOf(value)[0]) === 'express'
    )
      names.add(name.text());
  }
  return names;
};

/** How an app's `X-Powered-By` header is handled in the file. */
export type HeaderState =
  | { kind: 'hidden' }
  /** `app.set('x-powered-by', true)` (or `app.enable('x-powered-by')`): the call to rewrite. */
  | { kind: 'enabled'; call: SgNode }
  | { kind: 'default' };

/** An Express application created in the file: `const app = express()`. */
export interface ExpressApp {
  /** The `express()` call. */
  call: SgNode;
  declarator: SgNode;
  name: string;
  state: HeaderState;
}

const isHeader = (node: SgNode | undefined): boolean =>
  (stringValue(node) ?? '').toLowerCase() === HEADER;

/**
 * What the file does to an app's header: `app.disable('x-powered-by')`, `app.set(…, false)`
 * and Helmet (`helmet()`, `helmet.hidePoweredBy()`, `hide-powered-by`) hide it, as
 * `sonarjs/x-powered-by` accepts; `app.set(…, true)`/`app.enable(…)` turn it on explicitly.
 */
const stateOf = (root: SgNode, app: string): HeaderState => {
  let enabled: SgNode | null = null;
  for (const call of root.findAll({ rule: { kind: 'call_expression' } })) {
    const receiver = receiverOf(call)?.text();
    const method = calleeName(call);
    const [first, second] = argsOf(call);
    if (receiver !== app) continue;
    if (method === 'disable' && isHeader(first)) return { kind: 'hidden' };
    if (method === 'set' && isHeader(first)) {
      if (second?.text() === 'false') return { kind: 'hidden' };
      enabled = call;
    }
    if (method === 'enable' && isHeader(first)) enabled = call;
    if (method === 'use' && first && /helmet|hidePoweredBy|hide-powered-by/i.test(first.text()))
      return { kind: 'hidden' };
  }
  return enabled ? { kind: 'enabled', call: enabled } : { kind: 'default' };
};

/** Every Express app the file creates and its header state. */
export const expressApps = (root: SgNode): ExpressApp[] => {
  const names = expressNames(root);
  if (names.size === 0) return [];
  return root.findAll({ rule: { kind: 'variable_declarator' } }).flatMap((declarator) => {
    const name = declarator.field('name');
    let value = declarator.field('value');
    while (
      value &&
      ['as_expression', 'non_null_expression', 'parenthesized_expression'].includes(
        String(value.kind()),
      )
    )
      value = value.namedChildren()[0] ?? null;
    if (name?.kind() !== 'identifier' || value?.kind() !== 'call_expression') return [];
    if (!names.has(value.field('function')?.text() ?? '')) return [];
    return [{ call: value, declarator, name: name.text(), state: stateOf(root, name.text()) }];
  });
};
