import {
  staffAccountResponseSchema,
  staffAccountsResponseSchema,
  staffPaths,
  type NewStaffAccount,
  type StaffAccountChange,
  type StaffAccountView,
} from '../../../../lib/api/staff-contract.ts';
import type { StaffClient } from '../../shell/client.ts';

/** The staff accounts calls of the staff API, over the console's client; loaded only with the Staff view. */
export function staffAccountCalls({ call }: Pick<StaffClient, 'call'>) {
  return {
    /** The shop's accounts, disabled ones too, by name (the owner's only). */
    list: async (): Promise<StaffAccountView[]> =>
      (await call({ method: 'GET', path: staffPaths.accounts, schema: staffAccountsResponseSchema, signedIn: true }))
        .accounts,
    add: async (account: NewStaffAccount): Promise<StaffAccountView> =>
      (
        await call({
          method: 'POST',
          path: staffPaths.accounts,
          body: account,
          schema: staffAccountResponseSchema,
          signedIn: true,
        })
      ).account,
    /** A new role, or disabled or enabled; answers the account as saved. */
    change: async (staffId: number, change: StaffAccountChange): Promise<StaffAccountView> =>
      (
        await call({
          method: 'PUT',
          path: staffPaths.account(staffId),
          body: change,
          schema: staffAccountResponseSchema,
          signedIn: true,
        })
      ).account,
    remove: (staffId: number): Promise<void> =>
      call<void>({ method: 'POST', path: staffPaths.removeAccount(staffId), schema: null, signedIn: true }),
    resetPassword: (staffId: number, password: string): Promise<void> =>
      call<void>({
        method: 'POST',
        path: staffPaths.accountPassword(staffId),
        body: { password },
        schema: null,
        signedIn: true,
      }),
    /** The signed-in member's own password: their other sessions end, this one goes on. */
    changeOwnPassword: (currentPassword: string, password: string): Promise<void> =>
      call<void>({
        method: 'POST',
        path: staffPaths.ownPassword,
        body: { currentPassword, password },
        schema: null,
        signedIn: true,
      }),
  };
}

export type StaffAccountCalls = ReturnType<typeof staffAccountCalls>;
