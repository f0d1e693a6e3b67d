import { notApplicable } from '../../engine/codemod.js';
import { defineCodemod } from '../../engine/define.js';
import type { SourceFile } from '../../engine/source-file.js';
import { quoted } from '../../text/style.js';
import { appendArgument, hasSplat, isFalse, keyword, positional } from '../shared/args.js';
import { isSecretName, wordsOf } from '../shared/context.js';
import { literalValue } from '../shared/strings.js';
import type { Site } from '../../types.js';
import type { SgNode } from '@ast-grep/napi';

const argumentsCount = (call: SgNode): number =>
  call
    .field('arguments')
    ?.namedChildren()
    .filter((a) => a.kind() !== 'comment').length ?? 0;
const isStringLiteral = (node: SgNode): boolean =>
  node.kind() === 'string' || node.kind() === 'concatenated_string';

type Flag = 'secure' | 'httponly' | 'samesite';

interface Data {
  /** The flags to add, in order. */
  add: Flag[];
  refusal?: string;
}

/** Cookies scripts must read: a double-submit CSRF token. */
const SCRIPT_READ = new Set(['csrf', 'csrftoken', 'xsrf']);
const SESSIONISH = new Set([
  'session',
  'sid',
  'remember',
  'login',
  'user',
  'jwt',
  'refresh',
  'access',
]);

/** `sensitive` for session/auth cookies, `script` for CSRF tokens, else `other`. */
const cookieKind = (name: string | null): 'sensitive' | 'script' | 'other' => {
  if (!name) return 'other';
  const words = wordsOf(name);
  if (words.some((w) => SCRIPT_READ.has(w))) return 'script';
  return isSecretName(name) || words.some((w) => SESSIONISH.has(w)) ? 'sensitive' : 'other';
};

/** `max_age=0` or an `expires` literal in 1970: a Set-Cookie that deletes the cookie. */
const deletes = (call: SgNode): boolean => {
  const maxAge = keyword(call, 'max_age')?.field('value');
  const expires = keyword(call, 'expires')?.field('value');
  return (
    (maxAge?.kind() === 'integer' && Number(maxAge.text()) === 0) ||
    (!!expires && /\b1970\b/.test(literalValue(expires) ?? ''))
  );
};

/**
 * The parameters of the class's own `set_cookie` when the call is `self.set_cookie(...)` inside
 * a class that defines one (null otherwise; `'**'` in the set when it takes `**kwargs`), with
 * its parameter list as written: a client's cookie-jar helper (pysaml2's
 * `set_cookie(self, kaka, request)`) takes no cookie flags.
 */
const ownSetCookie = (call: SgNode): { params: Set<string>; signature: string } | null => {
  const callee = call.field('function');
  if (callee?.field('object')?.text() !== 'self') return null;
  let cls: SgNode | null = call.parent();
  while (cls && cls.kind() !== 'class_definition') cls = cls.parent();
  const method = cls
    ?.findAll({ rule: { kind: 'function_definition' } })
    .find((f) => f.field('name')?.text() === 'set_cookie');
  const list = method?.field('parameters');
  if (!list) return null;
  const params = new Set(
    list
      .namedChildren()
      .map((p) =>
        p.kind() === 'dictionary_splat_pattern'
          ? '**'
          : p.kind() === 'identifier'
            ? p.text()
            : (p.field('name')?.text() ?? p.find({ rule: { kind: 'identifier' } })?.text() ?? ''),
      ),
  );
  return { params, signature: `set_cookie${list.text().replace(/\s+/g, ' ')}` };
};

/** Every `response.set_cookie(...)` in a web-framework module that leaves a flag out. */
const cookieCalls = (file: SourceFile): Site<Data>[] => {
  return file.root.findAll({ rule: { kind: 'call' } }).flatMap((call): Site<Data>[] => {
    const callee = call.field('function');
    if (callee?.kind() !== 'attribute' || callee.field('attribute')?.text() !== 'set_cookie') {
      return [];
    }
    const args = positional(call);
    // `jar.set_cookie(cookie)`: http.cookiejar / requests store a Cookie object client-side.
    if (args.length === 1 && argumentsCount(call) === 1 && !isStringLiteral(args[0]!)) {
      return [
        {
          node: call,
          decline:
            'set_cookie stores a Cookie object in a client-side cookie jar (http.cookiejar, requests): no Set-Cookie header is sent, so there are no flags to add',
        },
      ];
    }
    const missing = (['secure', 'httponly', 'samesite'] as const).filter((f) => !keyword(call, f));
    if (missing.length === 0) return [];
    if (hasSplat(call)) {
      return [
        {
          node: call,
          decline:
            'the cookie\u2019s arguments come through *args/**kwargs, so which flags are set is decided elsewhere',
        },
      ];
    }
    const own = ownSetCookie(call);
    if (own && !own.params.has('**') && !missing.some((f) => own.params.has(f))) {
      return [
        {
          node: call,
          decline: `set_cookie here is this class's own method, ${own.signature}, which takes no secure, httponly or samesite argument: passing them would raise TypeError`,
        },
      ];
    }
    const nameNode = positional(call)[0] ?? keyword(call, 'key')?.field('value');
    const kind = cookieKind(nameNode ? literalValue(nameNode) : null);
    const add = missing.filter((f) => f !== 'httponly' || kind === 'sensitive');
    if (add.length === 0) {
      // A script-readable cookie missing only HttpOnly is as it should be.
      if (kind === 'script') return [];
      return [
        {
          node: call,
          decline: deletes(call)
            ? 'the call deletes the cookie (max_age=0 or an expiry in the past): the header carries no value, so HttpOnly protects nothing'
            : 'only HttpOnly is missing, and nothing here shows whether scripts must read this cookie (its name is not a session or credential literal): HttpOnly would hide it from them',
        },
      ];
    }
    const explicitOff = (['secure', 'httponly'] as const).filter((f) =>
      isFalse(keyword(call, f)?.field('value') ?? undefined),
    );
    const refusal =
      explicitOff.length > 0 && kind === 'sensitive'
        ? `${explicitOff.join(' and ')} is explicitly False`
        : undefined;
    return [{ node: call, data: { add, ...(refusal ? { refusal } : {}) } }];
  });
};

/** `remediate:python/cookie-flags`: `set_cookie(...)` → `secure`, `httponly`, `samesite` set. */
export const pythonCookieFlags = defineCodemod<Data>({
  id: 'remediate:python/cookie-flags',
  languages: ['python'],
  rules: {
    codeql: ['py/insecure-cookie'],
    semgrep: [
      'python.flask.security.audit.secure-set-cookie.secure-set-cookie',
      'python.django.security.audit.secure-cookies.django-secure-set-cookie',
    ],
    sonarqube: ['python:S2092', 'python:S3330'],
  },
  cwe: [614, 1004, 1275],
  owasp: ['A05:2021'],
  title: 'Secure, HttpOnly and SameSite on cookies set by Flask, Django and Starlette',
  description:
    'Adds the cookie attributes a `response.set_cookie(name, value, ...)` call leaves out ' +
    '(Flask, Werkzeug, Django, Starlette and FastAPI responses all take these keywords, so ' +
    'the call may sit in a helper module that imports none of them): `secure=True` and ' +
    '`samesite="Lax"` always, ' +
    '`httponly=True` for session, authentication and token cookies (judged from the cookie ' +
    'name). Cookies that scripts may read (a CSRF token, a UI preference) do not get HttpOnly; ' +
    'attributes set explicitly are kept. Declined with the reason: `jar.set_cookie(cookie)` ' +
    '(a client-side cookie jar, no Set-Cookie header), arguments passed through `**kwargs`, ' +
    'a call that deletes the cookie (`max_age=0`, an expiry in 1970) or one whose name is not ' +
    'known here and that misses only HttpOnly, and `self.set_cookie(...)` in a class whose own ' +
    '`set_cookie` takes none of the flags (a client storing cookies in its jar).',
  rationale: {
    problem:
      'Without `Secure` the browser also sends the cookie over plain HTTP, where it can be ' +
      'read on the network; without `HttpOnly` any injected script can steal a session cookie; ' +
      'without `SameSite` the cookie rides along on cross-site requests (CSRF).',
    change:
      'The missing attributes are set: HTTPS only, no script access for session and auth ' +
      'cookies, and `SameSite=Lax` (sent on top-level navigation, not on cross-site ' +
      'sub-requests or form posts).',
    safety:
      'Over HTTPS the cookie works as before; browsers treat `http://localhost` as secure, so ' +
      'local development keeps working. `Lax` is the default modern browsers already apply. ' +
      'A deployment served over plain HTTP, or a flow that needs the cookie on cross-site ' +
      'POSTs, must set the attribute explicitly.',
  },
  references: [
    {
      title: "CWE-614: Sensitive Cookie Without 'Secure' Attribute",
      url: 'https://cwe.mitre.org/data/definitions/614.html',
    },
    {
      title: 'Flask: set-cookie options',
      url: 'https://flask.palletsprojects.com/en/stable/security/#set-cookie-options',
    },
    {
      title: 'OWASP A05:2021 Security Misconfiguration',
      url: 'https://owasp.org/Top10/A05_2021-Security_Misconfiguration/',
    },
  ],
  detect: cookieCalls,
  fix: ({ node, data }, editor) => {
    if (!data) return;
    if (data.refusal) return notApplicable('unsafe_to_change', data.refusal);
    const value: Record<Flag, string> = {
      secure: 'True',
      httponly: 'True',
      samesite: quoted(editor.file.style, 'Lax'),
    };
    appendArgument(editor, node, ...data.add.map((f) => `${f}=${value[f]}`));
  },
});
