import { describe, expect, it } from 'vitest';
import { CODEMODS } from '../src/index.js';
import { loadFixtures } from './fixture-loader.js';

/**
 * Declined fixtures of Python codemods whose reason must name the form: the generic harness only
 * checks `unsafe_to_change`, which any refusal would satisfy.
 */
const EXPECTED: Record<string, Record<string, RegExp>> = {
  'remediate:python/sql-parameterized': {
    'returned-identifier-fragment': /a value stands where SQL expects a name/,
    'returned-data-value': /returned and run by the caller/,
    'raised-message': /message of a raised exception/,
    'passed-to-builder': /passed to RawSQL\(\)/,
    'query-in-branches': /assigned more than once/,
  },
  'remediate:python/weak-hash': {
    'cryptography-oaep-padding': /hash of RSA OAEP padding/,
    'import-fallback-module': /imported from several modules \(hashlib\.sha1, sha1dc\.sha1\)/,
    'new-sha-probe': /SHA-0/,
    'pycryptodome-ntlm-password': /a password hash needs a slow salted KDF/,
  },
  'remediate:python/cookie-flags': {
    'delete-cookie': /deletes the cookie/,
    'client-own-set-cookie':
      /this class's own method, set_cookie\(self, kaka, request\), which takes no secure/,
  },
  'remediate:python/pickle-to-json': {
    'reexported-module': /may hold types JSON does not round-trip/,
    'unpickler-object': /pickle\.Unpickler reads a pickle stream object by object/,
  },
  'remediate:python/requests-timeout': {
    'wrapper-module': /requests here is sphinx\.util\.requests/,
  },
  'remediate:python/os-system': {
    'brace-expansion': /brace expansion/,
    'python2-popen4': /os\.popen4 exists only in Python 2/,
  },
  'remediate:python/yaml-unsafe-load': {
    'base-loader-fallback': /the loader is BaseLoader, which builds only strings, lists and dicts/,
    'safe-loader': /already SafeLoader/,
  },
  'remediate:python/xml-defusedxml': {
    'sax-writer-helpers': /nothing here parses XML/,
    'pull-parser': /XMLPullParser .* has no defusedxml counterpart/,
  },
};

describe.each(Object.entries(EXPECTED))('%s declines', (id, cases) => {
  const codemod = CODEMODS.find((c) => c.id === id)!;
  const fixtures = loadFixtures(codemod);
  it.each(Object.entries(cases))('%s: with its reason', (name, reason) => {
    const fixture = fixtures.find((f) => f.name === name);
    expect(fixture, `fixture ${name}`).toBeDefined();
    const result = codemod.transform(fixture!.input);
    expect(result).toMatchObject({ kind: 'not_applicable', reason: 'unsafe_to_change' });
    expect(result.kind === 'not_applicable' && result.detail).toMatch(reason);
  });
});
