import { z } from 'zod';
import { clockStatusSchema } from '../tenant/index.ts';

/**
 * The MQTT side of the retailer contract (spec section 7, "Live messaging"): topic names and
 * payloads, shared by the operator publisher on the server and the browser runtime.
 */
export function liveTopics(prefix: string, retailerId: number) {
  const base = `${prefix}/${retailerId}`;
  return {
    notify: (clientId: string) => `${base}/${clientId}/notify`,
    clockStatus: `${base}/clock/status`,
    designFieldUpdate: (retailerWebsiteId: number) => `${base}/design/field-update/${retailerWebsiteId}`,
    connected: `${base}/connected`,
  };
}

/** Shown as a toast titled "Notification". */
export const notifyMessageSchema = z.object({ message: z.string().trim().min(1).max(500) });

/** The status at publish time; the storefront refreshes its clock on any message here. */
export const clockStatusMessageSchema = clockStatusSchema;

/** Sets one retailer style value, e.g. `{ fieldName: 'primary', fieldValue: '#aa0000' }`. */
export const designFieldUpdateSchema = z.object({
  fieldName: z.string().min(1).max(100),
  fieldValue: z.string().max(2000),
});

/** Published by a visitor's browser on connecting. */
export const clientInfoSchema = z.object({
  clientid: z.string().min(1),
  deviceType: z.string(),
  userAgent: z.string(),
  windowSize: z.object({ width: z.int().min(0), height: z.int().min(0) }),
});

export type NotifyMessage = z.infer<typeof notifyMessageSchema>;
export type DesignFieldUpdate = z.infer<typeof designFieldUpdateSchema>;
export type ClientInfo = z.infer<typeof clientInfoSchema>;
