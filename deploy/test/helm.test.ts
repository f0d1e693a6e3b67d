import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HELM_BIN, renderError, runHelm } from '../src/helm/helm.js';
import { repoPath } from '../src/repo.js';

describe('runHelm', () => {
  it('when the Helm binary is missing, then it rejects saying how to install it', async () => {
    const missing = join(repoPath('.tools'), 'no-such-dir', 'helm');
    await expect(runHelm(['version'], 5_000, missing)).rejects.toThrow(
      /Helm not found at .*no-such-dir\/helm: run `bash scripts\/chart-test\.sh`/,
    );
  });

  it('when run, then it is the Helm v3.22 that ensure_helm installs', async () => {
    expect(HELM_BIN).toBe(repoPath('.tools', 'bin', 'helm'));
    const result = await runHelm(['version', '--template', '{{ .Version }}']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^v3\.22(\.|$)/);
  });
});

describe('renderError', () => {
  it('when a template fails, then only the fail message is kept (as failedTemplate compares it)', () => {
    const stderr =
      'Error: execution error at (remediation/templates/validations.yaml:2:4): services: enable at least one service\n\nUse --debug flag to render out invalid YAML\n';
    expect(renderError(stderr)).toBe('services: enable at least one service');
  });

  it('when the schema rejects the values, then the whole error is kept without "Error: "', () => {
    expect(renderError("Error: values don't meet the specifications of the schema(s)\n")).toBe(
      "values don't meet the specifications of the schema(s)",
    );
  });
});
