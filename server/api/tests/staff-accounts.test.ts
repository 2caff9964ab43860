import { expect, it } from 'vitest';
import {
  LAST_OWNER_REFUSED,
  STAFF_SIGN_IN_FAILED,
  staffAccountResponseSchema,
  staffAccountsResponseSchema,
  staffAuditResponseSchema,
  type StaffAccountView,
} from '../../../lib/api/staff-contract.ts';
import {
  addTestStaff,
  bearer,
  onEachStore,
  operatorHeaders,
  staffToken,
  type CallOptions,
  type TestApi,
  type TestStaff,
} from './support/test-support.ts';

/**
 * Issue 29, item 1: staff access could not be taken back. An owner (and the operator, for any
 * shop) disables, enables and removes accounts, changes roles and sets passwords; everyone changes
 * their own; each ends that account's other sessions at once, on every API process, and is audited;
 * a shop always keeps an owner who can sign in.
 */

await onEachStore(
  ({ api, start }) => {
    let shops = 0;
    /** A shop's staff of its own for each case: emails unique in the shared database. */
    async function team(slug = 'test-pizza') {
      const n = (shops += 1);
      const member = (role: 'owner' | 'kitchen', name: string): TestStaff => ({
        email: `${name.toLowerCase()}${n}@${slug}.test`,
        password: `${name}-password-${n}`,
        name,
        role,
      });
      const people = { owner: member('owner', 'Olive'), kitchen: member('kitchen', 'Kit') };
      for (const person of Object.values(people)) await addTestStaff(api, slug, person);
      return people;
    }
    const call = (token: string, path: string, options: CallOptions = {}, target: TestApi = api) =>
      target.call(path, { domain: null, ...options, headers: { ...bearer(token), ...options.headers } });
    const me = (token: string, target: TestApi = api) => call(token, '/staff/me', {}, target);
    const signIn = (person: Pick<TestStaff, 'email' | 'password'>, retailer = 'test-pizza') =>
      api.call('/staff/sign-in', { domain: null, body: { retailer, ...person } });
    async function accountOf(ownerToken: string, email: string): Promise<StaffAccountView> {
      const { accounts } = staffAccountsResponseSchema.parse((await call(ownerToken, '/staff/accounts')).body);
      const found = accounts.find((account) => account.email === email);
      if (!found) throw new Error(`no account ${email}`);
      return found;
    }
    /** The audit entries about one account's lifecycle, newest first (the shared shop logs other cases' too). */
    const lifecycleOf = async (ownerToken: string, email: string) =>
      staffAuditResponseSchema
        .parse((await call(ownerToken, '/staff/audit?limit=500')).body)
        .entries.filter((entry) => entry.action.startsWith('staff-') && entry.subject.startsWith(email))
        .map((entry) => `${entry.staffName}: ${entry.action} ${entry.subject}`);

    it('an owner disables a kitchen account: its sessions end at once on every API process, it cannot sign in, and enabling lets it back', async () => {
      const { owner, kitchen } = await team();
      const ownerToken = await staffToken(api, 'test-pizza', owner);
      const kitchenTokens = [
        await staffToken(api, 'test-pizza', kitchen),
        await staffToken(api, 'test-pizza', kitchen),
      ];
      const second = await start({ sameDatabaseAs: api });
      expect((await me(kitchenTokens[1] ?? '', second)).status).toBe(200);
      const { staffId } = await accountOf(ownerToken, kitchen.email);

      const disabled = await call(ownerToken, `/staff/accounts/${staffId}`, {
        method: 'PUT',
        body: { disabled: true },
      });
      expect(staffAccountResponseSchema.parse(disabled.body).account).toMatchObject({
        disabled: true,
        role: 'kitchen',
      });
      expect((await me(kitchenTokens[0] ?? '')).status).toBe(401);
      expect((await me(kitchenTokens[1] ?? '', second)).status).toBe(401);
      expect(await signIn(kitchen)).toMatchObject({ status: 401, body: { error: STAFF_SIGN_IN_FAILED } });
      expect((await me(ownerToken)).status).toBe(200);

      await call(ownerToken, `/staff/accounts/${staffId}`, { method: 'PUT', body: { disabled: false } });
      expect((await signIn(kitchen)).status).toBe(200);
      expect(await lifecycleOf(ownerToken, kitchen.email)).toEqual([
        `Olive: staff-enable ${kitchen.email}`,
        `Olive: staff-disable ${kitchen.email}`,
        `Operator: staff-add ${kitchen.email} as kitchen`,
      ]);
    });

    it('a role change and a password the owner sets end the sessions; the old password no longer signs in', async () => {
      const { owner, kitchen } = await team();
      const ownerToken = await staffToken(api, 'test-pizza', owner);
      const { staffId } = await accountOf(ownerToken, kitchen.email);
      const before = await staffToken(api, 'test-pizza', kitchen);
      await call(ownerToken, `/staff/accounts/${staffId}`, { method: 'PUT', body: { role: 'owner' } });
      expect((await me(before)).status).toBe(401);
      const promoted = await staffToken(api, 'test-pizza', kitchen);
      expect((await me(promoted)).body).toMatchObject({ staff: { role: 'owner' } });

      const reset = await call(ownerToken, `/staff/accounts/${staffId}/password`, {
        body: { password: 'a-new-long-password' },
      });
      expect(reset.status).toBe(204);
      expect((await me(promoted)).status).toBe(401);
      expect((await signIn(kitchen)).status).toBe(401);
      expect((await signIn({ email: kitchen.email, password: 'a-new-long-password' })).status).toBe(200);
      expect(await lifecycleOf(ownerToken, kitchen.email)).toEqual([
        `Olive: staff-password ${kitchen.email}`,
        `Olive: staff-role ${kitchen.email}: kitchen to owner`,
        `Operator: staff-add ${kitchen.email} as kitchen`,
      ]);
    });

    it('a staff member changes their own password: their other sessions end, this one goes on', async () => {
      const { kitchen } = await team();
      const here = await staffToken(api, 'test-pizza', kitchen);
      const elsewhere = await staffToken(api, 'test-pizza', kitchen);
      const change = (currentPassword: string) =>
        call(here, '/staff/password', { body: { currentPassword, password: 'my-own-new-password' } });
      expect(await change('not-my-password')).toMatchObject({
        status: 403,
        body: { error: 'Your current password is wrong.' },
      });
      expect((await me(elsewhere)).status).toBe(200);
      expect((await change(kitchen.password)).status).toBe(204);
      expect((await me(here)).status).toBe(200);
      expect((await me(elsewhere)).status).toBe(401);
      expect((await signIn(kitchen)).status).toBe(401);
      expect((await signIn({ email: kitchen.email, password: 'my-own-new-password' })).status).toBe(200);
    });

    it('an owner adds a member who signs in at once; the add is audited, an email the shop has is refused, and the kitchen may not add', async () => {
      const { owner, kitchen } = await team();
      const ownerToken = await staffToken(api, 'test-pizza', owner);
      const newcomer = {
        email: `  Newby${shops}@Test-Pizza.test `,
        name: 'Newby',
        role: 'kitchen',
        password: 'first-shift-pw',
      };
      const email = newcomer.email.trim().toLowerCase();
      const added = await call(ownerToken, '/staff/accounts', { body: newcomer });
      expect(added.status).toBe(201);
      expect(staffAccountResponseSchema.parse(added.body).account).toMatchObject({
        email,
        name: 'Newby',
        role: 'kitchen',
        disabled: false,
        lastSignInAt: null,
      });
      expect((await accountOf(ownerToken, email)).lastSignInAt).toBeNull();
      expect((await signIn({ email, password: 'first-shift-pw' })).status).toBe(200);
      const signedIn = await accountOf(ownerToken, email);
      expect(signedIn).toMatchObject({ role: 'kitchen', disabled: false });
      expect(Date.parse(signedIn.lastSignInAt ?? '')).toBeGreaterThan(0);
      expect(await call(ownerToken, '/staff/accounts', { body: { ...newcomer, name: 'Again' } })).toMatchObject({
        status: 409,
        body: { error: `This shop already has a staff account for ${email}.` },
      });
      expect((await call(ownerToken, '/staff/accounts', { body: { ...newcomer, password: 'short' } })).status).toBe(
        400,
      );
      const kitchenToken = await staffToken(api, 'test-pizza', kitchen);
      const refused = await call(kitchenToken, '/staff/accounts', { body: { ...newcomer, email: `x${email}` } });
      expect(refused.status).toBe(403);
      expect(await lifecycleOf(ownerToken, email)).toEqual([`Olive: staff-add ${email} as kitchen`]);
    });

    it('the current password is checked at most 10 times in 15 minutes; the right one clears the count', async () => {
      const { kitchen } = await team();
      const token = await staffToken(api, 'test-pizza', kitchen);
      const change = (currentPassword: string, password = 'my-own-new-password') =>
        call(token, '/staff/password', { body: { currentPassword, password } });
      for (let guess = 0; guess < 9; guess += 1) expect((await change(`guess-${guess}`)).status).toBe(403);
      expect((await change(kitchen.password)).status).toBe(204);
      for (let guess = 0; guess < 10; guess += 1) expect((await change(`guess-${guess}`)).status).toBe(403);
      const spent = await change('my-own-new-password', 'yet-another-password');
      expect(spent.status).toBe(429);
      expect(Number(spent.headers.get('retry-after'))).toBeGreaterThan(0);
    });

    it('a shop keeps an owner who can sign in: its last one cannot be demoted, disabled or removed', async () => {
      // A shop of its own: no other case adds staff to closed-pizza.
      const { owner, kitchen } = await team('closed-pizza');
      const ownerToken = await staffToken(api, 'closed-pizza', owner);
      const { staffId } = await accountOf(ownerToken, owner.email);
      for (const [path, body] of [
        [`/staff/accounts/${staffId}`, { role: 'kitchen' }],
        [`/staff/accounts/${staffId}`, { disabled: true }],
        [`/staff/accounts/${staffId}/remove`, undefined],
      ] as const) {
        const answer = await call(ownerToken, path, body ? { method: 'PUT', body } : { method: 'POST' });
        expect(answer).toMatchObject({ status: 409, body: { error: LAST_OWNER_REFUSED } });
      }
      expect(await accountOf(ownerToken, owner.email)).toMatchObject({ role: 'owner', disabled: false });
      // Another owner first; then the first may go, and the second owner's session reads the log.
      const kitchenAccount = await accountOf(ownerToken, kitchen.email);
      await call(ownerToken, `/staff/accounts/${kitchenAccount.staffId}`, { method: 'PUT', body: { role: 'owner' } });
      const secondOwner = await staffToken(api, 'closed-pizza', kitchen);
      expect((await call(ownerToken, `/staff/accounts/${staffId}/remove`, { method: 'POST' })).status).toBe(204);
      expect((await me(ownerToken)).status).toBe(401);
      expect((await signIn(owner, 'closed-pizza')).status).toBe(401);
      expect(await lifecycleOf(secondOwner, owner.email)).toEqual([
        `Olive: staff-remove ${owner.email}`,
        `Operator: staff-add ${owner.email} as owner`,
      ]);
    });

    it('only an owner manages accounts, and only of their own shop', async () => {
      const { owner, kitchen } = await team();
      const kitchenToken = await staffToken(api, 'test-pizza', kitchen);
      const ownerToken = await staffToken(api, 'test-pizza', owner);
      const { staffId } = await accountOf(ownerToken, owner.email);
      expect((await call(kitchenToken, '/staff/accounts')).status).toBe(403);
      expect(
        (await call(kitchenToken, `/staff/accounts/${staffId}`, { method: 'PUT', body: { disabled: true } })).status,
      ).toBe(403);
      const other: TestStaff = {
        email: `boss${shops}@other-pizza.test`,
        password: 'other-pizza-boss',
        name: 'Otto',
        role: 'owner',
      };
      await addTestStaff(api, 'other-pizza', other);
      const otherToken = await staffToken(api, 'other-pizza', other);
      expect(
        (await call(otherToken, `/staff/accounts/${staffId}`, { method: 'PUT', body: { disabled: true } })).status,
      ).toBe(404);
      expect((await call(otherToken, `/staff/accounts/${staffId}/remove`, { method: 'POST' })).status).toBe(404);
      expect((await me(ownerToken)).status).toBe(200);
    });

    it('the operator disables, enables, resets and removes any shop’s account, audited as the operator', async () => {
      const { owner, kitchen } = await team();
      const kitchenToken = await staffToken(api, 'test-pizza', kitchen);
      const operator = (path: string, body?: unknown, method = 'POST') =>
        api.call(`/operator/tenants/test-pizza/staff/${encodeURIComponent(kitchen.email)}${path}`, {
          domain: null,
          method,
          headers: operatorHeaders(),
          ...(body === undefined ? {} : { body }),
        });
      expect((await operator('', { disabled: true }, 'PUT')).body).toMatchObject({ account: { disabled: true } });
      expect((await me(kitchenToken)).status).toBe(401);
      await operator('', { disabled: false }, 'PUT');
      expect((await operator('/password', { password: 'operator-chosen-pw' })).status).toBe(200);
      expect((await signIn({ email: kitchen.email, password: 'operator-chosen-pw' })).status).toBe(200);
      expect((await operator('/remove')).status).toBe(200);
      expect((await signIn({ email: kitchen.email, password: 'operator-chosen-pw' })).status).toBe(401);
      expect((await operator('/remove')).status).toBe(404);
      const ownerToken = await staffToken(api, 'test-pizza', owner);
      expect(await lifecycleOf(ownerToken, kitchen.email)).toEqual([
        ...['remove', 'password', 'enable', 'disable'].map((action) => `Operator: staff-${action} ${kitchen.email}`),
        `Operator: staff-add ${kitchen.email} as kitchen`,
      ]);
      const unauthorised = await api.call('/operator/tenants/test-pizza/staff/x%40y.test/remove', {
        domain: null,
        method: 'POST',
      });
      expect(unauthorised.status).toBe(401);
    });
  },
  { api: () => ({ rateLimits: { staffSignInPerAddress: { attempts: 10_000, windowMs: 60_000 } } }) },
);
