import { ApiError, type ApiClient } from '../../../lib/api/client.ts';
import type { ApiBody, PrevOrder } from '../../../lib/api/contract.ts';
import { buildCartLine, selectionFromLine } from '../../../lib/cart/line-builder.ts';
import { loginStatus, logoutStatus } from '../../../lib/cart/order-status.ts';
import { PricingError } from '../../../lib/pricing/item-price.ts';
import { $customer, resetCustomer, setCustomer } from '../stores/customer.ts';
import { $order, addToCart } from '../stores/order.ts';
import { $catalogue, loadOrderingData } from '../stores/ordering-data.ts';
import { recordStatus } from '../stores/status-queue.ts';
import { toast } from '../stores/toasts.ts';
import { retailerApi } from './retailer-api.ts';

export type AccountResult = { ok: true } | { ok: false; message: string };

function failure(error: unknown): AccountResult {
  if (error instanceof ApiError && error.body) return { ok: false, message: error.body.message };
  return { ok: false, message: 'We could not reach the shop. Please try again.' };
}

/** Attaches (or with null detaches) the customer to the current order, if there is one yet. */
export async function linkOrder(client: ApiClient, customerId: number | null): Promise<void> {
  const { encryptedOrderId } = $order.get();
  if (encryptedOrderId === null) return;
  try {
    await client.updateCustomer({ encryptedOrderId, customerId });
  } catch (error) {
    console.warn('The order could not be linked to the customer', error);
  }
}

/** Spec section 7: status 63 with the customer id, then the order is linked. A failed login leaves no customer behind. */
export async function logIn(body: ApiBody<'login'>): Promise<AccountResult> {
  try {
    const client = await retailerApi();
    const answer = await client.login(body);
    if (!answer.success) {
      resetCustomer();
      return { ok: false, message: answer.message };
    }
    setCustomer({
      custInfo: answer.custInfo,
      prevOrders: answer.prevOrders,
      prevOrderProducts: answer.prevOrderProducts,
      sessionToken: answer.sessionToken,
    });
    recordStatus(loginStatus(answer.custInfo.customerId, new Date()));
    await linkOrder(client, answer.custInfo.customerId);
    return { ok: true };
  } catch (error) {
    resetCustomer();
    return failure(error);
  }
}

/** On success the order is linked to the new customer; an error is logged and shown, never thrown. */
export async function signUp(body: ApiBody<'signup'>): Promise<AccountResult> {
  try {
    const client = await retailerApi();
    const answer = await client.signup(body);
    if (!answer.success) return { ok: false, message: answer.message };
    setCustomer({ custInfo: answer.custInfo, sessionToken: answer.sessionToken });
    recordStatus(loginStatus(answer.custInfo.customerId, new Date()));
    await linkOrder(client, answer.custInfo.customerId);
    return { ok: true };
  } catch (error) {
    console.error('Sign-up failed', error);
    return failure(error);
  }
}

/** Status 64 is recorded and the order unlinked while the session still allows it, then the session ends. */
export async function logOut(): Promise<void> {
  recordStatus(logoutStatus(new Date()));
  try {
    const client = await retailerApi();
    await linkOrder(client, null);
    await client.logout();
  } catch (error) {
    console.warn('Logging out with the shop failed; the session is forgotten here anyway', error);
  }
  resetCustomer();
}

/** Puts a previous order's items back in the cart at today's prices; items no longer sold are left out and counted. */
export async function orderAgain(previous: PrevOrder): Promise<void> {
  await loadOrderingData().catch(() => undefined);
  const catalogue = $catalogue.get();
  if (!catalogue) {
    toast({
      title: 'Order again',
      description: 'The menu could not be loaded. Please try again.',
      variant: 'destructive',
    });
    return;
  }
  const lines = $customer.get().prevOrderProducts.filter((line) => line.encryptedOrderId === previous.encryptedOrderId);
  let added = 0;
  for (const line of lines) {
    try {
      addToCart(buildCartLine(catalogue, selectionFromLine(line)).line);
      added += 1;
    } catch (error) {
      if (!(error instanceof PricingError)) throw error;
    }
  }
  const missing = lines.length - added;
  toast({
    title: 'Order again',
    description: `Added ${added} item(s) to your cart at today's prices.${missing > 0 ? ` ${missing} item(s) are no longer on the menu.` : ''}`,
  });
}
