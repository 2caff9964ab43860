import { beforeEach, describe, expect, it } from 'vitest';
import { LAST_OWNER_REFUSED, type StaffAccountView } from '../../../../lib/api/staff-contract.ts';
import { staffMessages } from '../../shell/messages.ts';
import { EVENING, json, memoryStorage, owner, scriptedApi, signInAnswer } from '../../shell/test-fixtures.ts';
import { $consoleSession, endSession, setConsoleEnvironment, signIn } from '../../shell/store.ts';
import { staffAccountCalls } from './staff-client.ts';
import {
  $ownPassword,
  $staffTeam,
  addMember,
  changeMember,
  changeOwnPassword,
  OWN_ACCOUNT_CHANGED,
  refreshTeam,
  removeMember,
  resetMemberPassword,
} from './store.ts';
import { lastOwnerReason, lastSignInText } from './team.ts';

const rosa: StaffAccountView = {
  staffId: owner.staffId,
  name: owner.name,
  email: owner.email,
  role: 'owner',
  disabled: false,
  lastSignInAt: '2026-11-25T07:30:00.000Z',
};
const marco: StaffAccountView = {
  staffId: 2,
  name: 'Marco Bianchi',
  email: 'kitchen@bella-napoli.test',
  role: 'kitchen',
  disabled: false,
  lastSignInAt: null,
};
const team = [marco, rosa];

const storage = memoryStorage();
let api: ReturnType<typeof scriptedApi>;
let calls: ReturnType<typeof staffAccountCalls>;
beforeEach(async () => {
  setConsoleEnvironment({ storage: () => storage, now: () => EVENING });
  endSession(null);
  api = scriptedApi();
  calls = staffAccountCalls(api.client);
  api.answer('POST /staff/sign-in', json(200, signInAnswer));
  await signIn(api.client, { retailer: 'bella-napoli', email: owner.email, password: 'bella-napoli-owner' });
  api.answer('GET /staff/accounts', json(200, { accounts: team }));
  await refreshTeam(calls);
});

describe('the owner’s team', () => {
  it('lists the accounts; a failed read says why and keeps the list', async () => {
    expect($staffTeam.get()).toMatchObject({ loaded: true, accounts: team, problem: null });
    api.answer('GET /staff/accounts', json(500, {}));
    await refreshTeam(calls);
    expect($staffTeam.get()).toMatchObject({ accounts: team, problem: staffMessages.serverFault });
  });

  it('adds a member: the list shows them by name and says they can sign in; a refusal gives the server’s words', async () => {
    const ada = { email: 'ada@bella-napoli.test', name: 'Ada', role: 'kitchen', password: 'first-shift' } as const;
    api.answer(
      'POST /staff/accounts',
      json(201, { account: { staffId: 7, ...ada, password: undefined, disabled: false } }),
    );
    expect(await addMember(calls, ada)).toBe(true);
    expect(api.sent.at(-1)).toEqual({ key: 'POST /staff/accounts', body: ada });
    expect($staffTeam.get().accounts.map((account) => account.name)).toEqual(['Ada', 'Marco Bianchi', 'Rosa Esposito']);
    expect($staffTeam.get().notice).toEqual({
      ok: true,
      text: 'Added Ada (ada@bella-napoli.test) as Kitchen: they can sign in now.',
    });
    api.answer(
      'POST /staff/accounts',
      json(409, { error: 'This shop already has a staff account for ada@bella-napoli.test.' }),
    );
    expect(await addMember(calls, ada)).toBe(false);
    expect($staffTeam.get()).toMatchObject({
      adding: false,
      notice: {
        ok: false,
        text: 'Could not add ada@bella-napoli.test: This shop already has a staff account for ada@bella-napoli.test.',
      },
    });
  });

  it('disables and enables a member, saying what it did, and shows a change only once the server has it', async () => {
    api.answer('PUT /staff/accounts/2', json(200, { account: { ...marco, disabled: true } }));
    const saving = changeMember(calls, 2, { disabled: true });
    expect($staffTeam.get().saving).toEqual({ 2: 'disable' });
    expect($staffTeam.get().accounts.find((account) => account.staffId === 2)?.disabled).toBe(false);
    await saving;
    expect(api.sent.at(-1)).toEqual({ key: 'PUT /staff/accounts/2', body: { disabled: true } });
    expect($staffTeam.get()).toMatchObject({
      saving: {},
      notices: { 2: { ok: true, text: 'Marco Bianchi is disabled: signed out everywhere and cannot sign in.' } },
    });
    api.answer('PUT /staff/accounts/2', json(200, { account: marco }));
    await changeMember(calls, 2, { disabled: false });
    expect($staffTeam.get().notices[2]?.text).toBe('Marco Bianchi can sign in again.');
    expect($consoleSession.get().kind).toBe('signed-in');
  });

  it('a refused change keeps the account as it was, with the server’s words, and reads the team again', async () => {
    api.answer('PUT /staff/accounts/1', json(409, { error: LAST_OWNER_REFUSED }));
    api.answer('GET /staff/accounts', json(200, { accounts: team }));
    await changeMember(calls, 1, { role: 'kitchen' });
    expect($staffTeam.get().accounts).toEqual(team);
    expect($staffTeam.get().notices[1]).toEqual({
      ok: false,
      text: `Could not change the role: ${LAST_OWNER_REFUSED}`,
    });
    expect(api.sent.at(-1)?.key).toBe('GET /staff/accounts');
  });

  it('an account another owner removed meanwhile leaves the list, and the reason shows above it', async () => {
    api.answer('POST /staff/accounts/2/remove', json(404, { error: 'Staff account not found' }));
    api.answer('GET /staff/accounts', json(200, { accounts: [rosa] }));
    await removeMember(calls, 2);
    expect($staffTeam.get()).toMatchObject({
      accounts: [rosa],
      saving: {},
      notice: { ok: false, text: 'Could not remove: Staff account not found' },
    });
  });

  it('removes a member and sets a password; the card says what happened', async () => {
    api.answer('POST /staff/accounts/2/password', new Response(null, { status: 204 }));
    expect(await resetMemberPassword(calls, 2, 'a-new-password')).toBe(true);
    expect(api.sent.at(-1)).toEqual({ key: 'POST /staff/accounts/2/password', body: { password: 'a-new-password' } });
    expect($staffTeam.get().notices[2]?.text).toBe(
      'New password set for Marco Bianchi: they were signed out everywhere.',
    );
    api.answer('POST /staff/accounts/2/remove', new Response(null, { status: 204 }));
    await removeMember(calls, 2);
    expect($staffTeam.get().accounts).toEqual([rosa]);
    expect($staffTeam.get().notice?.text).toBe(
      'Removed Marco Bianchi (kitchen@bella-napoli.test): signed out everywhere.',
    );
  });

  it('an owner who demotes themselves is back at sign-in at once: the server ended their sessions', async () => {
    const otherOwner = { ...marco, role: 'owner' } as const;
    api.answer('GET /staff/accounts', json(200, { accounts: [otherOwner, rosa] }));
    await refreshTeam(calls);
    api.answer('PUT /staff/accounts/1', json(200, { account: { ...rosa, role: 'kitchen' } }));
    await changeMember(calls, 1, { role: 'kitchen' });
    expect($consoleSession.get()).toEqual({ kind: 'signed-out', notice: OWN_ACCOUNT_CHANGED });
    expect($staffTeam.get()).toMatchObject({ loaded: false, accounts: [] });
  });

  it('a session that ended (401) goes back to sign-in without a notice on the card', async () => {
    api.answer('PUT /staff/accounts/2', json(401, {}));
    await changeMember(calls, 2, { disabled: true });
    expect($consoleSession.get()).toEqual({ kind: 'signed-out', notice: staffMessages.sessionEnded });
    expect($staffTeam.get().notices).toEqual({});
  });
});

describe('the last owner', () => {
  it('may not be demoted, disabled or removed while no other owner can sign in', () => {
    expect(lastOwnerReason(team, rosa)).toBe(LAST_OWNER_REFUSED);
    expect(lastOwnerReason(team, marco)).toBeNull();
    expect(lastOwnerReason([rosa, { ...marco, role: 'owner' }], rosa)).toBeNull();
    expect(lastOwnerReason([rosa, { ...marco, role: 'owner', disabled: true }], rosa)).toBe(LAST_OWNER_REFUSED);
  });
});

describe('when each member last signed in', () => {
  it('is on the shop’s clock, with the day when it was not today', () => {
    const melbourne = 'Australia/Melbourne';
    expect(lastSignInText(rosa, EVENING, melbourne)).toBe('Last signed in 6:30 pm');
    expect(lastSignInText({ lastSignInAt: '2026-11-20T07:30:00.000Z' }, EVENING, melbourne)).toBe(
      'Last signed in Fri 20 Nov, 6:30 pm',
    );
    expect(lastSignInText(marco, EVENING, melbourne)).toBe('Never signed in');
  });
});

describe('changing my own password', () => {
  it('says the other devices were signed out; a wrong current password gives the server’s words', async () => {
    api.answer('POST /staff/password', json(403, { error: 'Your current password is wrong.' }));
    expect(await changeOwnPassword(calls, 'not-it', 'my-new-password')).toBe(false);
    expect($ownPassword.get()).toEqual({
      saving: false,
      notice: { ok: false, text: 'Password not changed: Your current password is wrong.' },
    });
    expect($consoleSession.get().kind).toBe('signed-in');
    api.answer('POST /staff/password', new Response(null, { status: 204 }));
    expect(await changeOwnPassword(calls, 'bella-napoli-owner', 'my-new-password')).toBe(true);
    expect(api.sent.at(-1)).toEqual({
      key: 'POST /staff/password',
      body: { currentPassword: 'bella-napoli-owner', password: 'my-new-password' },
    });
    expect($ownPassword.get().notice).toEqual({
      ok: true,
      text: 'Password changed. Your other devices were signed out; this one stays signed in.',
    });
  });
});
