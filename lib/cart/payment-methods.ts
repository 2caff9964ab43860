/**
 * How the customer pays: at the door or the counter, or online on the payment provider's own page
 * (issue 30), since the storefront's pages take no card details themselves. A file of its own so
 * the staff console's contract can name them without the checkout rules.
 */
export const paymentMethods = ['cash', 'card', 'online'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];
