import { z } from 'zod';
import { kitchenStages } from '../kitchen/kitchen-flow.ts';
import { clockStatusSchema, type ClockStatus } from '../tenant/hours.ts';
import { instant } from '../tenant/primitives.ts';
import { retailerCssSchema } from '../tenant/retailer.ts';
import { browserClientIdPattern } from './client-id.ts';
import { deviceTypes } from './device-type.ts';

/**
 * Payloads of the live topics, shared by the broker (validates what browsers publish), the
 * reference API (builds what it publishes) and the browser (rejects anything malformed).
 */

/** `{prefix}/{retailerId}/{clientId}/notify`: shown as a toast titled "Notification" unless a title is given. */
export const notifyMessageSchema = z.object({
  title: z.string().min(1).optional(),
  message: z.string().min(1),
});
export type NotifyMessage = z.infer<typeof notifyMessageSchema>;

/**
 * `{prefix}/{retailerId}/clock/status` carries either a full clock status (applied at once) or a
 * bare refresh ping, so a retailer system that only knows "something changed" can still publish.
 * A ping is an empty payload or `{"refresh":true}`; either way the page refetches the clock.
 */
export const clockRefreshPingSchema = z.strictObject({ refresh: z.literal(true) });
export const clockStatusMessageSchema = z.union([clockRefreshPingSchema, clockStatusSchema]);

/**
 * The theme fields a live update may set, each checked as the build checks the theme
 * (retailerCssSchema): colours only as #rrggbb, the layout only as 1-4. A value lands in a style,
 * so anything looser (`url(...)`, `expression(...)`, a colour name hiding `;`) is refused, and so
 * is a field the theme does not have.
 */
const themeFields: Readonly<Record<string, z.ZodType>> = retailerCssSchema.shape;
const themeFieldNames = Object.keys(themeFields);

/** `{prefix}/{retailerId}/design/field-update/{retailerWebsiteId}`: sets one retailer style value. */
export const designFieldUpdateSchema = z
  .object({
    fieldName: z
      .string()
      .refine((name) => Object.hasOwn(themeFields, name), `expected a theme field: ${themeFieldNames.join(', ')}`),
    fieldValue: z.union([z.string().max(100), z.number()]),
  })
  .superRefine(({ fieldName, fieldValue }, context) => {
    const field = Object.hasOwn(themeFields, fieldName) ? themeFields[fieldName] : undefined;
    const checked = field?.safeParse(fieldValue);
    if (checked && !checked.success) {
      for (const issue of checked.error.issues)
        context.addIssue({ code: 'custom', path: ['fieldValue'], message: `${fieldName}: ${issue.message}` });
    }
  });
export type DesignFieldUpdate = z.infer<typeof designFieldUpdateSchema>;

/**
 * `{prefix}/{retailerId}/order/{topicId}/status`: the API says the kitchen has taken the order and,
 * from issue 28, where in the kitchen's flow it is now (an older API sends no stage).
 */
export const orderStatusMessageSchema = z.object({
  orderProcessed: z.boolean(),
  kitchenStage: z.enum(kitchenStages).optional(),
  /** The later time the kitchen now promises, running late; absent when it has not said one. */
  runningLateUntil: instant.optional(),
});
export type OrderStatusMessage = z.infer<typeof orderStatusMessageSchema>;

/**
 * `{prefix}/{retailerId}/staff/orders`: which order the board should fetch again. No personal data:
 * the console reads the order itself from the staff API.
 */
export const staffOrdersMessageSchema = z.object({
  event: z.enum(['order-placed', 'order-changed']),
  orderNumber: z.int().positive(),
});
export type StaffOrdersMessage = z.infer<typeof staffOrdersMessageSchema>;

/** `{prefix}/{retailerId}/connected`: what a visitor announces; strict, because browsers author it. */
export const clientInfoSchema = z.strictObject({
  clientid: z.string().regex(browserClientIdPattern, 'expected a storefront client id'),
  deviceType: z.enum(deviceTypes),
  userAgent: z.string().max(1000),
  windowSize: z.strictObject({
    width: z.int().min(0).max(100000),
    height: z.int().min(0).max(100000),
  }),
});
export type ClientInfo = z.infer<typeof clientInfoSchema>;

export type ParsedMessage<T> = { ok: true; value: T } | { ok: false; reason: string };

const decoder = new TextDecoder('utf-8', { fatal: true });

function payloadText(payload: string | Uint8Array): string | undefined {
  if (typeof payload === 'string') return payload;
  try {
    return decoder.decode(payload);
  } catch {
    return undefined;
  }
}

function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `${['$', ...issue.path.map(String)].join('.')}: ${issue.message}`).join('; ');
}

/** Decodes a UTF-8 JSON payload and checks it against a schema; never throws. */
export function parseMessage<S extends z.ZodType>(schema: S, payload: string | Uint8Array): ParsedMessage<z.infer<S>> {
  const text = payloadText(payload);
  if (text === undefined) return { ok: false, reason: 'payload is not UTF-8 text' };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'payload is not JSON' };
  }
  const result = schema.safeParse(json);
  return result.success ? { ok: true, value: result.data } : { ok: false, reason: describeIssues(result.error) };
}

/** A clock message as the page uses it: the new status, or null for "refetch it". */
export function parseClockStatusMessage(payload: string | Uint8Array): ParsedMessage<ClockStatus | null> {
  if (payload.length === 0) return { ok: true, value: null };
  const parsed = parseMessage(clockStatusMessageSchema, payload);
  if (!parsed.ok) return parsed;
  return { ok: true, value: 'refresh' in parsed.value ? null : parsed.value };
}
