import { atom } from 'nanostores';
import type { PromoCode } from '../../../../lib/cart/promo.ts';
import { StaffApiError } from '../../shell/client.ts';
import { failureText, sessionEnded } from '../../shell/failures.ts';
import { consoleToken, resetWithSession } from '../../shell/store.ts';
import type { Notice } from '../staff/team.ts';
import type { PromoCodeCalls } from './promo-codes-client.ts';

/**
 * The Promo codes view's state, loaded with that view only: the shop's codes and how many orders
 * used each. Every change sends the whole list (the API replaces it) and shows once the server
 * has it; an answer that lands after sign-out, or another sign-in, is dropped.
 */
export interface PromoCodesState {
  loaded: boolean;
  problem: string | null;
  codes: readonly PromoCode[];
  /** Orders placed (or being paid) with each code, by code. */
  uses: Readonly<Record<string, number>>;
  saving: boolean;
  notice: Notice | null;
}

export const emptyPromoCodes: PromoCodesState = {
  loaded: false,
  problem: null,
  codes: [],
  uses: {},
  saving: false,
  notice: null,
};

export const $promoCodes = atom<PromoCodesState>(emptyPromoCodes);

resetWithSession(() => {
  $promoCodes.set(emptyPromoCodes);
});

function update(token: string | null, change: (state: PromoCodesState) => PromoCodesState): void {
  if (consoleToken() === token) $promoCodes.set(change($promoCodes.get()));
}

export async function refreshPromoCodes(calls: PromoCodeCalls): Promise<void> {
  const token = consoleToken();
  try {
    const { codes, uses } = await calls.list();
    update(token, (state) => ({ ...state, loaded: true, problem: null, codes, uses }));
  } catch (error) {
    if (!sessionEnded(error)) update(token, (state) => ({ ...state, problem: failureText(error) }));
  }
}

/** A new form opens without what the last change came to. */
export function dismissPromoNotice(): void {
  $promoCodes.set({ ...$promoCodes.get(), notice: null });
}

/** Sends the list as `change` makes it of the codes shown; answers whether the server took it, so a form closes only then. */
async function saveCodes(
  calls: PromoCodeCalls,
  change: (codes: readonly PromoCode[]) => readonly PromoCode[],
  done: string,
  failed: string,
): Promise<boolean> {
  const state = $promoCodes.get();
  if (state.saving || !state.loaded) return false;
  const token = consoleToken();
  update(token, (current) => ({ ...current, saving: true, notice: null }));
  try {
    const { codes, uses } = await calls.save(change(state.codes), state.codes);
    update(token, (current) => ({ ...current, saving: false, codes, uses, notice: { ok: true, text: done } }));
    return true;
  } catch (error) {
    // Another device saved first: the list shows theirs, the form keeps what was typed, to save again on it.
    if (error instanceof StaffApiError && error.status === 409) await refreshPromoCodes(calls);
    update(token, (current) => ({
      ...current,
      saving: false,
      notice: sessionEnded(error) ? null : { ok: false, text: `${failed}: ${failureText(error)}` },
    }));
    return false;
  }
}

export const addPromoCode = (calls: PromoCodeCalls, code: PromoCode): Promise<boolean> =>
  saveCodes(
    calls,
    (codes) => [...codes, code],
    `Added ${code.code}: customers can use it at checkout now.`,
    `${code.code} not added`,
  );

/** The code listed as `was` takes the changed terms, in its place in the list. */
export const changePromoCode = (calls: PromoCodeCalls, was: string, code: PromoCode): Promise<boolean> =>
  saveCodes(
    calls,
    (codes) => codes.map((listed) => (listed.code === was ? code : listed)),
    `Saved ${code.code}.`,
    `${code.code} not saved`,
  );

export const endPromoCode = (calls: PromoCodeCalls, ended: string): Promise<boolean> =>
  saveCodes(
    calls,
    (codes) => codes.filter((listed) => listed.code !== ended),
    `Ended ${ended}: customers can no longer use it. Its past uses stay counted.`,
    `${ended} not ended`,
  );
