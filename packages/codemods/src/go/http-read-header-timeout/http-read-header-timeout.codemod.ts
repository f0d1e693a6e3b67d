import { defineCodemod } from '../../engine/define.js';
import type { SgNode } from '@ast-grep/napi';
import type { SourceFile } from '../../engine/source-file.js';
import { SEMGREP_GO } from '../shared/ids.js';
import { ensureGoImport, importedAs } from '../shared/imports.js';
import { editKeyed, keyedElements, literalsOf } from '../shared/literal.js';

interface Data {
  body: SgNode;
}

const READ_TIMEOUTS = new Set(['ReadHeaderTimeout', 'ReadTimeout']);

const serversWithoutTimeout = (file: SourceFile) => {
  const http = importedAs(file.root, 'net/http');
  if (!http) return [];
  return literalsOf(file.root, http, 'Server').flatMap((lit) => {
    const body = lit.field('body')!;
    const set = keyedElements(body).some((e) => READ_TIMEOUTS.has(e.key) && e.value.text() !== '0');
    return set ? [] : [{ node: lit, data: { body } }];
  });
};

/** `remediate:go/http-read-header-timeout`: `http.Server{...}` gets a `ReadHeaderTimeout`. */
export const goHttpReadHeaderTimeout = defineCodemod<Data>({
  id: 'remediate:go/http-read-header-timeout',
  languages: ['go'],
  rules: { gosec: ['G112'], semgrep: [SEMGREP_GO.serverTimeouts] },
  cwe: [400],
  owasp: ['A05:2021'],
  title: 'HTTP servers with a header read timeout',
  description:
    'Adds `ReadHeaderTimeout: 10 * time.Second` to an `http.Server` literal that sets neither ' +
    '`ReadHeaderTimeout` nor `ReadTimeout` (importing `time` in goimports order), keeping the ' +
    "literal's gofmt layout.",
  rationale: {
    problem:
      'A server without a read timeout waits forever for request headers: a client that sends ' +
      'them a byte at a time (Slowloris) holds a connection and a goroutine each, until the ' +
      'server runs out of file descriptors or memory.',
    change:
      'Request headers must arrive within 10 seconds; the body, handlers and long-lived ' +
      'responses are not limited (no `ReadTimeout` or `WriteTimeout` is added).',
    safety:
      'Ten seconds for headers is well above what any real client needs, even on slow links; ' +
      'streaming and large uploads are unaffected.',
  },
  references: [
    { title: 'net/http Server', url: 'https://pkg.go.dev/net/http#Server' },
    {
      title: 'CWE-400: Uncontrolled Resource Consumption',
      url: 'https://cwe.mitre.org/data/definitions/400.html',
    },
  ],
  detect: serversWithoutTimeout,
  fix: ({ data }, editor) => {
    const time = ensureGoImport(editor, 'time', 'stdtime');
    editKeyed(editor, data!.body, { add: `ReadHeaderTimeout: 10 * ${time}.Second` });
  },
});
