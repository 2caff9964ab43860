/**
 * How the customer pays: at the door or the counter, since the storefront takes no card payments
 * itself. A file of its own so the staff console's contract can name them without the checkout rules.
 */
export const paymentMethods = ['cash', 'card'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];
