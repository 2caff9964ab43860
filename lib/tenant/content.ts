import { z } from 'zod';
import { calendarDate, id, nonNegativeDollars, safeLink, text, TEXT_MAX } from './primitives.ts';

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
export const popupsSchema = z.array(popupSchema);

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
  deliveryFee: nonNegativeDollars.nullable().default(null),
  minOrderValue: nonNegativeDollars.nullable().default(null),
  polygon: z.array(latLng).min(3, 'a delivery zone needs at least 3 points'),
});
export const deliveryZonesSchema = z.array(deliveryZoneSchema);

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
