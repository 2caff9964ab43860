import { describe, expect, it } from 'vitest';
import { deliverySuburbsSchema, deliveryZonesSchema } from '../tenant/index.ts';
import { deliveryMapView, MAP_WIDTH } from './delivery-map.ts';

const zones = deliveryZonesSchema.parse([
  {
    zoneId: 1,
    name: 'Inner',
    colour: '#b3261e',
    deliveryFee: 6.5,
    minOrderValue: 30,
    polygon: [
      [-37.79, 144.96],
      [-37.79, 144.98],
      [-37.81, 144.98],
      [-37.81, 144.96],
    ],
  },
  {
    zoneId: 2,
    name: 'North',
    deliveryFee: null,
    polygon: [
      [-37.77, 144.96],
      [-37.77, 144.98],
      [-37.79, 144.97],
    ],
  },
]);
const suburbs = deliverySuburbsSchema.parse([
  { suburbId: 1, name: 'Carlton', postcode: '3053', zoneId: 1 },
  { suburbId: 2, name: 'Brunswick', postcode: '3056', zoneId: 2 },
  { suburbId: 3, name: 'Fitzroy', postcode: '3065', zoneId: 1 },
  { suburbId: 4, name: 'Docklands', postcode: '3008', zoneId: null },
  { suburbId: 5, name: 'Nowhere', postcode: '3999', zoneId: 9 },
]);

const noFees = { baseDeliveryFee: 0, minOrderValueDelivery: 0 };

describe('deliveryMapView', () => {
  const view = deliveryMapView(zones, suburbs, { baseDeliveryFee: 5, minOrderValueDelivery: 25 });

  it('lists each zone with its suburbs, fee and minimum order (the shop’s own when it has none, as the cart charges)', () => {
    expect(
      view.zones.map(({ number, name, feeCents, minOrderCents, suburbs: names }) => ({
        number,
        name,
        feeCents,
        minOrderCents,
        names: names.map((suburb) => suburb.name),
      })),
    ).toEqual([
      { number: 1, name: 'Inner', feeCents: 650, minOrderCents: 3000, names: ['Carlton', 'Fitzroy'] },
      { number: 2, name: 'North', feeCents: 500, minOrderCents: 2500, names: ['Brunswick'] },
    ]);
    expect(view.baseMinOrderCents).toBe(2500);
  });

  it('shows no minimum where neither the zone nor the shop has one', () => {
    const free = deliveryMapView(zones, suburbs, { baseDeliveryFee: 5, minOrderValueDelivery: 0 });
    expect(free.zones.map((zone) => zone.minOrderCents)).toEqual([3000, null]);
    expect(free.baseMinOrderCents).toBeNull();
  });

  it('keeps suburbs outside every zone apart', () => {
    expect(view.otherSuburbs.map((suburb) => suburb.name)).toEqual(['Docklands', 'Nowhere']);
  });

  it('draws north up inside the drawing, with a colour for every zone', () => {
    expect(view.width).toBe(MAP_WIDTH);
    const coordinates = view.zones.flatMap((zone) =>
      [...zone.path.matchAll(/(-?[\d.]+) (-?[\d.]+)/g)].map((match) => ({ x: Number(match[1]), y: Number(match[2]) })),
    );
    for (const point of coordinates) {
      expect(point.x).toBeGreaterThanOrEqual(0);
      expect(point.x).toBeLessThanOrEqual(view.width);
      expect(point.y).toBeGreaterThanOrEqual(0);
      expect(point.y).toBeLessThanOrEqual(view.height);
    }
    const [inner, north] = view.zones;
    expect(north?.label.y).toBeLessThan(inner?.label.y ?? 0);
    expect(inner?.colour).toBe('#b3261e');
    expect(north?.colour).toMatch(/^#[0-9a-f]{6}$/);
    expect(inner?.path).toMatch(/^M[\d. L]+Z$/);
  });

  it('puts a zone number in the middle of its area', () => {
    const [inner] = view.zones;
    const xs = [...(inner?.path.matchAll(/([\d.]+) ([\d.]+)/g) ?? [])].map((match) => Number(match[1]));
    expect(inner?.label.x).toBeCloseTo((Math.min(...xs) + Math.max(...xs)) / 2, 0);
  });

  it('puts the number of a zone that bends around another inside it', () => {
    const ring = deliveryZonesSchema.parse([
      {
        zoneId: 1,
        name: 'Middle',
        polygon: [
          [-37.8, 144.97],
          [-37.8, 144.98],
          [-37.81, 144.98],
          [-37.81, 144.97],
        ],
      },
      {
        zoneId: 2,
        name: 'Around',
        polygon: [
          [-37.79, 144.96],
          [-37.79, 144.99],
          [-37.8, 144.99],
          [-37.8, 144.97],
          [-37.81, 144.97],
          [-37.81, 144.99],
          [-37.82, 144.99],
          [-37.82, 144.96],
        ],
      },
    ]);
    const [middle, around] = deliveryMapView(ring, [], noFees).zones;
    const box = (path = '') => {
      const xs = [...path.matchAll(/([\d.]+) ([\d.]+)/g)].map((match) => Number(match[1]));
      return { left: Math.min(...xs), right: Math.max(...xs) };
    };
    // The C-shaped zone's middle lies in the zone it wraps; its number goes on its own left bar.
    expect(around?.label.x).toBeLessThan(box(middle?.path).left);
  });

  it('draws a zone lying inside another on top of it, and numbers the outer one where the inner does not cover it', () => {
    const nested = deliveryZonesSchema.parse([
      {
        zoneId: 1,
        name: 'Inner',
        polygon: [
          [-37.8, 144.97],
          [-37.8, 144.98],
          [-37.81, 144.98],
          [-37.81, 144.97],
        ],
      },
      {
        zoneId: 2,
        name: 'Outer',
        polygon: [
          [-37.79, 144.965],
          [-37.79, 144.99],
          [-37.82, 144.99],
          [-37.82, 144.965],
        ],
      },
    ]);
    const [inner, outer] = deliveryMapView(nested, [], noFees).zones;
    expect([inner?.layer, outer?.layer]).toEqual([1, 0]);
    expect(
      Math.hypot((outer?.label.x ?? 0) - (inner?.label.x ?? 0), (outer?.label.y ?? 0) - (inner?.label.y ?? 0)),
    ).toBeGreaterThan(40);
  });

  it('outlines dark zone colours lighter for the dark theme', () => {
    const [inner] = view.zones;
    expect(inner?.darkColour).not.toBe('#b3261e');
    expect(
      deliveryMapView(deliveryZonesSchema.parse([{ ...zones[0], colour: '#f5a623' }]), [], noFees).zones[0]?.darkColour,
    ).toBe('#f5a623');
  });

  it('has nothing to draw without zones', () => {
    expect(deliveryMapView([], suburbs, { baseDeliveryFee: 5, minOrderValueDelivery: 0 })).toMatchObject({
      height: 0,
      zones: [],
      otherSuburbs: expect.any(Array),
    });
  });
});
