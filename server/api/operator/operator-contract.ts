import { z } from 'zod';
import { browserClientIdPattern } from '../../../lib/live/client-id.ts';
import { designFieldUpdateSchema, notifyMessageSchema } from '../../../lib/live/messages.ts';
import { designFieldNotLive } from '../../../lib/site/theme.ts';
import { id } from '../../../lib/tenant/index.ts';

/** The operator endpoints (under /operator, bearer OPERATOR_TOKEN), shared by the API and operator-cli.ts. */

export { DEVELOPMENT_SECRET as DEFAULT_OPERATOR_TOKEN } from '../../secrets.ts';

export const operatorPaths = {
  tenants: '/operator/tenants',
  orderProcessed: (slug: string, encryptedOrderId: string) =>
    `/operator/tenants/${slug}/orders/${encodeURIComponent(encryptedOrderId)}/processed`,
  orderNumberProcessed: (slug: string, orderNumber: number) =>
    `/operator/tenants/${slug}/order-numbers/${orderNumber}/processed`,
  openOrders: (slug: string, limit?: number) =>
    `/operator/tenants/${slug}/open-orders${limit === undefined ? '' : `?limit=${limit}`}`,
  tableBookings: (slug: string) => `/operator/tenants/${slug}/table-bookings`,
  clockOverride: (slug: string) => `/operator/tenants/${slug}/clock-override`,
  notify: (slug: string) => `/operator/tenants/${slug}/publish/notify`,
  clockStatus: (slug: string) => `/operator/tenants/${slug}/publish/clock-status`,
  designField: (slug: string) => `/operator/tenants/${slug}/publish/design-field`,
  staff: (slug: string) => `/operator/tenants/${slug}/staff`,
  staffAccount: (slug: string, email: string) => `/operator/tenants/${slug}/staff/${encodeURIComponent(email)}`,
  errorLogs: (slug: string, limit?: number) =>
    `/operator/tenants/${slug}/error-logs${limit === undefined ? '' : `?limit=${limit}`}`,
};

/** An order number as a path segment: the retailer's count of placed orders. */
export const orderNumberParamSchema = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

/** A kitchen's queue is short; the cap only bounds one answer. */
export const DEFAULT_OPEN_ORDERS_LIMIT = 50;
export const openOrdersLimitSchema = z.coerce.number().int().min(1).max(200).default(DEFAULT_OPEN_ORDERS_LIMIT);

export const DEFAULT_ERROR_LOG_LIMIT = 20;
export const errorLogLimitSchema = z.coerce.number().int().min(1).max(500).default(DEFAULT_ERROR_LOG_LIMIT);

export const notifyBodySchema = notifyMessageSchema.extend({
  clientId: z.string().regex(browserClientIdPattern, 'expected a storefront client id'),
});

/**
 * Without a website id the update goes to the tenant's own website. A theme field pages never
 * apply live (initial-layout) is refused first, with the reason alone, so the operator learns
 * why rather than that "3" is no number.
 */
export const designFieldBodySchema = z
  .looseObject({ fieldName: z.string() })
  .superRefine(({ fieldName }, context) => {
    const notLive = designFieldNotLive(fieldName);
    if (notLive !== null) context.addIssue({ code: 'custom', path: ['fieldName'], message: notLive });
  })
  .pipe(designFieldUpdateSchema.extend({ retailerWebsiteId: id.optional() }));

export const tenantSummarySchema = z.object({
  slug: z.string(),
  retailerId: id,
  retailerWebsiteId: id,
  active: z.boolean(),
  hosts: z.array(z.string()),
});

export type TenantSummary = z.infer<typeof tenantSummarySchema>;
