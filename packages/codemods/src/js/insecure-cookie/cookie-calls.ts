import type { SgNode } from '@ast-grep/napi';
import { argsOf, stringValue } from '../common/calls.js';
import { unwrap } from '../common/request-input.js';

/** A call that sets a cookie or configures a cookie-backed session. */
export interface CookieCall {
  kind: 'res-cookie' | 'express-session' | 'cookie-session';
}

const MIDDLEWARES: Record<string, CookieCall['kind']> = {
  'express-session': 'express-session',
  'cookie-session': 'cookie-session',
};

const cache = new WeakMap<object, Map<string, CookieCall['kind']>>();

/** Local names bound to `express-session` / `cookie-session` (import default or require). */
const middlewareNames = (root: SgNode): Map<string, CookieCall['kind']> => {
  const cached = cache.get(root);
  if (cached) return cached;
  const names = new Map<string, CookieCall['kind']>();
  for (const statement of root.findAll({ rule: { kind: 'import_statement' } })) {
    const kind = MIDDLEWARES[stringValue(statement.field('source')) ?? ''];
    const clause = statement.find({ rule: { kind: 'import_clause' } });
    const local = clause?.children().find((c) => c.kind() === 'identifier');
    if (kind && local) names.set(local.text(), kind);
  }
  for (const declarator of root.findAll({ rule: { kind: 'variable_declarator' } })) {
    const value = declarator.field('value');
    const call = value && unwrap(value);
    if (call?.kind() !== 'call_expression' || call.field('function')?.text() !== 'require')
      continue;
    const kind = MIDDLEWARES[stringValue(argsOf(call)[0]) ?? ''];
    const name = declarator.field('name');
    if (kind && name?.kind() === 'identifier') names.set(name.text(), kind);
  }
  cache.set(root, names);
  return names;
};

/** What kind of cookie call this is, or null. `res.cookie(name, value, options?)` needs a response receiver. */
export const cookieCall = (root: SgNode, call: SgNode): CookieCall | null => {
  const callee = call.field('function');
  if (!callee) return null;
  if (callee.kind() === 'identifier') {
    const kind = middlewareNames(root).get(callee.text());
    return kind ? { kind } : null;
  }
  if (callee.kind() !== 'member_expression' || callee.field('property')?.text() !== 'cookie') {
    return null;
  }
  const receiver = unwrap(callee.field('object')!);
  const ok =
    /^(res|response|reply)$/.test(receiver.text()) ||
    /\.(status|res)\([^)]*\)$|\.res$/.test(receiver.text());
  return ok && argsOf(call).length >= 2 ? { kind: 'res-cookie' } : null;
};
