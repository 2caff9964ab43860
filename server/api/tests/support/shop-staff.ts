import { cpSync, rmSync } from 'node:fs';
import { afterAll, beforeAll } from 'vitest';
import { shopPaths, shopResponseSchema } from '../../../../lib/api/shop-contract.ts';
import {
  addTestStaff,
  bearer,
  FIXTURE_TENANTS,
  staffToken,
  tempDir,
  TEST_KITCHEN,
  TEST_OWNER,
  type CallOptions,
  type TestApi,
} from './test-support.ts';

/**
 * Each store's own copy of the fixture tenants, for a file whose owner publishes (a publish
 * rewrites the tenant's files, and the fixtures are shared by every test): pass `options` as
 * onEachStore's `api`; `dir()` is the copy of the store being run. The copies go after the file.
 */
export function publishableTenants<Extra extends object>(extra?: Extra) {
  const copies: string[] = [];
  let current = '';
  afterAll(() => {
    for (const copy of copies) rmSync(copy, { recursive: true, force: true });
  });
  return {
    dir: () => current,
    options: () => {
      current = tempDir();
      copies.push(current);
      cpSync(FIXTURE_TENANTS, current, { recursive: true });
      return { ...extra, tenantsDir: current } as Extra & { tenantsDir: string };
    },
  };
}

/** Bearer tokens of test-pizza's owner and cook (TEST_OWNER, TEST_KITCHEN). */
export interface SignedInStaff {
  owner: string;
  cook: string;
}

/** Adds test-pizza's owner and cook to an API (one started for a test, say) and signs them in. */
export async function signInShopStaff(api: TestApi): Promise<SignedInStaff> {
  for (const staff of [TEST_OWNER, TEST_KITCHEN]) await addTestStaff(api, 'test-pizza', staff);
  return {
    owner: await staffToken(api, 'test-pizza', TEST_OWNER),
    cook: await staffToken(api, 'test-pizza', TEST_KITCHEN),
  };
}

/** A staff member's call, as the console makes it: no shop host, their bearer token. */
export function staffCall(api: TestApi, token: string, path: string, options: CallOptions = {}) {
  return api.call(path, { domain: null, ...options, headers: bearer(token) });
}

/**
 * test-pizza's owner and kitchen signed in (TEST_OWNER, TEST_KITCHEN), and the Shop view's calls
 * as the console makes them: a draft of some parts, Publish, Undo publish, each at the shop's
 * current revision.
 */
export function shopStaff(api: TestApi) {
  const tokens: SignedInStaff = { owner: '', cook: '' };
  beforeAll(async () => {
    Object.assign(tokens, await signInShopStaff(api));
  });
  const call = (path: string, token: string, options: CallOptions = {}) => staffCall(api, token, path, options);
  const revision = async () => shopResponseSchema.parse((await call(shopPaths.shop, tokens.owner)).body).revision;
  return {
    ownerToken: () => tokens.owner,
    kitchenToken: () => tokens.cook,
    call,
    revision,
    draftParts: async (token: string, parts: Record<string, unknown>) =>
      call(shopPaths.draft, token, { method: 'PUT', body: { revision: await revision(), prices: [], parts } }),
    publish: async (token = tokens.owner) => call(shopPaths.publish, token, { body: { revision: await revision() } }),
    undo: async () => call(shopPaths.undo, tokens.owner, { body: { revision: await revision() } }),
  };
}
