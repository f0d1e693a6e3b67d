import type { SgNode } from '@ast-grep/napi';
import type { SourceFile } from '../../engine/source-file.js';
import type { Site } from '../../types.js';
import { argsOf, callsIn, kindOf, methodName, receiver, stringValue } from '../shared/ast.js';
import { enclosingBody } from '../shared/scope.js';
import { blockStatement } from '../shared/statements.js';

export type Flag = 'setSecure' | 'setHttpOnly';

export interface CookieData {
  /** The variable holding the cookie, or null for an inline `new Cookie(...)`. */
  variable: string | null;
  /** The statement that creates it (insertion point), when held in a variable. */
  statement: SgNode | null;
  /** Flags with no call at all. */
  missing: Flag[];
  /** `false` literals passed to a flag setter. */
  falseLiterals: SgNode[];
}

const SERVLET_COOKIE = /^import\s+(javax|jakarta)\.servlet\.http\.(Cookie|\*)\s*;/m;

/** Cookies that scripts must read by design (CSRF double-submit tokens) keep HttpOnly off. */
const SCRIPT_READABLE = /csrf|xsrf/i;

const isServletCookie = (file: SourceFile, creation: SgNode): boolean => {
  const type = creation.field('type')?.text() ?? '';
  if (/^(javax|jakarta)\.servlet\.http\.Cookie$/.test(type)) return true;
  return type === 'Cookie' && SERVLET_COOKIE.test(file.text);
};

/** The variable a creation is stored in by its own statement (`Cookie c = new ...` / `c = new ...`). */
const storedIn = (creation: SgNode): { name: string; statement: SgNode } | null => {
  const parent = creation.parent();
  const statement = blockStatement(creation);
  if (!statement) return null;
  if (
    kindOf(parent) === 'variable_declarator' &&
    kindOf(statement) === 'local_variable_declaration'
  ) {
    return { name: parent!.field('name')!.text(), statement };
  }
  if (
    kindOf(parent) === 'assignment_expression' &&
    kindOf(parent!.parent()) === 'expression_statement'
  ) {
    const left = parent!.field('left');
    if (kindOf(left) === 'identifier') return { name: left!.text(), statement };
  }
  return null;
};

const requiredFlags = (creation: SgNode): Flag[] => {
  const name = stringValue(argsOf(creation)[0]) ?? argsOf(creation)[0]?.text() ?? '';
  return SCRIPT_READABLE.test(name) ? ['setSecure'] : ['setSecure', 'setHttpOnly'];
};

/** Every servlet `new Cookie(...)` left without `Secure` / `HttpOnly` (or with them `false`). */
export const cookieSites = (file: SourceFile): Site<CookieData>[] =>
  file.root
    .findAll({ rule: { kind: 'object_creation_expression' } })
    .filter((creation) => isServletCookie(file, creation))
    .flatMap((creation): Site<CookieData>[] => {
      const required = requiredFlags(creation);
      const stored = storedIn(creation);
      if (!stored) {
        const helper =
          kindOf(creation.parent()) === 'argument_list' ? creation.parent()!.parent() : null;
        if (helper && /^withSecure(Flags|Flag)$/.test(methodName(helper))) return [];
        return [
          {
            node: creation,
            data: { variable: null, statement: null, missing: required, falseLiterals: [] },
          },
        ];
      }
      const body = enclosingBody(creation) ?? file.root;
      const calls = callsIn(body).filter(
        (c) =>
          receiver(c)?.text() === stored.name &&
          c.range().start.index > creation.range().start.index,
      );
      const setters = (flag: Flag) => calls.filter((c) => methodName(c) === flag);
      const missing = required.filter((flag) => setters(flag).length === 0);
      const falseLiterals = required
        .flatMap(setters)
        .map((c) => argsOf(c)[0])
        .filter((a): a is SgNode => kindOf(a) === 'false');
      if (missing.length === 0 && falseLiterals.length === 0) return [];
      const adds = callsIn(body).filter(
        (c) =>
          methodName(c) === 'addCookie' &&
          argsOf(c)[0]?.text() === stored.name &&
          c.range().start.index > creation.range().start.index,
      );
      return [
        {
          node: creation,
          anchors: [stored.statement, ...adds, ...falseLiterals.map((f) => f.parent()!.parent()!)],
          ...(falseLiterals.length ? { scope: body.field('body') ?? body } : {}),
          data: { variable: stored.name, statement: stored.statement, missing, falseLiterals },
        },
      ];
    });
