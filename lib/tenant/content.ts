import { z } from 'zod';
import { calendarDate, dollarsWithin, id, MAX_DISH_PRICE_CENTS, safeLink, text, TEXT_MAX } from './primitives.ts';

/** Far more notices than a shop runs at once; the shop shows them one at a time. */
export const MAX_POPUPS = 20;
/** More zones than any shop draws; the map and the suburb list would be unreadable long before. */
export const MAX_DELIVERY_ZONES = 100;
/** A zone's own delivery fee or minimum order, as the console's Delivery fees editor takes it. */
const zoneAmount = dollarsWithin({ min: 0, max: MAX_DISH_PRICE_CENTS });

/** One entry of GET /api/retailer/get-popups: a notice shown once per visit while active. */
export const popupSchema = z.object({
  popupId: id,
  title: text(TEXT_MAX.name).min(1),
  body: text(TEXT_MAX.description).default(''),
  image: text(TEXT_MAX.url).default(''),
  actionLabel: text(TEXT_MAX.name).default(''),
  actionUrl: safeLink.default(''),
  active: z.boolean().default(true),
  startDate: calendarDate.nullable().default(null),
  endDate: calendarDate.nullable().default(null),
});
export const popupsSchema = z.array(popupSchema).max(MAX_POPUPS, `expected at most ${MAX_POPUPS} popups`);

/** One entry of GET /api/get-custom-sections: retailer-written content around the menu (Markdown). */
export const customSectionSchema = z.object({
  sectionId: id,
  title: text(TEXT_MAX.name).default(''),
  body: text(TEXT_MAX.markdown).min(1),
  position: z.enum(['top', 'bottom']).default('bottom'),
  sortOrder: z.int().default(0),
});
export const customSectionsSchema = z.array(customSectionSchema);

const latLng = z.tuple([z.number().min(-90).max(90), z.number().min(-180).max(180)]);

/** One entry of GET /api/delivery/get-zones: a polygon of [latitude, longitude] points. */
export const deliveryZoneSchema = z.object({
  zoneId: id,
  name: text(TEXT_MAX.name).min(1),
  colour: text(TEXT_MAX.line).default(''),
  deliveryFee: zoneAmount.nullable().default(null),
  minOrderValue: zoneAmount.nullable().default(null),
  polygon: z.array(latLng).min(3, 'a delivery zone needs at least 3 points'),
});
export const deliveryZonesSchema = z
  .array(deliveryZoneSchema)
  .max(MAX_DELIVERY_ZONES, `expected at most ${MAX_DELIVERY_ZONES} delivery zones`);

/** One entry of GET /api/delivery/get-suburbs. */
export const deliverySuburbSchema = z.object({
  suburbId: id,
  name: text(TEXT_MAX.name).min(1),
  postcode: z.string().regex(/^\d{4}$/, 'expected a 4-digit postcode'),
  zoneId: id.nullable().default(null),
});
export const deliverySuburbsSchema = z.array(deliverySuburbSchema);

export type Popup = z.infer<typeof popupSchema>;
export type CustomSection = z.infer<typeof customSectionSchema>;
export type DeliveryZone = z.infer<typeof deliveryZoneSchema>;
export type DeliverySuburb = z.infer<typeof deliverySuburbSchema>;
