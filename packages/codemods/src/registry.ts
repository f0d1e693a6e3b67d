import type { Codemod } from './engine/codemod.js';
import { goDecompressionLimit } from './go/decompression-limit/decompression-limit.codemod.js';
import { goFilePermissions } from './go/file-permissions/file-permissions.codemod.js';
import { goPathInRoot } from './go/path-in-root/path-in-root.codemod.js';
import { goShellCommand } from './go/shell-command/shell-command.codemod.js';
import { goTextTemplate } from './go/text-template/text-template.codemod.js';
import { goUnhandledError } from './go/unhandled-error/unhandled-error.codemod.js';
import { goSqlPlaceholders } from './go/sql-placeholders/sql-placeholders.codemod.js';
import { goZipSlip } from './go/zip-slip/zip-slip.codemod.js';
import { goHttpReadHeaderTimeout } from './go/http-read-header-timeout/http-read-header-timeout.codemod.js';
import { goHttpServeTimeouts } from './go/http-serve-timeouts/http-serve-timeouts.codemod.js';
import { goTlsMinVersion } from './go/tls-min-version/tls-min-version.codemod.js';
import { goTlsSkipVerify } from './go/tls-skip-verify/tls-skip-verify.codemod.js';
import { goWeakHash } from './go/weak-hash/weak-hash.codemod.js';
import { goWeakRandom } from './go/weak-random/weak-random.codemod.js';
import { javaCommandExecArray } from './java/command-exec-array/command-exec-array.codemod.js';
import { javaInsecureCookie } from './java/insecure-cookie/insecure-cookie.codemod.js';
import { javaInsecureRandom } from './java/insecure-random/insecure-random.codemod.js';
import { javaLogInjection } from './java/log-injection/log-injection.codemod.js';
import { javaPathTraversal } from './java/path-traversal/path-traversal.codemod.js';
import { javaSqlPreparedStatement } from './java/sql-prepared-statement/sql-prepared-statement.codemod.js';
import { javaWeakCipherMode } from './java/weak-cipher-mode/weak-cipher-mode.codemod.js';
import { javaWeakMessageDigest } from './java/weak-message-digest/weak-message-digest.codemod.js';
import { javaWeakTlsProtocol } from './java/weak-tls-protocol/weak-tls-protocol.codemod.js';
import { javaXxeXmlFactory } from './java/xxe-xml-factory/xxe-xml-factory.codemod.js';
import { javaZipSlip } from './java/zip-slip/zip-slip.codemod.js';
import { jsInsecureRandomness } from './js/insecure-randomness/insecure-randomness.codemod.js';
import { jsWeakHash } from './js/weak-hash/weak-hash.codemod.js';
import { jsCommandInjection } from './js/command-injection/command-injection.codemod.js';
import { jsTlsVerification } from './js/tls-verification/tls-verification.codemod.js';
import { jsInsecureCookie } from './js/insecure-cookie/insecure-cookie.codemod.js';
import { jsRegexInjection } from './js/regex-injection/regex-injection.codemod.js';
import { jsPathTraversal } from './js/path-traversal/path-traversal.codemod.js';
import { jsPrototypePollution } from './js/prototype-pollution/prototype-pollution.codemod.js';
import { jsDomXss } from './js/dom-xss/dom-xss.codemod.js';
import { jsNewBuffer } from './js/new-buffer/new-buffer.codemod.js';
import { jsEvalJson } from './js/eval-json/eval-json.codemod.js';
import { jsReflectedXss } from './js/reflected-xss/reflected-xss.codemod.js';
import { jsOpenRedirect } from './js/open-redirect/open-redirect.codemod.js';
import { jsLogInjection } from './js/log-injection/log-injection.codemod.js';
import { jsSqlInjection } from './js/sql-injection/sql-injection.codemod.js';
import { jsJwtAlgorithms } from './js/jwt-algorithms/jwt-algorithms.codemod.js';
import { jsXPoweredBy } from './js/x-powered-by/x-powered-by.codemod.js';
import { pythonAssertSecurityCheck } from './python/assert-security-check/assert-security-check.codemod.js';
import { pythonCookieFlags } from './python/cookie-flags/cookie-flags.codemod.js';
import { pythonDjangoCookieSettings } from './python/django-cookie-settings/django-cookie-settings.codemod.js';
import { pythonDjangoDebug } from './python/django-debug/django-debug.codemod.js';
import { pythonFlaskDebug } from './python/flask-debug/flask-debug.codemod.js';
import { pythonInsecureRandom } from './python/insecure-random/insecure-random.codemod.js';
import { pythonJwtUnverifiedDecode } from './python/jwt-unverified-decode/jwt-unverified-decode.codemod.js';
import { pythonLxmlResolveEntities } from './python/lxml-resolve-entities/lxml-resolve-entities.codemod.js';
import { pythonOsSystem } from './python/os-system/os-system.codemod.js';
import { pythonPickleToJson } from './python/pickle-to-json/pickle-to-json.codemod.js';
import { pythonRequestsTimeout } from './python/requests-timeout/requests-timeout.codemod.js';
import { pythonSqlParameterized } from './python/sql-parameterized/sql-parameterized.codemod.js';
import { pythonSubprocessShellTrue } from './python/subprocess-shell-true/subprocess-shell-true.codemod.js';
import { pythonTempfileMktemp } from './python/tempfile-mktemp/tempfile-mktemp.codemod.js';
import { pythonTlsVerifyDisabled } from './python/tls-verify-disabled/tls-verify-disabled.codemod.js';
import { pythonWeakHash } from './python/weak-hash/weak-hash.codemod.js';
import { pythonXmlDefusedxml } from './python/xml-defusedxml/xml-defusedxml.codemod.js';
import { pythonYamlUnsafeLoad } from './python/yaml-unsafe-load/yaml-unsafe-load.codemod.js';
import { ruleMatches, scannerOf } from './scanners.js';
import type { Language } from './types.js';

/** Every codemod, one line each, grouped by language family then by name. */
export const CODEMODS: readonly Codemod[] = [
  // JavaScript / TypeScript
  jsInsecureRandomness,
  jsWeakHash,
  jsCommandInjection,
  jsTlsVerification,
  jsInsecureCookie,
  jsRegexInjection,
  jsPathTraversal,
  jsPrototypePollution,
  jsDomXss,
  jsNewBuffer,
  jsEvalJson,
  jsReflectedXss,
  jsOpenRedirect,
  jsLogInjection,
  jsSqlInjection,
  jsJwtAlgorithms,
  jsXPoweredBy,
  // Python
  pythonYamlUnsafeLoad,
  pythonTlsVerifyDisabled,
  pythonInsecureRandom,
  pythonWeakHash,
  pythonTempfileMktemp,
  pythonFlaskDebug,
  pythonDjangoDebug,
  pythonSubprocessShellTrue,
  pythonOsSystem,
  pythonSqlParameterized,
  pythonXmlDefusedxml,
  pythonJwtUnverifiedDecode,
  pythonCookieFlags,
  pythonDjangoCookieSettings,
  pythonPickleToJson,
  pythonRequestsTimeout,
  pythonAssertSecurityCheck,
  pythonLxmlResolveEntities,
  // Java
  javaCommandExecArray,
  javaInsecureCookie,
  javaInsecureRandom,
  javaLogInjection,
  javaPathTraversal,
  javaSqlPreparedStatement,
  javaWeakCipherMode,
  javaWeakMessageDigest,
  javaWeakTlsProtocol,
  javaXxeXmlFactory,
  javaZipSlip,
  // Go
  goWeakRandom,
  goWeakHash,
  goTlsSkipVerify,
  goTlsMinVersion,
  goHttpReadHeaderTimeout,
  goHttpServeTimeouts,
  goFilePermissions,
  goDecompressionLimit,
  goZipSlip,
  goPathInRoot,
  goSqlPlaceholders,
  goShellCommand,
  goUnhandledError,
  goTextTemplate,
];

/** The codemod with an id, or undefined. */
export const codemodById = (id: string): Codemod | undefined => CODEMODS.find((c) => c.id === id);

/**
 * The codemods that fix a scanner's rule in a language, in registry order (try each until one
 * edits). `tool` is the SARIF driver name or a scanner key.
 */
export const codemodsFor = (
  tool: string,
  ruleId: string,
  language: Language,
): readonly Codemod[] => {
  const key = `${tool}\0${ruleId}\0${language}`;
  let found = FOUND.get(key);
  if (!found) {
    const scanner = scannerOf(tool);
    found = scanner
      ? CODEMODS.filter(
          (c) =>
            c.languages.includes(language) &&
            (c.rules[scanner] ?? []).some((declared) => ruleMatches(scanner, declared, ruleId)),
        )
      : [];
    // Triage asks for every finding; a scan repeats a handful of rules.
    if (FOUND.size >= 4096) FOUND.clear();
    FOUND.set(key, found);
  }
  return found;
};

const FOUND = new Map<string, readonly Codemod[]>();
