import { createHash } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiCalls } from '../../../lib/api/contract.ts';
import { HOST, onEachStore, OPEN_NOW, type CallOptions } from './support/test-support.ts';

let clock = OPEN_NOW;
const logged: string[] = [];

beforeEach(() => {
  clock = OPEN_NOW;
});

const OTHER_HOST = 'order.otherpizza.example';
const HOUR_MS = 60 * 60 * 1000;
const oldPassword = 'pizza-lover-42';
const newPassword = 'calzone-fan-2030';
const requested = {
  success: true,
  message: 'If an account exists for that email, we have sent a link to reset its password.',
};
const changed = { success: true, message: 'Your password has been changed. You can log in with it now.' };
const spent = { success: false, message: 'This reset link has expired or was already used. Ask for a new one.' };

let sequence = 0;
const nextEmail = () => `reset${(sequence += 1)}@example.com`;

await onEachStore(
  ({ api }) => {
    /** The stored reset rows; the clock is fixed, so the hash orders those made at one instant. */
    const resetRows = () =>
      api.db.selectFrom('password_resets').selectAll().orderBy('created_at').orderBy('token_hash').execute();

    async function signup(email: string, domain = HOST) {
      const answer = await api.call(apiCalls.signup.path, {
        body: { fullName: 'Ada Lovelace', email, phoneNumber: '0400 000 000', password: oldPassword },
        domain,
      });
      const body = apiCalls.signup.response.parse(answer.body);
      if (!body.success) throw new Error(body.message);
      return body;
    }

    /** Asks for a reset link and reads the token back out of the logged link, as a developer would. */
    async function requestReset(email: string, domain = HOST): Promise<string> {
      const logLines = logged.length;
      const answer = await api.call(apiCalls.requestPasswordReset.path, { body: { email }, domain });
      expect(answer).toMatchObject({ status: 200, body: requested });
      const link = logged.slice(logLines).find((line) => line.startsWith('password reset for '));
      const token = link?.match(/\?token=([\w-]+)$/)?.[1];
      if (!token) throw new Error(`no reset link logged for ${email}`);
      return token;
    }

    async function reset(token: string, password = newPassword, domain = HOST) {
      const answer = await api.call(apiCalls.resetPassword.path, { body: { token, password }, domain });
      expect(answer.status).toBe(200);
      return apiCalls.resetPassword.response.parse(answer.body);
    }

    async function logsIn(email: string, password: string, domain = HOST): Promise<boolean> {
      const answer = await api.call(apiCalls.login.path, { body: { email, password }, domain });
      return apiCalls.login.response.parse(answer.body).success;
    }

    describe('request-password-reset', () => {
      it('answers an unknown email exactly as a known one, and writes and logs nothing for it', async () => {
        const known = nextEmail();
        await signup(known);
        const before = await api.counts();
        const logLines = logged.length;
        const unknown = await api.call(apiCalls.requestPasswordReset.path, { body: { email: 'nobody@example.com' } });
        expect(unknown).toMatchObject({ status: 200, body: requested });
        expect(await api.counts()).toEqual(before);
        expect(logged.slice(logLines).filter((line) => line.startsWith('password reset'))).toEqual([]);

        const answer = await api.call(apiCalls.requestPasswordReset.path, { body: { email: known } });
        expect(answer.body).toEqual(unknown.body);
        expect((await api.counts()).password_resets).toBe((before['password_resets'] ?? 0) + 1);
      });

      it('stores only the sha256 of the token, for an hour, and logs the link on the retailer host', async () => {
        const email = nextEmail();
        const { custInfo } = await signup(email);
        const token = await requestReset(`  ${email.toUpperCase()} `);
        expect(token).toMatch(/^[\w-]{43}$/);
        expect(logged).toContain(`password reset for ${email}: http://${HOST}/reset-password?token=${token}`);

        const rows = (await resetRows()).filter((row) => row.customer_id === custInfo.customerId);
        expect(rows).toEqual([
          {
            token_hash: createHash('sha256').update(token).digest('hex'),
            customer_id: custInfo.customerId,
            retailer_id: 9001,
            created_at: OPEN_NOW.toISOString(),
            expires_at: new Date(OPEN_NOW.getTime() + HOUR_MS).toISOString(),
            used_at: null,
          },
        ]);
        expect(JSON.stringify(await resetRows())).not.toContain(token);
      });

      it('a second link invalidates the first', async () => {
        const email = nextEmail();
        const { custInfo } = await signup(email);
        const first = await requestReset(email);
        const second = await requestReset(email);
        expect(second).not.toBe(first);
        expect((await resetRows()).filter((row) => row.customer_id === custInfo.customerId)).toHaveLength(1);
        expect(await reset(first)).toEqual(spent);
        expect(await reset(second)).toEqual(changed);
      });
    });

    describe('reset-password', () => {
      it('sets the new password: the old one no longer logs in, the new one does', async () => {
        const email = nextEmail();
        await signup(email);
        expect(await reset(await requestReset(email))).toEqual(changed);
        expect(await logsIn(email, oldPassword)).toBe(false);
        expect(await logsIn(email, newPassword)).toBe(true);
      });

      it('ends every session the customer had open', async () => {
        const email = nextEmail();
        const { custInfo, sessionToken } = await signup(email);
        await reset(await requestReset(email));
        const answer = await api.call(apiCalls.updateCustomer.path, {
          body: { encryptedOrderId: null, customerId: custInfo.customerId },
          headers: { authorization: `Bearer ${sessionToken}` },
        });
        expect(answer.status).toBe(401);
      });

      it('a used token cannot change the password again', async () => {
        const email = nextEmail();
        const { custInfo } = await signup(email);
        const token = await requestReset(email);
        expect(await reset(token)).toEqual(changed);
        expect(await reset(token, 'someone-elses-pick')).toEqual(spent);
        expect(await logsIn(email, newPassword)).toBe(true);
        expect((await resetRows()).find((row) => row.customer_id === custInfo.customerId)?.used_at).toBe(
          OPEN_NOW.toISOString(),
        );
      });

      it.each([
        ['59 minutes later works', 59 * 60 * 1000, changed],
        ['exactly an hour later has expired', HOUR_MS, spent],
        ['a day later has expired', 24 * HOUR_MS, spent],
      ])('a token used %s', async (_name, later, expected) => {
        const email = nextEmail();
        await signup(email);
        const token = await requestReset(email);
        clock = new Date(OPEN_NOW.getTime() + later);
        expect(await reset(token)).toEqual(expected);
        expect(await logsIn(email, newPassword)).toBe(expected.success);
      });

      it("another retailer's token changes nothing, and stays usable at its own retailer", async () => {
        const email = nextEmail();
        await signup(email);
        await signup(email, OTHER_HOST);
        const token = await requestReset(email);
        expect(await reset(token, newPassword, OTHER_HOST)).toEqual(spent);
        expect(await logsIn(email, oldPassword, OTHER_HOST)).toBe(true);
        expect(await logsIn(email, oldPassword)).toBe(true);
        expect(await reset(token)).toEqual(changed);
        expect(await logsIn(email, oldPassword, OTHER_HOST)).toBe(true);
      });

      it('a made-up token answers success false and writes nothing', async () => {
        const before = await api.counts();
        expect(await reset('x'.repeat(43))).toEqual(spent);
        expect(await api.counts()).toEqual(before);
      });
    });

    describe('malformed password-reset requests', () => {
      const { requestPasswordReset, resetPassword } = apiCalls;

      /** Each request gets a live token of a real customer, so a check that let it through would show as a change. */
      it.each<[string, string, (token: string) => CallOptions, string]>([
        ['a reset request without an email', requestPasswordReset.path, () => ({ body: {} }), 'email'],
        [
          'a reset request for something not an email',
          requestPasswordReset.path,
          () => ({ body: { email: 'ada' } }),
          'email',
        ],
        ['a reset request that is not JSON', requestPasswordReset.path, () => ({ rawBody: '{"email":' }), ''],
        ['a reset without a token', resetPassword.path, () => ({ body: { password: newPassword } }), 'token'],
        [
          'a reset with an empty token',
          resetPassword.path,
          () => ({ body: { token: '', password: newPassword } }),
          'token',
        ],
        [
          'a reset with a token as a number',
          resetPassword.path,
          () => ({ body: { token: 42, password: newPassword } }),
          'token',
        ],
        [
          'a new password of 7 characters',
          resetPassword.path,
          (token) => ({ body: { token, password: 'short77' } }),
          'password',
        ],
        ['a reset without a password', resetPassword.path, (token) => ({ body: { token } }), 'password'],
      ])('%s is 400 and writes nothing', async (_name, path, request, field) => {
        const email = nextEmail();
        await signup(email);
        const token = await requestReset(email);
        const before = await api.counts();
        const rowsBefore = await resetRows();
        const answer = await api.call(path, { method: 'POST', ...request(token) });
        expect(answer.status).toBe(400);
        const body = answer.body as { success: boolean; issues: { path: string }[] };
        expect(body.success).toBe(false);
        if (field) expect(body.issues.map((issue) => issue.path)).toContain(field);
        expect(await api.counts()).toEqual(before);
        expect(await resetRows()).toEqual(rowsBefore);
        expect(await reset(token)).toEqual(changed);
      });
    });
  },
  { api: { now: () => clock, log: (line) => logged.push(line) } },
);
