import { z } from 'zod';
import { toCents } from '../pricing/money.ts';
import { luminance, withLightness } from './contrast.ts';
import type { DeliverySuburb, DeliveryZone, RetailerInfo } from '../tenant/index.ts';

const suburbNames = z.array(z.object({ name: z.string(), postcode: z.string() }));

const deliveryMapZoneSchema = z.object({
  zoneId: z.number(),
  /** 1, 2, 3… in the drawing and beside the zone in the list. */
  number: z.int(),
  name: z.string(),
  colour: z.string().regex(/^#[0-9a-f]{6}$/i),
  /** The same hue light enough to outline the zone on a dark page. */
  darkColour: z.string().regex(/^#[0-9a-f]{6}$/i),
  feeCents: z.int(),
  /** What the cart asks of an order to this zone: its own minimum, else the shop's; null when there is none. */
  minOrderCents: z.int().nullable(),
  /** SVG path of the zone's outline. */
  path: z.string().regex(/^M[\d. L-]+Z$/),
  /** Drawing order: larger zones first, so a zone inside another stays visible on top. */
  layer: z.int(),
  /** Where its number sits: the middle of its area. */
  label: z.object({ x: z.number(), y: z.number() }),
  suburbs: suburbNames,
});

/** The delivery-map dialog's drawing, worked out at build time so the browser only draws it; read back from `_payload.json`. */
export const deliveryMapViewSchema = z.object({
  /** SVG viewBox size; the zones fill it with a small margin. */
  width: z.number(),
  height: z.number(),
  zones: z.array(deliveryMapZoneSchema),
  /** Suburbs the retailer delivers to that no zone covers: they pay the base fee and the shop's minimum. */
  otherSuburbs: suburbNames,
  baseFeeCents: z.int(),
  /** The shop's delivery minimum; null when it has none. A payload built before it existed reads as none. */
  baseMinOrderCents: z.int().nullable().default(null),
});

export type DeliveryMapView = z.infer<typeof deliveryMapViewSchema>;
export type DeliveryMapZone = z.infer<typeof deliveryMapZoneSchema>;

export const MAP_WIDTH = 600;
const MARGIN = 24;
/** Tall or thin areas are drawn no taller than this many times their width, and no flatter. */
const ASPECT_LIMITS = { min: 0.4, max: 1.2 };
/** Zones without a colour of their own, in order; dark enough to outline on a light or dark page. */
/** Zone colours darker than this get a lighter outline on a dark page. */
const DARK_PAGE_OUTLINE_LUMINANCE = 0.2;
const FALLBACK_COLOURS = ['#1d4ed8', '#b45309', '#047857', '#7c3aed', '#be123c', '#0e7490'];

type Point = { x: number; y: number };

/** Area-weighted middle of a simple polygon; the average of its corners when it has no area. */
function centroid(points: readonly Point[]): Point {
  let area = 0;
  let x = 0;
  let y = 0;
  points.forEach((point, index) => {
    const next = points[(index + 1) % points.length] ?? point;
    const cross = point.x * next.y - next.x * point.y;
    area += cross;
    x += (point.x + next.x) * cross;
    y += (point.y + next.y) * cross;
  });
  if (Math.abs(area) < 1e-9) {
    return {
      x: points.reduce((sum, point) => sum + point.x, 0) / points.length,
      y: points.reduce((sum, point) => sum + point.y, 0) / points.length,
    };
  }
  return { x: x / (3 * area), y: y / (3 * area) };
}

const round = (value: number) => Math.round(value * 10) / 10;

function inside(point: Point, polygon: readonly Point[]): boolean {
  let within = false;
  polygon.forEach((corner, index) => {
    const previous = polygon[(index + polygon.length - 1) % polygon.length] ?? corner;
    if (
      corner.y > point.y !== previous.y > point.y &&
      point.x < ((previous.x - corner.x) * (point.y - corner.y)) / (previous.y - corner.y) + corner.x
    )
      within = !within;
  });
  return within;
}

function distanceToEdges(point: Point, polygon: readonly Point[]): number {
  return Math.min(
    ...polygon.map((corner, index) => {
      const next = polygon[(index + 1) % polygon.length] ?? corner;
      const [dx, dy] = [next.x - corner.x, next.y - corner.y];
      const along =
        dx === 0 && dy === 0
          ? 0
          : Math.max(0, Math.min(1, ((point.x - corner.x) * dx + (point.y - corner.y) * dy) / (dx * dx + dy * dy)));
      return Math.hypot(point.x - (corner.x + along * dx), point.y - (corner.y + along * dy));
    }),
  );
}

const LABEL_GRID = 24;

function area(points: readonly Point[]): number {
  return (
    Math.abs(
      points.reduce((sum, point, index) => {
        const next = points[(index + 1) % points.length] ?? point;
        return sum + point.x * next.y - next.x * point.y;
      }, 0),
    ) / 2
  );
}

/**
 * Where a zone's number goes: its middle, unless that falls outside it (a zone that bends
 * around another) or on a zone drawn over it; then the free point inside it farthest from its
 * edges, on a grid.
 */
function labelPoint(points: readonly Point[], above: readonly (readonly Point[])[]): Point {
  const free = (point: Point) => inside(point, points) && !above.some((other) => inside(point, other));
  const middle = centroid(points);
  if (free(middle)) return middle;
  const xs = points.map((point) => point.x);
  const ys = points.map((point) => point.y);
  const [left, top] = [Math.min(...xs), Math.min(...ys)];
  const [stepX, stepY] = [(Math.max(...xs) - left) / LABEL_GRID, (Math.max(...ys) - top) / LABEL_GRID];
  let best = { point: middle, distance: -1 };
  for (let column = 0; column <= LABEL_GRID; column += 1) {
    for (let row = 0; row <= LABEL_GRID; row += 1) {
      const candidate = { x: left + column * stepX, y: top + row * stepY };
      if (!free(candidate)) continue;
      const distance = Math.min(
        distanceToEdges(candidate, points),
        ...above.map((other) => distanceToEdges(candidate, other)),
      );
      if (distance > best.distance) best = { point: candidate, distance };
    }
  }
  return best.point;
}

/**
 * Projects the zones' [latitude, longitude] corners onto a flat drawing (equirectangular,
 * longitudes shortened by the cosine of the middle latitude, which is exact enough across a
 * suburb or two), north up, and lists each zone's suburbs and fee.
 */
export function deliveryMapView(
  zones: readonly DeliveryZone[],
  suburbs: readonly DeliverySuburb[],
  { baseDeliveryFee, minOrderValueDelivery }: Pick<RetailerInfo, 'baseDeliveryFee' | 'minOrderValueDelivery'>,
): DeliveryMapView {
  const baseFeeCents = toCents(baseDeliveryFee);
  // The same fallbacks as the cart's delivery quote (cart/delivery-quote.ts), so the map never promises less than checkout asks.
  const minimum = (dollars: number | null) => {
    const cents = toCents(dollars ?? minOrderValueDelivery);
    return cents > 0 ? cents : null;
  };
  const baseMinOrderCents = minimum(null);
  const zoneIds = new Set(zones.map((zone) => zone.zoneId));
  const otherSuburbs = suburbs
    .filter((suburb) => suburb.zoneId === null || !zoneIds.has(suburb.zoneId))
    .map(({ name, postcode }) => ({ name, postcode }));
  const corners = zones.flatMap((zone) => zone.polygon);
  if (corners.length === 0)
    return { width: MAP_WIDTH, height: 0, zones: [], otherSuburbs, baseFeeCents, baseMinOrderCents };

  const lats = corners.map(([lat]) => lat);
  const lngs = corners.map(([, lng]) => lng);
  const [north, south, west, east] = [Math.max(...lats), Math.min(...lats), Math.min(...lngs), Math.max(...lngs)];
  const xScale = Math.cos((((north + south) / 2) * Math.PI) / 180);
  const spanX = Math.max((east - west) * xScale, 1e-9);
  const spanY = Math.max(north - south, 1e-9);
  const inner = MAP_WIDTH - 2 * MARGIN;
  const aspect = Math.min(ASPECT_LIMITS.max, Math.max(ASPECT_LIMITS.min, spanY / spanX));
  const innerHeight = inner * aspect;
  const scale = Math.min(inner / spanX, innerHeight / spanY);
  const offsetX = MARGIN + (inner - spanX * scale) / 2;
  const offsetY = MARGIN + (innerHeight - spanY * scale) / 2;
  const project = ([lat, lng]: readonly [number, number]): Point => ({
    x: round(offsetX + (lng - west) * xScale * scale),
    y: round(offsetY + (north - lat) * scale),
  });

  const outlines = zones.map((zone) => zone.polygon.map(project));
  const bySize = outlines.map((outline, index) => ({ index, size: area(outline) })).sort((a, b) => b.size - a.size);
  const layers = outlines.map((_, index) => bySize.findIndex((entry) => entry.index === index));

  return {
    width: MAP_WIDTH,
    height: Math.round(innerHeight + 2 * MARGIN),
    baseFeeCents,
    baseMinOrderCents,
    otherSuburbs,
    zones: zones.map((zone, index) => {
      const points = outlines[index] ?? [];
      const middle = labelPoint(
        points,
        outlines.filter((_, other) => (layers[other] ?? 0) > (layers[index] ?? 0)),
      );
      const colour = /^#[0-9a-f]{6}$/i.test(zone.colour)
        ? zone.colour
        : (FALLBACK_COLOURS[index % FALLBACK_COLOURS.length] ?? '#1d4ed8');
      return {
        zoneId: zone.zoneId,
        number: index + 1,
        name: zone.name,
        colour,
        darkColour: luminance(colour) < DARK_PAGE_OUTLINE_LUMINANCE ? withLightness(colour, 0.65) : colour,
        feeCents: zone.deliveryFee === null ? baseFeeCents : toCents(zone.deliveryFee),
        minOrderCents: minimum(zone.minOrderValue),
        path: `M${points.map((point) => `${point.x} ${point.y}`).join('L')}Z`,
        layer: layers[index] ?? 0,
        label: { x: round(middle.x), y: round(middle.y) },
        suburbs: suburbs
          .filter((suburb) => suburb.zoneId === zone.zoneId)
          .map(({ name, postcode }) => ({ name, postcode })),
      };
    }),
  };
}
