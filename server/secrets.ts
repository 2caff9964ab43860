/** The development default of both operator secrets; published in the README, so never one for production. */
export const DEVELOPMENT_SECRET = 'dev-operator';

/** Long enough that it cannot be guessed online; a random 32-character token is typical. */
export const MIN_PRODUCTION_SECRET_LENGTH = 16;

export type Env = Readonly<Record<string, string | undefined>>;

export const isProduction = (env: Env) => env['NODE_ENV'] === 'production';

/**
 * A secret from the environment. Outside development (`NODE_ENV=production`) a missing, short or
 * default value stops the server from starting: a silent fallback would leave operator access open
 * to anyone who has read the README. In development the default is used and `warn` says so.
 */
export function secretFromEnv(env: Env, name: string, warn: (line: string) => void): string {
  const value = env[name]?.trim() ?? '';
  if (isProduction(env)) {
    if (value === '') throw new Error(`${name} must be set when NODE_ENV=production`);
    if (value === DEVELOPMENT_SECRET || value.length < MIN_PRODUCTION_SECRET_LENGTH) {
      throw new Error(
        `${name} must be a secret of its own of at least ${MIN_PRODUCTION_SECRET_LENGTH} characters when NODE_ENV=production, not the development default`,
      );
    }
    return value;
  }
  if (value !== '') return value;
  warn(`${name} is not set: using the development default "${DEVELOPMENT_SECRET}" (refused when NODE_ENV=production)`);
  return DEVELOPMENT_SECRET;
}
