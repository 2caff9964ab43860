import { z } from 'zod';

/** Wall-clock time of day in the retailer's zone, 24-hour `HH:mm`. */
export const timeOfDay = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'expected a time of day as HH:mm (00:00-23:59)');

/** Calendar date in the retailer's zone, `yyyy-MM-dd`. */
export const calendarDate = z.iso.date({ error: 'expected a date as yyyy-MM-dd' });

/** 0 = Sunday ... 6 = Saturday, as JavaScript's Date#getDay counts. */
export const weekday = z.int().min(0).max(6, 'expected a weekday 0 (Sunday) to 6 (Saturday)');

/** Money as the retailer API sends it: dollars with at most two decimals. Converted to cents in src/lib/pricing. */
export const dollars = z
  .number()
  .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, 'expected an amount with at most two decimals');

export const nonNegativeDollars = dollars.refine((value) => value >= 0, 'expected an amount of 0 or more');

export const hexColour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'expected a colour as #rrggbb');

export const id = z.int().positive();

/** The API's "any" wildcard in special items. */
export const ANY = -1;
export const idOrAny = z.union([z.literal(ANY), id]);
