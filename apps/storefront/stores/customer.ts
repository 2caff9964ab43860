import { persistentAtom } from '@nanostores/persistent';
import { z } from 'zod';
import { custInfoSchema, prevOrderProductSchema, prevOrderSchema } from '../../../lib/api/contract.ts';

/** Spec section 3, "Customer store". */
export const customerStateSchema = z.object({
  custInfo: custInfoSchema.nullable().default(null),
  prevOrders: z.array(prevOrderSchema).default([]),
  prevOrderProducts: z.array(prevOrderProductSchema).default([]),
  aiRecommendedProducts: z.array(z.int()).default([]),
  /** Sent as a bearer token, since the session cookie does not reach an API on another site. */
  sessionToken: z.string().nullable().default(null),
});

export type CustomerState = z.infer<typeof customerStateSchema>;

const freshCustomer = (): CustomerState => customerStateSchema.parse({});

/** The logged-in customer, saved under `customerStore`; an unreadable saved value is reported and forgotten. */
export const $customer = persistentAtom<CustomerState>('customerStore', freshCustomer(), {
  encode: JSON.stringify,
  decode(saved) {
    try {
      return customerStateSchema.parse(JSON.parse(saved));
    } catch (error) {
      console.error('The saved customer could not be restored; continuing as a guest', error);
      return freshCustomer();
    }
  },
});

export function resetCustomer(): void {
  $customer.set(freshCustomer());
}

export function setCustomer(customer: Partial<CustomerState> & Pick<CustomerState, 'custInfo'>): void {
  $customer.set({ ...freshCustomer(), ...customer });
}
