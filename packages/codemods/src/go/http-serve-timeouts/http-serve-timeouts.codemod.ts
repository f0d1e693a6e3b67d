import { notApplicable } from '../../engine/codemod.js';
import { defineCodemod } from '../../engine/define.js';
import type { SourceFile } from '../../engine/source-file.js';
import { argsOf, calleeOf, packageCalls } from '../shared/func.js';
import { SEMGREP_GO } from '../shared/ids.js';
import { ensureGoImport, importedAs } from '../shared/imports.js';

interface Data {
  http: string;
  name: string;
}

/** Which arguments of each serve function become Server fields, and which stay arguments. */
const SHAPES: Record<string, { fields: (string | null)[]; method: number[] }> = {
  ListenAndServe: { fields: ['Addr', 'Handler'], method: [] },
  ListenAndServeTLS: { fields: ['Addr', null, null, 'Handler'], method: [1, 2] },
  Serve: { fields: [null, 'Handler'], method: [0] },
  ServeTLS: { fields: [null, 'Handler', null, null], method: [0, 2, 3] },
};

const serveCalls = (file: SourceFile) => {
  const http = importedAs(file.root, 'net/http');
  if (!http) return [];
  return packageCalls(file.root, http, /^(ListenAndServe|ListenAndServeTLS|Serve|ServeTLS)$/).map(
    (node) => ({ node, data: { http, name: calleeOf(node)!.name } }),
  );
};

/** `remediate:go/http-serve-timeouts`: `http.ListenAndServe(...)` → an `http.Server` with a timeout. */
export const goHttpServeTimeouts = defineCodemod<Data>({
  id: 'remediate:go/http-serve-timeouts',
  languages: ['go'],
  rules: { gosec: ['G114'], semgrep: [SEMGREP_GO.serverTimeouts] },
  cwe: [400],
  owasp: ['A05:2021'],
  title: 'HTTP serve calls through a Server with timeouts',
  description:
    'Rewrites `http.ListenAndServe(addr, h)` (and `ListenAndServeTLS`, `Serve`, `ServeTLS`) to ' +
    'the same method on `&http.Server{Addr: addr, Handler: h, ReadHeaderTimeout: 10 * ' +
    'time.Second}`; a `nil` handler is left out, as the package functions mean ' +
    '`http.DefaultServeMux` by it and so does a Server without one.',
  rationale: {
    problem:
      "net/http's package-level serve functions build a Server with no timeouts at all: a " +
      'client that sends headers slowly (Slowloris) holds a connection and a goroutine forever.',
    change:
      'The same address, handler and certificates are served by an explicit `http.Server` whose ' +
      'request headers must arrive within 10 seconds.',
    safety:
      'The package functions are documented as exactly `(&Server{Addr: addr, Handler: handler})' +
      '.ListenAndServe()`; the only difference is the header timeout, far above what real ' +
      'clients need. Bodies and responses are not limited.',
  },
  references: [
    { title: 'net/http ListenAndServe', url: 'https://pkg.go.dev/net/http#ListenAndServe' },
    {
      title: 'CWE-400: Uncontrolled Resource Consumption',
      url: 'https://cwe.mitre.org/data/definitions/400.html',
    },
  ],
  detect: serveCalls,
  fix: ({ node, data }, editor) => {
    const { http, name } = data!;
    const shape = SHAPES[name]!;
    const args = argsOf(node);
    if (args.length !== shape.fields.length || node.text().includes('...')) {
      return notApplicable('pattern_not_recognized', `${http}.${name} with unexpected arguments`);
    }
    if (args.some((a) => a.text().includes('\n'))) {
      return notApplicable('unsafe_to_change', 'an argument spans lines; rewrite it by hand');
    }
    const time = ensureGoImport(editor, 'time', 'stdtime');
    const fields = shape.fields.flatMap((field, i) =>
      field && !(field === 'Handler' && args[i]!.text() === 'nil')
        ? [`${field}: ${args[i]!.text()}`]
        : [],
    );
    fields.push(`ReadHeaderTimeout: 10 * ${time}.Second`);
    const method = shape.method.map((i) => args[i]!.text()).join(', ');
    editor.replace(node, `(&${http}.Server{${fields.join(', ')}}).${name}(${method})`);
  },
});
