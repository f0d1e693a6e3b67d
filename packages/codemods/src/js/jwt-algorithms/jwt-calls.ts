import type { SgNode } from '@ast-grep/napi';
import { argsOf, propertyOf, stringValue } from '../common/calls.js';
import { unwrap } from '../common/request-input.js';

const MODULE = 'jsonwebtoken';
export type JwtMethod = 'verify' | 'decode' | 'sign';
const METHODS = new Set<string>(['verify', 'decode', 'sign']);

/** Calls of jsonwebtoken's verify/decode/sign through a default/namespace import, require or named import. */
export const jwtCalls = (root: SgNode): { call: SgNode; method: JwtMethod }[] => {
  const namespaces = new Set<string>();
  const named = new Map<string, string>();
  for (const statement of root.findAll({ rule: { kind: 'import_statement' } })) {
    if (stringValue(statement.field('source')) !== MODULE) continue;
    const clause = statement.find({ rule: { kind: 'import_clause' } });
    for (const child of clause?.children() ?? []) {
      if (child.kind() === 'identifier') namespaces.add(child.text());
      if (child.kind() === 'namespace_import') {
        const id = child.find({ rule: { kind: 'identifier' } });
        if (id) namespaces.add(id.text());
      }
    }
    for (const spec of statement.findAll({ rule: { kind: 'import_specifier' } })) {
      named.set((spec.field('alias') ?? spec.field('name'))!.text(), spec.field('name')!.text());
    }
  }
  for (const declarator of root.findAll({ rule: { kind: 'variable_declarator' } })) {
    const value = declarator.field('value');
    const call = value && unwrap(value);
    if (call?.kind() !== 'call_expression' || call.field('function')?.text() !== 'require')
      continue;
    if (stringValue(argsOf(call)[0]) !== MODULE) continue;
    const target = declarator.field('name')!;
    if (target.kind() === 'identifier') namespaces.add(target.text());
    for (const item of target.kind() === 'object_pattern' ? target.namedChildren() : []) {
      if (item.kind() === 'shorthand_property_identifier_pattern')
        named.set(item.text(), item.text());
      if (item.kind() === 'pair_pattern')
        named.set(item.field('value')!.text(), item.field('key')!.text());
    }
  }
  return root.findAll({ rule: { kind: 'call_expression' } }).flatMap((call) => {
    const callee = call.field('function');
    let method: string | undefined;
    if (callee?.kind() === 'identifier') method = named.get(callee.text());
    else if (
      callee?.kind() === 'member_expression' &&
      namespaces.has(unwrap(callee.field('object')!).text())
    ) {
      method = callee.field('property')?.text();
    }
    return method && METHODS.has(method) ? [{ call, method: method as JwtMethod }] : [];
  });
};

/** The algorithms the file signs with: `algorithm` options of `sign`, HS256 when absent (the library default). */
export const signingAlgorithms = (root: SgNode): Set<string> => {
  const algorithms = new Set<string>();
  for (const { call, method } of jwtCalls(root)) {
    if (method !== 'sign') continue;
    const options = argsOf(call)[2];
    const o = options && unwrap(options);
    if (
      o &&
      o.kind() !== 'object' &&
      !['arrow_function', 'function_expression'].includes(String(o.kind()))
    ) {
      algorithms.add('?');
      continue;
    }
    const algorithm =
      o?.kind() === 'object' ? propertyOf(o, 'algorithm')?.field('value') : undefined;
    algorithms.add(algorithm ? (stringValue(algorithm) ?? '?') : 'HS256');
  }
  return algorithms;
};
