import { z } from 'zod';
import {
  LAST_OWNER_REFUSED,
  ownPasswordChangeSchema,
  type StaffAccountChange,
  type StaffAccountView,
  type StaffRole,
} from '../../../../lib/api/staff-contract.ts';
import type { ShopZone } from '../../../../lib/time/shop-zone.ts';
import { formatClock } from '../board/format.ts';

/**
 * The Staff view's team: the shop's accounts as the server last answered, and what each change
 * came to. A change shows only once the server has it; a refusal leaves the account as it was,
 * with the server's reason on it.
 */

export interface Notice {
  ok: boolean;
  text: string;
}

/** What an owner does to one account from its card. */
export type MemberAction = 'role' | 'disable' | 'enable' | 'remove' | 'password';

export interface TeamState {
  /** False until the first list arrives. */
  loaded: boolean;
  /** By name, as the API answers. */
  accounts: readonly StaffAccountView[];
  /** Why the last list could not be fetched, until one arrives. */
  problem: string | null;
  /** The change saving on each account, so its buttons wait for it. */
  saving: Readonly<Record<number, MemberAction>>;
  /** What the last change of each account came to. */
  notices: Readonly<Record<number, Notice>>;
  adding: boolean;
  /** What the last add, or a removal (whose card is gone), came to. */
  notice: Notice | null;
}

export const emptyTeam: TeamState = {
  loaded: false,
  accounts: [],
  problem: null,
  saving: {},
  notices: {},
  adding: false,
  notice: null,
};

export const ROLE_TEXT: Readonly<Record<StaffRole, string>> = { owner: 'Owner', kitchen: 'Kitchen' };

function without<T>(record: Readonly<Record<number, T>>, staffId: number): Record<number, T> {
  const rest = { ...record };
  delete rest[staffId];
  return rest;
}

export function withTeamList(state: TeamState, accounts: readonly StaffAccountView[]): TeamState {
  return { ...state, loaded: true, accounts, problem: null };
}

export function withTeamProblem(state: TeamState, problem: string): TeamState {
  return { ...state, problem };
}

/** The action a change is, as its card says it. */
export function actionOf(change: StaffAccountChange): MemberAction {
  if (change.role !== undefined) return 'role';
  return change.disabled ? 'disable' : 'enable';
}

/** Null when the account is unknown or a change of it is already saving. */
export function withMemberSaving(state: TeamState, staffId: number, action: MemberAction): TeamState | null {
  if (!state.accounts.some((account) => account.staffId === staffId) || state.saving[staffId]) return null;
  return { ...state, saving: { ...state.saving, [staffId]: action }, notices: without(state.notices, staffId) };
}

export function withMemberSaved(state: TeamState, saved: StaffAccountView, text: string): TeamState {
  return {
    ...state,
    accounts: state.accounts.map((account) => (account.staffId === saved.staffId ? saved : account)),
    saving: without(state.saving, saved.staffId),
    notices: { ...state.notices, [saved.staffId]: { ok: true, text } },
  };
}

/** A password set: the account is as it was, its notice says so. */
export function withMemberDone(state: TeamState, staffId: number, text: string): TeamState {
  return {
    ...state,
    saving: without(state.saving, staffId),
    notices: { ...state.notices, [staffId]: { ok: true, text } },
  };
}

export function withMemberRemoved(state: TeamState, staffId: number, text: string): TeamState {
  return {
    ...state,
    accounts: state.accounts.filter((account) => account.staffId !== staffId),
    saving: without(state.saving, staffId),
    notices: without(state.notices, staffId),
    notice: { ok: true, text },
  };
}

/** The reason shows on the account's card, or above the list when the account is gone (another owner removed it). */
export function withMemberFailed(state: TeamState, staffId: number, text: string): TeamState {
  const saving = without(state.saving, staffId);
  if (!state.accounts.some((account) => account.staffId === staffId))
    return { ...state, saving, notice: { ok: false, text } };
  return { ...state, saving, notices: { ...state.notices, [staffId]: { ok: false, text } } };
}

/** A new account goes where the server would list it: by name. */
export function withMemberAdded(state: TeamState, added: StaffAccountView): TeamState {
  const accounts = [...state.accounts.filter((account) => account.staffId !== added.staffId), added].sort((a, b) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : a.staffId - b.staffId,
  );
  return {
    ...state,
    accounts,
    adding: false,
    notice: {
      ok: true,
      text: `Added ${added.name} (${added.email}) as ${ROLE_TEXT[added.role]}: they can sign in now.`,
    },
  };
}

/**
 * Why the account may not be demoted, disabled or removed, or null: it is the shop's last owner who
 * can sign in. The server refuses it with the same words; saying it on the card saves the tap.
 */
export function lastOwnerReason(accounts: readonly StaffAccountView[], account: StaffAccountView): string | null {
  if (account.role !== 'owner' || account.disabled) return null;
  const otherOwners = accounts.filter(
    (other) => other.staffId !== account.staffId && other.role === 'owner' && !other.disabled,
  );
  return otherOwners.length === 0 ? LAST_OWNER_REFUSED : null;
}

/** "Last signed in 6:30 pm", on the shop's clock, or that the account never has. */
export function lastSignInText(account: Pick<StaffAccountView, 'lastSignInAt'>, now: Date, zone?: ShopZone): string {
  return account.lastSignInAt === null
    ? 'Never signed in'
    : `Last signed in ${formatClock(account.lastSignInAt, now, zone)}`;
}

/** What a saved change did, in words: the sessions it ended are what makes it matter. */
export function savedText(before: StaffAccountView, saved: StaffAccountView): string {
  if (saved.role !== before.role)
    return `${saved.name} is now ${ROLE_TEXT[saved.role]}. They were signed out and sign in again with the new role.`;
  if (saved.disabled) return `${saved.name} is disabled: signed out everywhere and cannot sign in.`;
  return `${saved.name} can sign in again.`;
}

export const ACTION_FAILED: Readonly<Record<MemberAction, string>> = {
  role: 'Could not change the role',
  disable: 'Could not disable',
  enable: 'Could not enable',
  remove: 'Could not remove',
  password: 'Could not set the password',
};

/** The form under "Change my password": the contract's body, and the new password typed twice alike. */
export const ownPasswordFormSchema = ownPasswordChangeSchema
  .extend({ confirm: z.string().max(200) })
  .refine((form) => form.confirm === form.password, { path: ['confirm'], message: 'expected the same password' });
