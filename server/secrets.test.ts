import { describe, expect, it } from 'vitest';
import { DEVELOPMENT_SECRET, secretFromEnv } from './secrets.ts';

describe('secretFromEnv', () => {
  it('in development falls back to the default and says so', () => {
    const warnings: string[] = [];
    expect(secretFromEnv({}, 'OPERATOR_TOKEN', (line) => warnings.push(line))).toBe(DEVELOPMENT_SECRET);
    expect(warnings).toEqual([expect.stringContaining('OPERATOR_TOKEN is not set: using the development default')]);
  });

  it('uses the value given, silently', () => {
    const warnings: string[] = [];
    expect(secretFromEnv({ OPERATOR_TOKEN: 'local' }, 'OPERATOR_TOKEN', (line) => warnings.push(line))).toBe('local');
    expect(warnings).toEqual([]);
  });

  it.each([
    ['missing', undefined, 'OPERATOR_TOKEN must be set when NODE_ENV=production'],
    ['blank', '  ', 'OPERATOR_TOKEN must be set when NODE_ENV=production'],
    ['the development default', DEVELOPMENT_SECRET, 'not the development default'],
    ['too short', 'hunter2', 'at least 16 characters'],
  ])('in production refuses a secret that is %s', (_name, value, message) => {
    expect(() =>
      secretFromEnv({ NODE_ENV: 'production', OPERATOR_TOKEN: value }, 'OPERATOR_TOKEN', () => undefined),
    ).toThrow(message);
  });

  it('in production accepts a long secret of its own', () => {
    expect(
      secretFromEnv(
        { NODE_ENV: 'production', OPERATOR_TOKEN: 'x7Kp2qLm9VtR4sWz8YbN' },
        'OPERATOR_TOKEN',
        () => undefined,
      ),
    ).toBe('x7Kp2qLm9VtR4sWz8YbN');
  });
});
