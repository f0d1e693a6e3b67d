import { notApplicable } from '../../engine/codemod.js';
import { defineCodemod } from '../../engine/define.js';
import { stringValue } from '../shared/ast.js';
import { javaRelease } from '../shared/java-version.js';
import { CAPPED_PROTOCOL, WEAK_PROTOCOL, weakTlsSites, type TlsData } from './tls-sites.js';

/** `remediate:java/weak-tls-protocol`: SSL / TLS 1.0 / 1.1 → TLS 1.3 or 1.2. */
export const javaWeakTlsProtocol = defineCodemod<TlsData>({
  id: 'remediate:java/weak-tls-protocol',
  languages: ['java'],
  rules: {
    codeql: ['java/unsafe-tls-version'],
    semgrep: ['java.lang.security.audit.weak-ssl-context.weak-ssl-context'],
    spotbugs: ['SSL_CONTEXT'],
    sonarqube: ['java:S4423'],
  },
  cwe: [326, 327],
  owasp: ['A02:2021'],
  title: 'TLS 1.2+ instead of SSL / TLS 1.0 / TLS 1.1',
  description:
    'Replaces `SSLContext.getInstance("SSL" | "SSLv3" | "TLS" | "TLSv1" | "TLSv1.1")` with ' +
    '`"TLSv1.3"` when the project compiles for Java 11 or later (read from the nearest loaded ' +
    '`pom.xml`), else with `"TLSv1.2"` for the versioned names; removes SSLv3, TLSv1 and TLSv1.1 ' +
    'from `setEnabledProtocols` / `setProtocols` lists (inline or a local array).',
  rationale: {
    problem:
      'SSL 3.0, TLS 1.0 and TLS 1.1 are deprecated (RFC 8996): POODLE, BEAST and weak MAC and ' +
      'key-exchange constructions let an attacker in the network path read or alter traffic. A ' +
      'context obtained for `"TLSv1"` cannot negotiate anything newer, and an enabled-protocol list ' +
      'with old versions lets a downgrade succeed.',
    change:
      'The context is requested for `"TLSv1.3"` (Java 11+: it negotiates TLS 1.3 and 1.2) or ' +
      '`"TLSv1.2"`, and old versions are dropped from the enabled-protocol list.',
    safety:
      'The API and types are unchanged. On Java 11+ a `"TLSv1.3"` context still negotiates TLS 1.2 ' +
      "with older peers, so only peers limited to TLS 1.0/1.1 (already disabled in the JDK's " +
      'default `jdk.tls.disabledAlgorithms`) stop working. The generic `"SSL"`/`"TLS"` names are ' +
      'only rewritten when the Java release is known: `"TLSv1.2"` on a Java 11+ runtime would ' +
      'switch TLS 1.3 off, and `"TLSv1.3"` does not exist before Java 11 (8u261).',
  },
  references: [
    {
      title: 'CWE-327: Use of a Broken or Risky Cryptographic Algorithm',
      url: 'https://cwe.mitre.org/data/definitions/327.html',
    },
    {
      title: 'RFC 8996: Deprecating TLS 1.0 and TLS 1.1',
      url: 'https://www.rfc-editor.org/rfc/rfc8996',
    },
    {
      title: 'Java Security Standard Algorithm Names: SSLContext',
      url: 'https://docs.oracle.com/en/java/javase/21/docs/specs/security/standard-names.html#sslcontext-algorithms',
    },
  ],
  detect: weakTlsSites,
  fix: ({ data }, editor, ctx) => {
    if (!data) return;
    const release = javaRelease(ctx);
    const modern = release !== null && release >= 11;
    if (data.kind === 'context') {
      if (modern) return editor.replace(data.literal, '"TLSv1.3"');
      if (CAPPED_PROTOCOL.test(data.protocol) || release !== null) {
        return editor.replace(data.literal, '"TLSv1.2"');
      }
      return notApplicable(
        'unsafe_to_change',
        `"${data.protocol}" already negotiates the newest version the JDK allows; the replacement depends on the Java release (TLSv1.3 needs Java 11+, TLSv1.2 would switch TLS 1.3 off there) and no pom.xml says which`,
      );
    }
    const { items } = data;
    const kept = items.filter((i) => !WEAK_PROTOCOL.test(stringValue(i)!));
    const separator =
      items.length > 1
        ? editor.text.slice(items[0]!.range().end.index, items[1]!.range().start.index)
        : ', ';
    const list = kept.length
      ? kept.map((i) => i.text())
      : modern
        ? ['"TLSv1.3"', '"TLSv1.2"']
        : ['"TLSv1.2"'];
    editor.replace(
      { start: items[0]!.range().start.index, end: items.at(-1)!.range().end.index },
      list.join(separator),
    );
  },
});
