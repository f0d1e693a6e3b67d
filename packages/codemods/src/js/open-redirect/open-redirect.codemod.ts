import type { SgNode } from '@ast-grep/napi';
import { defineCodemod } from '../../engine/define.js';
import { notApplicable } from '../../engine/codemod.js';
import { quoted } from '../../text/style.js';
import { argsOf, calleeName } from '../common/calls.js';
import { ensureValueHelper } from '../common/helper.js';
import { fromRequest, unwrap } from '../common/request-input.js';
import { stringParts } from '../common/string-parts.js';

type Data = { target: SgNode };

const HELPER = 'localRedirectPath';

/** The URL argument of `res.redirect([status,] url)` / `res.location(url)`. */
const targetOf = (call: SgNode): SgNode | null => {
  const name = calleeName(call);
  const callee = call.field('function');
  if (callee?.kind() !== 'member_expression' || (name !== 'redirect' && name !== 'location'))
    return null;
  if (!/^(res|response|ctx)$/.test(unwrap(callee.field('object')!).text())) return null;
  const args = argsOf(call);
  return (name === 'redirect' && args.length === 2 ? args[1] : args[0]) ?? null;
};

/** True when the start of the URL (its scheme and host) comes from the request. */
const hostFromRequest = (target: SgNode): boolean => {
  const first = stringParts(target)[0];
  if (!first || first.kind !== 'expr') return false;
  const e = unwrap(first.node);
  return !(e.kind() === 'call_expression' && calleeName(e) === HELPER) && fromRequest(e);
};

/** `remediate:js/open-redirect`: redirects to request-controlled URLs → same-site paths only. */
export const jsOpenRedirect = defineCodemod<Data>({
  id: 'remediate:js/open-redirect',
  languages: ['javascript', 'typescript', 'tsx'],
  rules: {
    codeql: ['js/server-side-unvalidated-url-redirection'],
    semgrep: [
      'javascript.express.security.audit.express-open-redirect.express-open-redirect',
      'javascript.express.security.audit.possible-user-input-redirect.possible-user-input-redirect',
      'rules_lgpl_javascript_redirect_rule-express-open-redirect',
    ],
    njsscan: ['express_open_redirect'],
    sonarqube: ['javascript:S5146', 'jssecurity:S5146', 'typescript:S5146', 'tssecurity:S5146'],
  },
  cwe: [601],
  owasp: ['A01:2021'],
  title: 'Redirect only to paths on the same site',
  description:
    '`res.redirect(url)` (and `res.location`) where the start of the URL comes from the request ' +
    'redirects through a `localRedirectPath` helper that keeps a path on this site (`/...`, but ' +
    'not `//host` or `/\\host`) and falls back to `/` for anything else.',
  rationale: {
    problem:
      'Redirecting to a URL taken from the request lets anyone craft a link on this site that ' +
      'lands on theirs (phishing, token theft through OAuth-style flows).',
    change:
      'The target goes through a small helper, added once to the file, which accepts only a ' +
      'same-site path and otherwise redirects to `/`.',
    safety:
      'Same-site paths (the normal `?next=/account` use) redirect exactly as before. Absolute ' +
      'URLs, protocol-relative `//host` and backslash tricks now go to `/`; a flow that must ' +
      'reach another host needs an allow-list of hosts instead.',
  },
  references: [
    {
      title: 'CWE-601: Open Redirect',
      url: 'https://cwe.mitre.org/data/definitions/601.html',
    },
    {
      title: 'OWASP Unvalidated Redirects and Forwards Cheat Sheet',
      url: 'https://cheatsheetseries.owasp.org/cheatsheets/Unvalidated_Redirects_and_Forwards_Cheat_Sheet.html',
    },
  ],
  detect: (file) =>
    file.root.findAll({ rule: { kind: 'call_expression' } }).flatMap((call) => {
      const target = targetOf(call);
      return target && hostFromRequest(target)
        ? [{ node: call, anchors: [target], data: { target } }]
        : [];
    }),
  fix: ({ data }, editor) => {
    if (!data) return;
    if (/referr?er/i.test(data.target.text())) {
      return notApplicable(
        'unsafe_to_change',
        'the Referer is an absolute URL by design: compare its origin with the site instead of keeping only paths',
      );
    }
    const semi = editor.file.style.semicolons ? ';' : '';
    const helper = ensureValueHelper(
      editor,
      HELPER,
      'The value when it is a path on this site (not a URL or `//host`), else `/`.',
      [
        `const path = String(value ?? ${quoted(editor.file.style, '')})${semi}`,
        `return /^\\/(?![/\\\\])[^\\\\\\s]*$/.test(path) ? path : ${quoted(editor.file.style, '/')};`,
      ],
    );
    if (typeof helper !== 'string') return helper;
    editor.replace(data.target, `${helper}(${data.target.text()})`);
  },
});
