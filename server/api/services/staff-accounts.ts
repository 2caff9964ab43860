import {
  LAST_OWNER_REFUSED,
  type NewStaffAccount,
  type StaffAccountChange,
  type StaffAccountView,
} from '../../../lib/api/staff-contract.ts';
import type { StaffAccount } from '../store/staff.ts';
import type { Stores } from '../store/stores.ts';
import type { PasswordHash } from './passwords.ts';
import { ApiProblem } from './problems.ts';

/**
 * Taking staff access back (issue 29): what an owner in the console and the operator's CLI do to
 * an account of one retailer. Each runs inside the retailer's write transaction, ends the target's
 * sessions on every device and API process (they live in the database), is audited, and is refused
 * when it would leave the shop without an owner who can sign in.
 */

/** Who acted, as the audit log names them: a staff member, or the operator (no account). */
export interface StaffActor {
  retailerId: number;
  staffId: number | null;
  name: string;
}

export const OPERATOR_ACTOR_NAME = 'Operator';

async function keepAnOwner(stores: Stores, retailerId: number): Promise<void> {
  if ((await stores.staff.enabledOwners(retailerId)) === 0) throw new ApiProblem(409, LAST_OWNER_REFUSED);
}

/** Adds an account that may sign in at once; an email the shop already has is a 409 that names it. */
export async function addStaffAccount(
  stores: Stores,
  actor: StaffActor,
  account: Omit<NewStaffAccount, 'password'>,
  password: PasswordHash,
  now: Date,
): Promise<StaffAccount> {
  const added = await stores.staff.insert(actor.retailerId, account, password, now);
  if (!added) throw new ApiProblem(409, `This shop already has a staff account for ${account.email}.`);
  await stores.staff.record(actor, 'staff-add', `${account.email} as ${account.role}`, now);
  return added;
}

/** Changes the role or whether the account may sign in; a change to what it already is changes and records nothing. */
export async function changeStaffAccount(
  stores: Stores,
  actor: StaffActor,
  target: StaffAccountView,
  change: StaffAccountChange,
  now: Date,
): Promise<StaffAccountView> {
  const role = change.role ?? target.role;
  const disabled = change.disabled ?? target.disabled;
  if (role === target.role && disabled === target.disabled) return target;
  await stores.staff.change(target.staffId, { role, disabled }, now);
  await keepAnOwner(stores, actor.retailerId);
  await stores.staff.closeSessions(target.staffId);
  if (role !== target.role)
    await stores.staff.record(actor, 'staff-role', `${target.email}: ${target.role} to ${role}`, now);
  if (disabled !== target.disabled)
    await stores.staff.record(actor, disabled ? 'staff-disable' : 'staff-enable', target.email, now);
  return { ...target, role, disabled };
}

export async function removeStaffAccount(
  stores: Stores,
  actor: StaffActor,
  target: StaffAccountView,
  now: Date,
): Promise<void> {
  await stores.staff.remove(target.staffId);
  await keepAnOwner(stores, actor.retailerId);
  await stores.staff.record(
    { ...actor, staffId: actor.staffId === target.staffId ? null : actor.staffId },
    'staff-remove',
    target.email,
    now,
  );
}

/** Sets a new password someone else chose (the owner, the operator): every session of the account ends. */
export async function resetStaffPassword(
  stores: Stores,
  actor: StaffActor,
  target: StaffAccountView,
  password: PasswordHash,
  now: Date,
): Promise<void> {
  await stores.staff.setPassword(target.staffId, password);
  await stores.staff.closeSessions(target.staffId);
  await stores.staff.record(actor, 'staff-password', target.email, now);
}
