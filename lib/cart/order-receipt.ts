/**
 * A placed order's receipt: the secret place-order answers with, which get-order asks for before it
 * shows who placed the order and where it goes (the order id alone travels in addresses, logs and
 * analytics). The confirmation page keeps it in its address's fragment: the browser sends a fragment
 * to no server and in no Referer, yet a reload or a bookmark keeps it.
 */

/** 32 random bytes as base64url, as server/api/services/tokens.ts makes them; a little leeway either way. */
export const orderReceiptPattern = /^[\w-]{20,200}$/;

/** How long after placing a receipt reads the order's details; then only the customer's session does. */
export const RECEIPT_DAYS = 30;

const RECEIPT_KEY = 'receipt';

/** The confirmation page of a placed order: the id in the query, the receipt in the fragment. */
export function confirmationAddress(encryptedOrderId: string, receipt: string): string {
  return `/order/?id=${encodeURIComponent(encryptedOrderId)}#${RECEIPT_KEY}=${encodeURIComponent(receipt)}`;
}

/** The receipt a confirmation address's fragment (`location.hash`) holds; undefined when it holds none that could be one. */
export function receiptOf(hash: string): string | undefined {
  const receipt = new URLSearchParams(hash.replace(/^#/, '')).get(RECEIPT_KEY);
  return receipt !== null && orderReceiptPattern.test(receipt) ? receipt : undefined;
}
