import { notApplicable } from '../../engine/codemod.js';
import { defineCodemod } from '../../engine/define.js';
import { ensureJavaHelper } from '../../imports/helpers.js';
import { staticHelperHost } from '../shared/scope.js';
import { endsItsLine, insertAfter } from '../shared/statements.js';
import { cookieSites, type CookieData } from './cookie-sites.js';

const helperFor = (type: string, flags: readonly string[]) => {
  const name = flags.length === 2 ? 'withSecureFlags' : 'withSecureFlag';
  const calls = flags.map((f) => `\tcookie.${f}(true);`).join('\n');
  return {
    name,
    code: `private static ${type} ${name}(${type} cookie) {\n${calls}\n\treturn cookie;\n}`,
  };
};

/** `remediate:java/insecure-cookie`: servlet cookies get `Secure` and `HttpOnly`. */
export const javaInsecureCookie = defineCodemod<CookieData>({
  id: 'remediate:java/insecure-cookie',
  languages: ['java'],
  rules: {
    codeql: ['java/insecure-cookie', 'java/sensitive-cookie-not-httponly'],
    semgrep: [
      'java.lang.security.audit.cookie-missing-secure-flag.cookie-missing-secure-flag',
      'java.lang.security.audit.cookie-missing-httponly.cookie-missing-httponly',
    ],
    spotbugs: ['INSECURE_COOKIE', 'HTTPONLY_COOKIE'],
    sonarqube: ['java:S2092', 'java:S3330'],
    snyk: ['java/WebCookieMissesCallToSetHttpOnly'],
  },
  cwe: [614, 1004],
  owasp: ['A05:2021'],
  title: 'Secure and HttpOnly flags on servlet cookies',
  description:
    'After `Cookie c = new Cookie(...)` (javax or jakarta servlet) adds `c.setSecure(true);` and ' +
    '`c.setHttpOnly(true);` when the method never sets them, and turns `setSecure(false)` / ' +
    '`setHttpOnly(false)` into `true`. A cookie built inline (`response.addCookie(new Cookie(...))`) ' +
    'is wrapped in a small `withSecureFlags(...)` helper. CSRF-token cookies, which scripts must ' +
    'read, only get `Secure`.',
  rationale: {
    problem:
      'Without `Secure` the browser also sends the cookie over plain HTTP, where anyone on the ' +
      'network path can read it; without `HttpOnly` any injected script can read it through ' +
      '`document.cookie`. Session and authentication cookies are then easy to steal.',
    change:
      'The cookie is marked `Secure` (sent over HTTPS only) and `HttpOnly` (invisible to ' +
      'scripts) before it is added to the response.',
    safety:
      'Name, value, path, domain and lifetime are unchanged. Browsers treat `localhost` as a ' +
      'secure context, so local development keeps working; a site still served over plain HTTP ' +
      'must move to HTTPS. Cookies whose name marks them as CSRF tokens (double-submit pattern) ' +
      'are left readable by scripts. A flag computed at run time (`setSecure(request.isSecure())`) ' +
      'counts as set and is left alone.',
  },
  references: [
    {
      title: "CWE-614: Sensitive Cookie in HTTPS Session Without 'Secure' Attribute",
      url: 'https://cwe.mitre.org/data/definitions/614.html',
    },
    {
      title: "CWE-1004: Sensitive Cookie Without 'HttpOnly' Flag",
      url: 'https://cwe.mitre.org/data/definitions/1004.html',
    },
    {
      title: 'jakarta.servlet.http.Cookie',
      url: 'https://jakarta.ee/specifications/servlet/6.0/apidocs/jakarta.servlet/jakarta/servlet/http/cookie',
    },
  ],
  detect: cookieSites,
  fix: ({ node, data }, editor) => {
    if (!data) return;
    for (const literal of data.falseLiterals) editor.replace(literal, 'true');
    if (data.missing.length === 0) return;
    if (data.variable && data.statement) {
      if (!endsItsLine(editor, data.statement)) {
        return notApplicable('unsafe_to_change', 'another statement follows on the same line');
      }
      return insertAfter(
        editor,
        data.statement,
        data.missing.map((flag) => `${data.variable}.${flag}(true);`),
      );
    }
    const body = staticHelperHost(node);
    const type = node.field('type')?.text() ?? 'Cookie';
    const helper = body && ensureJavaHelper(editor, body, helperFor(type, data.missing));
    if (!helper) {
      return notApplicable(
        'unsafe_to_change',
        'no class body to hold the helper, or its name is taken',
      );
    }
    editor.replace(node, `${helper}(${node.text()})`);
  },
});
