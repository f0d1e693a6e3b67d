import type { Run } from '../sarif-types.js';
import { bandit } from './bandit.js';
import { checkov } from './checkov.js';
import { codeql } from './codeql.js';
import { eslint } from './eslint.js';
import { gitleaks } from './gitleaks.js';
import { gosec } from './gosec.js';
import { semgrep } from './semgrep.js';
import { snyk } from './snyk.js';
import { sonarqube } from './sonarqube.js';
import { trivy } from './trivy.js';
import type { ScannerHandler } from './types.js';

export const HANDLERS: readonly ScannerHandler[] = [
  codeql,
  semgrep,
  eslint,
  bandit,
  gosec,
  trivy,
  checkov,
  snyk,
  sonarqube,
  gitleaks,
];

/** Any other valid SARIF: the generic extraction alone. */
export const generic: ScannerHandler = { id: 'generic', matches: () => true };

/** The handler for a run, chosen by `tool.driver.name` (and `tool.extensions` for CodeQL). */
export const handlerFor = (run: Run): ScannerHandler =>
  HANDLERS.find((h) => h.matches(run)) ?? generic;
