import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { ConfigError, configSchema, loadConfig } from './config.js';

const Schema = configSchema({
  PORT: Type.Integer({ minimum: 1, maximum: 65535, default: 8080 }),
  API_KEY: Type.String({ minLength: 10 }),
});

describe('loadConfig', () => {
  it('when the environment is valid, then values are typed, defaults applied, and the result frozen', () => {
    const config = loadConfig(Schema, { PORT: '9000', API_KEY: 'k'.repeat(12), UNRELATED: 'x' });
    expect(config.PORT).toBe(9000);
    expect(config.REDIS_URL).toBe('redis://127.0.0.1:6379');
    expect(config.HEALTH_PORT).toBe(9464);
    expect(Object.isFrozen(config)).toBe(true);
    expect('UNRELATED' in config).toBe(false);
  });

  it('when several settings are wrong, then every problem is listed and no value is echoed', () => {
    let error: unknown;
    try {
      loadConfig(Schema, { PORT: '70000', API_KEY: 'short-sec', LOG_LEVEL: 'loud' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toMatch(/PORT/);
    expect(problems).toMatch(/API_KEY/);
    expect(problems).toMatch(/LOG_LEVEL/);
    expect((error as Error).message).not.toContain('short-sec');
  });

  it('when QUEUE_PREFIX is a Redis Cluster hash tag, then it is accepted as given', () => {
    const env = { API_KEY: 'k'.repeat(12) };
    expect(loadConfig(Schema, { ...env, QUEUE_PREFIX: '{remediation}' }).QUEUE_PREFIX).toBe(
      '{remediation}',
    );
    expect(() => loadConfig(Schema, { ...env, QUEUE_PREFIX: 'a b' })).toThrow(ConfigError);
  });

  it('when a variable is set to the empty string, then it counts as unset', () => {
    expect(loadConfig(Schema, { PORT: '', API_KEY: 'k'.repeat(12) }).PORT).toBe(8080);
  });
});
