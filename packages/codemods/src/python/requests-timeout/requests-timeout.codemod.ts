import type { SgNode } from '@ast-grep/napi';
import { defineCodemod } from '../../engine/define.js';
import type { SourceFile } from '../../engine/source-file.js';
import { appendArgument, hasSplat, keyword } from '../shared/args.js';
import { calleeName, importMap, type ImportMap } from '../shared/names.js';
import type { Site } from '../../types.js';

/** Seconds: the connect and the read timeout, each. */
const TIMEOUT = 10;
const CALLS = new Set(
  ['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'request'].map(
    (verb) => `requests.${verb}`,
  ),
);

/**
 * A `requests.get(...)` whose `requests` is a project module of that name (`from sphinx.util
 * import requests`): its wrapper decides the timeout. Null when `requests` is the library.
 */
const wrapperModule = (call: SgNode, imports: ImportMap): string | null => {
  const name = calleeName(call, imports);
  const verb = name?.slice(name.lastIndexOf('.') + 1);
  const module = name?.slice(0, name.lastIndexOf('.'));
  if (!module || !verb || module === 'requests' || !module.endsWith('.requests')) return null;
  return CALLS.has(`requests.${verb}`) ? module : null;
};

/** Every module-level `requests` call without a timeout. */
const untimed = (file: SourceFile) => {
  const imports = importMap(file.root);
  const wrapped = file.root.findAll({ rule: { kind: 'call' } }).flatMap((call): Site[] => {
    const module = wrapperModule(call, imports);
    return module && !keyword(call, 'timeout')
      ? [
          {
            node: call,
            decline: `requests here is ${module}, a module named like the library: whether the call takes or sets a timeout is decided in that module, not at this call`,
          },
        ]
      : [];
  });
  const direct = file.root
    .findAll({ rule: { kind: 'call' } })
    .filter((call) => CALLS.has(calleeName(call, imports) ?? ''))
    .filter((call) => !keyword(call, 'timeout'))
    .map((call): Site =>
      hasSplat(call)
        ? {
            node: call,
            decline:
              'the call forwards *args/**kwargs, which may carry the caller\u2019s own timeout; a default belongs where those arguments are built',
          }
        : { node: call },
    );
  return [...direct, ...wrapped];
};

/** `remediate:python/requests-timeout`: `requests.get(url)` → `requests.get(url, timeout=10)`. */
export const pythonRequestsTimeout = defineCodemod({
  id: 'remediate:python/requests-timeout',
  languages: ['python'],
  rules: {
    bandit: ['B113'],
    semgrep: ['python.requests.best-practice.use-timeout.use-timeout'],
  },
  cwe: [400],
  title: 'A timeout on requests calls',
  description:
    `Adds \`timeout=${TIMEOUT}\` to \`requests.get/post/put/patch/delete/head/options/request\` ` +
    'calls that pass none (and no `**kwargs` that might), so a server that stops answering ' +
    'cannot hang the caller forever. A call forwarding `**kwargs` (which may carry the caller\u2019s ' +
    'timeout) is declined with that reason, and so is a call through a module named like the ' +
    'library (`from sphinx.util import requests`).',
  rationale: {
    problem:
      '`requests` has no default timeout: a call to a server that accepts the connection and ' +
      'then never answers blocks the thread forever, and a few of them exhaust a worker pool ' +
      '(denial of service by a slow or hostile upstream).',
    change: `The call now gives up with \`requests.exceptions.Timeout\` when connecting or waiting for data takes more than ${TIMEOUT} seconds.`,
    safety:
      'The timeout bounds each wait, not the whole transfer, so large but steady downloads are ' +
      'unaffected. `Timeout` is a `requests.RequestException`, which code handling connection ' +
      'errors already catches; raise the value where an endpoint is known to be slow.',
  },
  references: [
    {
      title: 'CWE-400: Uncontrolled Resource Consumption',
      url: 'https://cwe.mitre.org/data/definitions/400.html',
    },
    {
      title: 'Requests: timeouts',
      url: 'https://requests.readthedocs.io/en/latest/user/advanced/#timeouts',
    },
  ],
  detect: untimed,
  fix: ({ node }, editor) => appendArgument(editor, node, `timeout=${TIMEOUT}`),
});
