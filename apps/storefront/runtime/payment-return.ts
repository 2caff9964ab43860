/**
 * The order's receipt across the trip to the payment provider's page (issue 30): Stripe sends the
 * customer back to an address the server made, which holds no fragment, so the receipt waits in
 * this tab's session storage, the one place the returning page of this tab can read it and no
 * server or Referer ever sees it.
 */

const keyOf = (encryptedOrderId: string) => `payment-receipt:${encryptedOrderId}`;

export function keepReceiptForReturn(encryptedOrderId: string, receipt: string): void {
  try {
    sessionStorage.setItem(keyOf(encryptedOrderId), receipt);
  } catch {
    // Storage refused (private mode, full): the page shows the order without the customer's details.
  }
}

export function receiptAfterReturn(encryptedOrderId: string): string | undefined {
  try {
    return sessionStorage.getItem(keyOf(encryptedOrderId)) ?? undefined;
  } catch {
    return undefined;
  }
}
