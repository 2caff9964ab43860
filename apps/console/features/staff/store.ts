import { atom } from 'nanostores';
import { failureText, sessionEnded } from '../../shell/failures.ts';
import type { NewStaffAccount, StaffAccountChange } from '../../../../lib/api/staff-contract.ts';
import { StaffApiError } from '../../shell/client.ts';
import { $consoleSession, consoleToken, resetWithSession, endSession } from '../../shell/store.ts';
import type { StaffAccountCalls } from './staff-client.ts';
import {
  ACTION_FAILED,
  actionOf,
  emptyTeam,
  savedText,
  withMemberAdded,
  withMemberDone,
  withMemberFailed,
  withMemberRemoved,
  withMemberSaved,
  withMemberSaving,
  withTeamList,
  withTeamProblem,
  type MemberAction,
  type Notice,
  type TeamState,
} from './team.ts';

/**
 * The Staff view's state, loaded with that view only: the owner's team and everyone's own
 * password change. An answer that lands after sign-out, or after someone else signed in on the
 * device, is dropped.
 */

export interface OwnPasswordState {
  saving: boolean;
  notice: Notice | null;
}

export const $staffTeam = atom<TeamState>(emptyTeam);
export const $ownPassword = atom<OwnPasswordState>({ saving: false, notice: null });

/** Said at sign-in after an owner demoted, disabled or removed their own account, which ended this session too. */
export const OWN_ACCOUNT_CHANGED =
  'You changed your own account, which ended your sessions. Sign in again if you still may.';

resetWithSession(() => {
  $staffTeam.set(emptyTeam);
  $ownPassword.set({ saving: false, notice: null });
});

const signedInStaffId = (): number | null => {
  const session = $consoleSession.get();
  return session.kind === 'signed-in' ? session.staff.staffId : null;
};

export async function refreshTeam(calls: StaffAccountCalls): Promise<void> {
  const token = consoleToken();
  try {
    const accounts = await calls.list();
    if (consoleToken() === token) $staffTeam.set(withTeamList($staffTeam.get(), accounts));
  } catch (error) {
    if (!sessionEnded(error) && consoleToken() === token)
      $staffTeam.set(withTeamProblem($staffTeam.get(), failureText(error)));
  }
}

/** Answers whether the account was added, so the form empties only then. */
export async function addMember(calls: StaffAccountCalls, account: NewStaffAccount): Promise<boolean> {
  if ($staffTeam.get().adding) return false;
  const token = consoleToken();
  $staffTeam.set({ ...$staffTeam.get(), adding: true, notice: null });
  try {
    const added = await calls.add(account);
    if (consoleToken() === token) $staffTeam.set(withMemberAdded($staffTeam.get(), added));
    return true;
  } catch (error) {
    if (consoleToken() === token)
      $staffTeam.set({
        ...$staffTeam.get(),
        adding: false,
        notice: sessionEnded(error)
          ? null
          : { ok: false, text: `Could not add ${account.email}: ${failureText(error)}` },
      });
    return false;
  }
}

/**
 * After the change the server has ended that account's sessions; when it was the owner's own
 * account, this one too, so the console goes back to sign-in now rather than at its next call.
 */
function endOwnSession(staffId: number): void {
  if (staffId === signedInStaffId()) endSession(OWN_ACCOUNT_CHANGED);
}

async function memberChange(
  calls: StaffAccountCalls,
  staffId: number,
  action: MemberAction,
  send: () => Promise<(state: TeamState) => TeamState>,
): Promise<boolean> {
  const started = withMemberSaving($staffTeam.get(), staffId, action);
  if (!started) return false;
  $staffTeam.set(started);
  const token = consoleToken();
  try {
    const done = await send();
    if (consoleToken() === token) $staffTeam.set(done($staffTeam.get()));
    return true;
  } catch (error) {
    if (sessionEnded(error) || consoleToken() !== token) return false;
    const failed = `${ACTION_FAILED[action]}: ${failureText(error)}`;
    // Another owner changed the team meanwhile (a 409, or the 404 of an account gone): show it as it is now.
    if (error instanceof StaffApiError && (error.status === 409 || error.status === 404)) await refreshTeam(calls);
    if (consoleToken() === token) $staffTeam.set(withMemberFailed($staffTeam.get(), staffId, failed));
    return false;
  }
}

const accountOf = (staffId: number) => $staffTeam.get().accounts.find((account) => account.staffId === staffId);

/** A new role, or disabled or enabled again: that account's sessions end at once. */
export async function changeMember(
  calls: StaffAccountCalls,
  staffId: number,
  change: StaffAccountChange,
): Promise<void> {
  const before = accountOf(staffId);
  if (!before) return;
  await memberChange(calls, staffId, actionOf(change), async () => {
    const saved = await calls.change(staffId, change);
    // A change to what the account already was changes nothing on the server, sessions included.
    if (saved.role !== before.role || saved.disabled !== before.disabled) endOwnSession(staffId);
    return (state) => withMemberSaved(state, saved, savedText(before, saved));
  });
}

export async function removeMember(calls: StaffAccountCalls, staffId: number): Promise<void> {
  const before = accountOf(staffId);
  if (!before) return;
  await memberChange(calls, staffId, 'remove', async () => {
    await calls.remove(staffId);
    endOwnSession(staffId);
    return (state) =>
      withMemberRemoved(state, staffId, `Removed ${before.name} (${before.email}): signed out everywhere.`);
  });
}

/** Answers whether the password was set, so its form empties only then. */
export async function resetMemberPassword(
  calls: StaffAccountCalls,
  staffId: number,
  password: string,
): Promise<boolean> {
  const before = accountOf(staffId);
  if (!before) return false;
  return memberChange(calls, staffId, 'password', async () => {
    await calls.resetPassword(staffId, password);
    return (state) =>
      withMemberDone(state, staffId, `New password set for ${before.name}: they were signed out everywhere.`);
  });
}

/** The signed-in member's own password; answers whether it changed, so the form empties only then. */
export async function changeOwnPassword(
  calls: StaffAccountCalls,
  currentPassword: string,
  password: string,
): Promise<boolean> {
  if ($ownPassword.get().saving) return false;
  const token = consoleToken();
  $ownPassword.set({ saving: true, notice: null });
  try {
    await calls.changeOwnPassword(currentPassword, password);
    if (consoleToken() === token)
      $ownPassword.set({
        saving: false,
        notice: { ok: true, text: 'Password changed. Your other devices were signed out; this one stays signed in.' },
      });
    return true;
  } catch (error) {
    if (consoleToken() === token)
      $ownPassword.set({
        saving: false,
        notice: sessionEnded(error) ? null : { ok: false, text: `Password not changed: ${failureText(error)}` },
      });
    return false;
  }
}
