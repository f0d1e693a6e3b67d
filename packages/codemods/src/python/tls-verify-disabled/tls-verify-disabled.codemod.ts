import type { SgNode } from '@ast-grep/napi';
import { defineCodemod } from '../../engine/define.js';
import type { SourceFile } from '../../engine/source-file.js';
import { hasSplat, isFalse, keyword, removeArgument } from '../shared/args.js';
import { calleeName, importMap, type ImportMap } from '../shared/names.js';

interface Data {
  /** The `verify=False` argument the fix removes. */
  verify: SgNode;
}

const VERBS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'request'];
const CLIENTS = new Set([
  ...VERBS.map((v) => `requests.${v}`),
  ...VERBS.map((v) => `requests.api.${v}`),
  ...VERBS.map((v) => `httpx.${v}`),
  'httpx.stream',
  'httpx.Client',
  'httpx.AsyncClient',
]);
const SESSIONS = new Set(['requests.Session', 'requests.session', 'requests.sessions.Session']);

/** Names bound to a `requests.Session()` in the file (`s = requests.Session()`, `with ... as s`). */
const sessionNames = (file: SourceFile, imports: ImportMap): Set<string> => {
  const names = new Set<string>();
  for (const call of file.root.findAll({ rule: { kind: 'call' } })) {
    if (!SESSIONS.has(calleeName(call, imports) ?? '')) continue;
    const parent = call.parent();
    const target =
      parent?.kind() === 'assignment'
        ? parent.field('left')
        : parent?.kind() === 'as_pattern'
          ? parent.field('alias')
          : null;
    if (target) names.add(target.text());
  }
  return names;
};

/** Every requests/httpx call that passes a literal `verify=False` (or `0`). */
const unverified = (file: SourceFile) => {
  const imports = importMap(file.root);
  const sessions = sessionNames(file, imports);
  return file.root.findAll({ rule: { kind: 'call' } }).flatMap((call) => {
    const verify = keyword(call, 'verify');
    if (!verify || !isFalse(verify.field('value') ?? undefined) || hasSplat(call)) return [];
    const callee = call.field('function');
    const name = calleeName(call, imports);
    const onSession =
      callee?.kind() === 'attribute' &&
      sessions.has(callee.field('object')!.text()) &&
      VERBS.includes(callee.field('attribute')!.text());
    if (!(name && CLIENTS.has(name)) && !onSession) return [];
    return [{ node: call, anchors: [verify], data: { verify } }];
  });
};

/** `remediate:python/tls-verify-disabled`: `requests.get(..., verify=False)` → verification on. */
export const pythonTlsVerifyDisabled = defineCodemod<Data>({
  id: 'remediate:python/tls-verify-disabled',
  languages: ['python'],
  rules: {
    bandit: ['B501'],
    codeql: ['py/request-without-cert-validation'],
    semgrep: [
      'python.requests.security.disabled-cert-validation.disabled-cert-validation',
      'python_ssl_rule-req-no-certvalid',
    ],
    sonarqube: ['python:S4830'],
  },
  cwe: [295],
  owasp: ['A07:2021'],
  title: 'TLS certificate verification back on for requests and httpx',
  description:
    'Removes a literal `verify=False` (or `verify=0`) from `requests` calls (`requests.get`, ' +
    '`requests.post`, ..., `requests.request`, methods of a `requests.Session()`) and from ' +
    '`httpx` calls and clients, so the library verifies the server certificate again (its ' +
    'default). A `verify` value computed at run time (a setting, a CA bundle path) is left alone.',
  rationale: {
    problem:
      'With `verify=False` the client accepts any certificate, including one presented by an ' +
      'attacker on the network path, who can then read and alter the traffic (credentials, ' +
      'tokens, payloads).',
    change:
      'The `verify=False` argument is removed, so `requests`/`httpx` fall back to their default: ' +
      'verify the certificate chain and host name against the trusted CA bundle.',
    safety:
      'Servers with valid certificates behave exactly as before. A server with a self-signed or ' +
      "private-CA certificate now fails with an SSL error: pass that CA's bundle as " +
      '`verify="/path/to/ca.pem"` (or set `REQUESTS_CA_BUNDLE`) rather than turning verification off.',
  },
  references: [
    {
      title: 'CWE-295: Improper Certificate Validation',
      url: 'https://cwe.mitre.org/data/definitions/295.html',
    },
    {
      title: 'Requests: SSL certificate verification',
      url: 'https://requests.readthedocs.io/en/latest/user/advanced/#ssl-cert-verification',
    },
    {
      title: 'OWASP A07:2021 Identification and Authentication Failures',
      url: 'https://owasp.org/Top10/A07_2021-Identification_and_Authentication_Failures/',
    },
  ],
  detect: unverified,
  fix: ({ node, data }, editor) => {
    if (!data) return;
    removeArgument(editor, node, data.verify);
  },
});
