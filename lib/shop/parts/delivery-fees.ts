import { z } from 'zod';
import { formatMoney, toCents, toDollars } from '../../pricing/money.ts';
import { deliveryZoneSchema, MAX_DELIVERY_ZONES } from '../../tenant/content.ts';
import { id } from '../../tenant/primitives.ts';
import { shopCents } from '../limits.ts';
import type { ShopPart } from './part.ts';

export { MAX_DELIVERY_ZONES };

/**
 * One delivery zone's fee and minimum order in cents. Null is the shop's standard one
 * (retailerInfo.baseDeliveryFee and minOrderValueDelivery), which is what the cart charges and
 * enforces for a zone without its own. Name and colour only label the zone in the editor.
 */
export const deliveryZoneFeesSchema = z.object({
  zoneId: id,
  name: deliveryZoneSchema.shape.name,
  colour: deliveryZoneSchema.shape.colour,
  deliveryFeeCents: shopCents.nullable(),
  minOrderCents: shopCents.nullable(),
});

export const deliveryFeesValueSchema = z
  .array(deliveryZoneFeesSchema)
  .max(MAX_DELIVERY_ZONES, `expected at most ${MAX_DELIVERY_ZONES} delivery zones`)
  .refine(
    (zones) => new Set(zones.map((zone) => zone.zoneId)).size === zones.length,
    'each delivery zone may appear once',
  );

export type DeliveryZoneFees = z.infer<typeof deliveryZoneFeesSchema>;
export type DeliveryFeesValue = z.infer<typeof deliveryFeesValueSchema>;

/** How the storefront treats a zone without its own fee or minimum, in the owner's words. */
export const STANDARD_FEE = 'the standard delivery fee';
export const STANDARD_MINIMUM = 'the standard delivery minimum';

export const feeText = (value: number | null) => (value === null ? STANDARD_FEE : formatMoney(value));
export const minimumText = (value: number | null) => (value === null ? STANDARD_MINIMUM : formatMoney(value));

const centsOrNull = (dollars: number | null) => (dollars === null ? null : toCents(dollars));
const dollarsOrNull = (value: number | null) => (value === null ? null : toDollars(value));

type RawZone = Record<string, unknown> & { zoneId: number };

/**
 * delivery-zones.json as on disk, read loosely: only what identifies a zone must be there. The
 * objects are checked, not parsed, because parsing puts known keys first and the file's own key
 * order is to be kept.
 */
const isRawZones = (raw: unknown): raw is RawZone[] =>
  Array.isArray(raw) &&
  raw.every(
    (zone: unknown) =>
      typeof zone === 'object' &&
      zone !== null &&
      !Array.isArray(zone) &&
      'zoneId' in zone &&
      typeof zone.zoneId === 'number',
  );

/** The zone with one field set, or the zone itself when the field already holds that value (absent reads as null, as the schema's default). */
function withField(zone: RawZone, key: 'deliveryFee' | 'minOrderValue', value: number | null): RawZone {
  return (zone[key] ?? null) === value ? zone : { ...zone, [key]: value };
}

export const deliveryFeesPart: ShopPart<DeliveryFeesValue> = {
  title: 'Delivery fees',
  file: 'deliveryZones',
  schema: deliveryFeesValueSchema,

  published: (tenant) =>
    tenant.deliveryZones.map((zone) => ({
      zoneId: zone.zoneId,
      name: zone.name,
      colour: zone.colour,
      deliveryFeeCents: centsOrNull(zone.deliveryFee),
      minOrderCents: centsOrNull(zone.minOrderValue),
    })),

  describe(from, to) {
    const before = new Map(from.map((zone) => [zone.zoneId, zone]));
    return to.flatMap((zone) => {
      const old = before.get(zone.zoneId);
      if (!old) return [];
      const lines: string[] = [];
      if (old.deliveryFeeCents !== zone.deliveryFeeCents)
        lines.push(`${zone.name}: delivery fee ${feeText(old.deliveryFeeCents)} → ${feeText(zone.deliveryFeeCents)}`);
      if (old.minOrderCents !== zone.minOrderCents)
        lines.push(
          `${zone.name}: minimum order ${minimumText(old.minOrderCents)} → ${minimumText(zone.minOrderCents)}`,
        );
      return lines;
    });
  },

  write(raw, value) {
    // The file is optional: a shop without it has no zones, so there is nothing to set.
    if (raw === undefined) return [];
    if (!isRawZones(raw)) return undefined;
    const wanted = new Map(value.map((zone) => [zone.zoneId, zone]));
    return raw.map((zone) => {
      const fees = wanted.get(zone.zoneId);
      if (!fees) return zone;
      return withField(
        withField(zone, 'deliveryFee', dollarsOrNull(fees.deliveryFeeCents)),
        'minOrderValue',
        dollarsOrNull(fees.minOrderCents),
      );
    });
  },
};
