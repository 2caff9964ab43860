import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { isProduction, type Env } from '../../secrets.ts';

/**
 * Each shop's own Stripe account (issue 30): its secret API key and its webhook endpoint's signing
 * secret. They live in a file only the API reads (STRIPE_ACCOUNTS_FILE), never in tenants/, the
 * repository or a build; a shop without an entry offers no online payment.
 */
const stripeAccountSchema = z.object({
  secretKey: z
    .string()
    .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]{8,}$/, 'expected a secret or restricted key (sk_… or rk_…)'),
  webhookSecret: z.string().regex(/^whsec_[A-Za-z0-9+/=]{8,}$/, 'expected a webhook signing secret (whsec_…)'),
});
export type StripeAccount = z.infer<typeof stripeAccountSchema>;

const stripeAccountsSchema = z.record(z.string().regex(/^[a-z0-9-]+$/, 'expected a tenant slug'), stripeAccountSchema);

export interface PaymentSettings {
  /** By tenant slug. */
  accounts: ReadonlyMap<string, StripeAccount>;
  /** Where the SDK sends its requests instead of api.stripe.com: a mock of Stripe's API in tests. */
  apiUrl: URL | null;
}

export const NO_PAYMENTS: PaymentSettings = { accounts: new Map(), apiUrl: null };

/** The file's accounts, checked: a broken file stops the API rather than silently turning payments off. */
function accountsFromFile(path: string): Map<string, StripeAccount> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new Error(`STRIPE_ACCOUNTS_FILE ${path} cannot be read: ${(error as Error).message}`, { cause: error });
  }
  const parsed = stripeAccountsSchema.safeParse(JSON.parse(text));
  if (!parsed.success)
    throw new Error(
      `STRIPE_ACCOUNTS_FILE ${path}: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`,
    );
  return new Map(Object.entries(parsed.data));
}

/**
 * STRIPE_ACCOUNTS_FILE: a JSON file `{ "<slug>": { "secretKey": "sk_…", "webhookSecret": "whsec_…" } }`.
 * STRIPE_API_URL points the SDK at a mock and is refused in production, where a wrong value would
 * send card payments' keys to another host.
 */
export function paymentSettingsFromEnv(env: Env): PaymentSettings {
  const file = env['STRIPE_ACCOUNTS_FILE']?.trim() ?? '';
  const apiUrl = env['STRIPE_API_URL']?.trim() ?? '';
  if (apiUrl !== '' && isProduction(env))
    throw new Error('STRIPE_API_URL is for tests and refused when NODE_ENV=production');
  return { accounts: file === '' ? new Map() : accountsFromFile(file), apiUrl: apiUrl === '' ? null : new URL(apiUrl) };
}
