import type { SgNode } from '@ast-grep/napi';
import { defineCodemod } from '../../engine/define.js';
import { notApplicable } from '../../engine/codemod.js';
import { quoted } from '../../text/style.js';
import { argsOf, propertyOf, stringValue } from '../common/calls.js';
import { unwrap } from '../common/request-input.js';
import { addProperties } from '../common/object-props.js';
import { cookieCall, type CookieCall } from './cookie-calls.js';

type Data = CookieCall;

/** Flags a cookie needs: `key` must be `true` (absent counts as the library's default). */
interface Need {
  key: 'secure' | 'httpOnly';
  /** Whether the library defaults the flag to true when it is absent. */
  defaultOn: boolean;
}

const NEEDS: Record<CookieCall['kind'], Need[]> = {
  'res-cookie': [
    { key: 'secure', defaultOn: false },
    { key: 'httpOnly', defaultOn: false },
  ],
  'express-session': [
    { key: 'secure', defaultOn: false },
    { key: 'httpOnly', defaultOn: true },
  ],
  'cookie-session': [
    { key: 'secure', defaultOn: false },
    { key: 'httpOnly', defaultOn: true },
  ],
};

const isFalse = (node: SgNode | null | undefined) =>
  node != null && unwrap(node).kind() === 'false';

/** The object literal holding the cookie flags, or a reason it cannot be edited. */
const flagsObject = (call: SgNode, kind: CookieCall['kind']): SgNode | null | string => {
  const args = argsOf(call);
  const options = kind === 'res-cookie' ? args[2] : args[0];
  if (!options) return null;
  const o = unwrap(options);
  if (o.kind() !== 'object') return 'the options are built elsewhere';
  if (kind !== 'express-session') return o;
  const cookie = propertyOf(o, 'cookie')?.field('value');
  if (!cookie) return o;
  return unwrap(cookie).kind() === 'object'
    ? unwrap(cookie)
    : 'the cookie options are built elsewhere';
};

/** A cookie client scripts must read (a CSRF token): it cannot be HttpOnly. */
const readByScripts = (call: SgNode): boolean => {
  const name = argsOf(call)[0];
  return /csrf|xsrf/i.test(stringValue(name) ?? name?.text() ?? '');
};

const same = (a: SgNode, b: SgNode) => a.range().start.index === b.range().start.index;

/** The express-session options object when it has no `cookie` property (flags are defaults). */
const bareSession = (call: SgNode, kind: CookieCall['kind'], flags: SgNode): boolean =>
  kind === 'express-session' && same(flags, unwrap(argsOf(call)[0]!));

/**
 * True when the flags leave the cookie without Secure or HttpOnly: a flag set to `false`, or
 * absent where the library defaults it off. A flag set from an expression is a deliberate
 * setting and counts as configured. Options built elsewhere count (the fix then refuses).
 */
const insecure = (call: SgNode, kind: CookieCall['kind']): boolean => {
  const flags = flagsObject(call, kind);
  if (typeof flags === 'string' || !flags) return true;
  const holder = bareSession(call, kind, flags) ? null : flags;
  const clientRead = kind === 'res-cookie' && readByScripts(call);
  return NEEDS[kind].some(({ key, defaultOn }) => {
    if (key === 'httpOnly' && clientRead) return false;
    const value = holder ? propertyOf(holder, key)?.field('value') : undefined;
    return value ? isFalse(value) : !defaultOn;
  });
};

/** `remediate:js/insecure-cookie`: cookies without Secure/HttpOnly/SameSite → with them. */
export const jsInsecureCookie = defineCodemod<Data>({
  id: 'remediate:js/insecure-cookie',
  languages: ['javascript', 'typescript', 'tsx'],
  rules: {
    codeql: ['js/clear-text-cookie', 'js/client-exposed-cookie'],
    semgrep: [
      'javascript.express.security.audit.express-cookie-settings.express-cookie-session-no-secure',
      'javascript.express.security.audit.express-cookie-settings.express-cookie-session-no-httponly',
      'rules_lgpl_javascript_headers_rule-cookie-session-no-secure',
      'rules_lgpl_javascript_headers_rule-cookie-session-no-httponly',
      'rules_lgpl_javascript_headers_rule-cookie-session-no-samesite',
    ],
    eslint: ['sonarjs/insecure-cookie', 'sonarjs/cookie-no-httponly'],
    njsscan: [
      'cookie_session_no_secure',
      'cookie_session_no_httponly',
      'cookie_session_no_samesite',
    ],
    sonarqube: ['javascript:S2092', 'typescript:S2092', 'javascript:S3330', 'typescript:S3330'],
  },
  cwe: [614, 1004, 1275],
  owasp: ['A05:2021'],
  title: 'Secure, HttpOnly and SameSite cookie flags',
  description:
    "Sets `secure: true`, `httpOnly: true` and `sameSite: 'lax'` on Express `res.cookie(...)` " +
    'options and on `express-session` (`cookie: {...}`) and `cookie-session` options: missing ' +
    'flags are added and `false` ones turned on. CSRF cookies that scripts must read keep ' +
    '`httpOnly` off.',
  rationale: {
    problem:
      'Without `Secure` the cookie is sent over plain HTTP and can be read on the network; ' +
      'without `HttpOnly` any injected script can steal it; without `SameSite` it rides along ' +
      'on cross-site requests.',
    change:
      'The options object gets the missing flags (or the cookie options object for ' +
      '`express-session`), in the object\u2019s own layout; flags set to `false` become `true`.',
    safety:
      "`sameSite: 'lax'` is what browsers already apply to cookies without the attribute. Secure " +
      'cookies are still set on `http://localhost` by current browsers, but an app behind a TLS ' +
      "proxy needs `app.set('trust proxy', 1)` for express-session to issue them. A cookie read " +
      'by client scripts (a CSRF token) keeps `httpOnly` off.',
  },
  references: [
    {
      title: 'CWE-614: Sensitive Cookie Without Secure Attribute',
      url: 'https://cwe.mitre.org/data/definitions/614.html',
    },
    {
      title: 'CWE-1004: Sensitive Cookie Without HttpOnly Flag',
      url: 'https://cwe.mitre.org/data/definitions/1004.html',
    },
    { title: 'Express res.cookie', url: 'https://expressjs.com/en/5x/api.html#res.cookie' },
    {
      title: 'express-session cookie options',
      url: 'https://github.com/expressjs/session#cookie',
    },
  ],
  detect: (file) =>
    file.root.findAll({ rule: { kind: 'call_expression' } }).flatMap((call) => {
      const found = cookieCall(file.root, call);
      return found && insecure(call, found.kind) ? [{ node: call, data: found }] : [];
    }),
  fix: ({ node, data }, editor, ctx) => {
    if (!data) return;
    const { style } = editor.file;
    const args = argsOf(node);
    const name = data.kind === 'res-cookie' ? (stringValue(args[0]) ?? args[0]?.text() ?? '') : '';
    const clientRead = data.kind === 'res-cookie' && readByScripts(node);
    const flags = flagsObject(node, data.kind);
    if (typeof flags === 'string') return notApplicable('unsafe_to_change', flags);
    const wanted: [string, string][] = [['secure', 'true']];
    if (!clientRead) wanted.push(['httpOnly', 'true']);
    wanted.push(['sameSite', quoted(style, 'lax')]);
    const literal = `{ ${wanted.map(([k, v]) => `${k}: ${v}`).join(', ')} }`;
    if (!flags) {
      if (data.kind !== 'res-cookie') {
        return notApplicable('unsafe_to_change', 'the middleware has no options object');
      }
      if (args.length < 2) return notApplicable('pattern_not_recognized', 'not a cookie being set');
      editor.insert(args[1]!.range().end.index, `, ${literal}`);
      return;
    }
    if (bareSession(node, data.kind, flags)) {
      addProperties(editor, flags, [['cookie', literal]]);
      ctx.note(
        "Behind a TLS-terminating proxy, express-session needs `app.set('trust proxy', 1)` to send a secure cookie.",
      );
      return;
    }
    const httpOnly = propertyOf(flags, 'httpOnly')?.field('value');
    if (
      isFalse(httpOnly) &&
      data.kind === 'res-cookie' &&
      !/sid|session|auth|token|jwt|remember/i.test(name)
    ) {
      return notApplicable(
        'unsafe_to_change',
        'httpOnly is turned off on purpose and the cookie may be read by client scripts',
      );
    }
    const missing: [string, string][] = [];
    for (const [key, value] of wanted) {
      const current = propertyOf(flags, key)?.field('value');
      if (!current) missing.push([key, value]);
      else if (key !== 'sameSite' && isFalse(current)) editor.replace(current, value);
    }
    addProperties(editor, flags, missing);
    if (data.kind === 'express-session') {
      ctx.note(
        "Behind a TLS-terminating proxy, express-session needs `app.set('trust proxy', 1)` to send a secure cookie.",
      );
    }
  },
});
