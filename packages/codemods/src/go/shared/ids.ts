/** gosec's rule ids, as its SARIF writes them (`ruleId`). */
export type GosecRule = `G${number}`;

/** The Semgrep rules of bench/rules/semgrep/go, by id (matched as a dotted suffix). */
export const SEMGREP_GO = {
  mathRandom: 'go.lang.security.audit.crypto.math_random.math-random-used',
  md5: 'go.lang.security.audit.crypto.use_of_weak_crypto.use-of-md5',
  sha1: 'go.lang.security.audit.crypto.use_of_weak_crypto.use-of-sha1',
  skipVerify:
    'problem-based-packs.insecure-transport.go-stdlib.bypass-tls-verification.bypass-tls-verification',
  minVersion: 'go.lang.security.audit.crypto.missing-ssl-minversion.missing-ssl-minversion',
  serverTimeouts:
    'go.lang.security.audit.net.http-server-without-timeouts.http-server-without-timeouts',
  textTemplate: 'go.lang.security.audit.xss.import-text-template.import-text-template',
  sql: 'go.lang.security.audit.database.string-formatted-query.string-formatted-query',
  shell: 'go.lang.security.audit.dangerous-exec-command.dangerous-exec-command',
  filePath: 'go.lang.security.audit.net.tainted-file-path.tainted-file-path',
  zipSlip: 'go.lang.security.zip.path-traversal-inside-zip-extraction',
  decompression: 'go.lang.security.decompression_bomb.potential-dos-via-decompression-bomb',
} as const;
