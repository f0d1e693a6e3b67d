import { ConfigError } from '@remediation/runtime';
import { describe, expect, it } from 'vitest';
import { adminFromConfig } from './admin-config.js';

describe('operator credentials from configuration', () => {
  it('when neither is set, then the ops pages are off', () => {
    expect(adminFromConfig({})).toBeUndefined();
  });

  it('when only one of them is set, then the configuration names the missing one', () => {
    expect(() => adminFromConfig({ ADMIN_USERNAME: 'ops' })).toThrow(ConfigError);
    expect(() => adminFromConfig({ ADMIN_USERNAME: 'ops' })).toThrow(/ADMIN_PASSWORD is required/);
    expect(() => adminFromConfig({ ADMIN_PASSWORD: 'a long passphrase' })).toThrow(
      /ADMIN_USERNAME is required/,
    );
  });

  it('when both are set, then they are the operator account', () => {
    expect(adminFromConfig({ ADMIN_USERNAME: 'ops', ADMIN_PASSWORD: 'a long passphrase' })).toEqual(
      { username: 'ops', password: 'a long passphrase' },
    );
  });
});
