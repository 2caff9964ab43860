import { z } from 'zod';
import {
  closedDatesSchema,
  deliverySuburbsSchema,
  deliveryZonesSchema,
  groupHoursSchema,
  id,
  productDetailsSchema,
  productsInfoSchema,
  productsInfoSsrSchema,
  retailerInfoSchema,
  retailerPaymentTypesSchema,
  specialsSchema,
  tradingHoursSchema,
  trendingSchema,
  type Tenant,
} from '../tenant/index.ts';
import { productPhotosSchema } from './product-photo.ts';

/**
 * What the browser needs to price, build and time an order, in the tenant files' shapes. It
 * travels in the home page's `_payload.json`, not in the HTML, so the first paint stays small and
 * the builder opens from prerendered data without an API round trip.
 */
export const orderingDataSchema = z.object({
  retailerId: id,
  config: z.object({
    retailerInfo: retailerInfoSchema,
    allowHalfHalfInSpecials: z.boolean(),
    retailerPaymentTypes: retailerPaymentTypesSchema,
  }),
  productsInfoSsr: productsInfoSsrSchema,
  productsInfo: productsInfoSchema,
  productDetails: productDetailsSchema,
  specials: specialsSchema,
  groupHours: groupHoursSchema,
  trending: trendingSchema,
  tradingHours: tradingHoursSchema,
  closedDates: closedDatesSchema,
  deliverySuburbs: deliverySuburbsSchema,
  deliveryZones: deliveryZonesSchema,
  /** The build's photos by product `image`, for the builder's header. */
  photos: productPhotosSchema.default({}),
});

export type OrderingData = z.infer<typeof orderingDataSchema>;

/** The part of a home `_payload.json` the ordering runtime reads. */
export const orderingPayloadSchema = z.object({ kind: z.literal('home'), ordering: orderingDataSchema });

export function orderingData(tenant: Tenant): OrderingData {
  const { config } = tenant;
  return {
    retailerId: config.retailerId,
    config: {
      retailerInfo: config.retailerInfo,
      allowHalfHalfInSpecials: config.allowHalfHalfInSpecials,
      retailerPaymentTypes: config.retailerPaymentTypes,
    },
    productsInfoSsr: tenant.productsInfoSsr,
    productsInfo: tenant.productsInfo,
    productDetails: tenant.productDetails,
    specials: tenant.specials,
    groupHours: tenant.groupHours,
    trending: tenant.trending,
    tradingHours: tenant.tradingHours,
    closedDates: tenant.closedDates,
    deliverySuburbs: tenant.deliverySuburbs,
    deliveryZones: tenant.deliveryZones,
    photos: tenant.photos ?? {},
  };
}
