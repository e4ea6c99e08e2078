import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('configuration from the environment', () => {
  it('defaults REDIS_KEY_PREFIX to "resolved" and takes another deployment’s prefix', () => {
    expect(loadConfig({}).redisKeyPrefix).toBe('resolved');
    expect(loadConfig({ REDIS_KEY_PREFIX: 'school-a:prod' }).redisKeyPrefix).toBe('school-a:prod');
  });

  it('stops with a clear message on a prefix Redis channels should not carry', () => {
    for (const bad of ['', 'has space', 'x'.repeat(65), 'star*']) {
      expect(() => loadConfig({ REDIS_KEY_PREFIX: bad })).toThrow(
        /Invalid configuration: .*REDIS_KEY_PREFIX may hold letters, digits, \. : _ and - \(at most 64\)\./,
      );
    }
  });
});
