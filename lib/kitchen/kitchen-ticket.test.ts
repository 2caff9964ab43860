import { describe, expect, it } from 'vitest';
import { kitchenTickets, promoText, tipText, type KitchenOrder } from './kitchen-ticket.ts';
import type { KitchenStation } from './station-routing.ts';

const NOW = new Date('2026-11-27T08:00:00Z');
const order: KitchenOrder = {
  orderNumber: 42,
  placedAt: '2026-11-27T07:55:00Z',
  dueAt: null,
  promisedAt: '2026-11-27T08:25:00Z',
  orderType: 'pickup',
  customer: { name: 'Ada', phone: '0400 000 000' },
  address: null,
  lines: ['1 × Margherita / Diavola · Large · Diavola half: No Fresh chilli', '2 × Coke · 1.25 L'],
  notes: 'Ring the bell',
  totalCents: 4150,
  paymentMethod: 'card-on-delivery',
};
const oven: KitchenStation = { stationId: 1, name: 'Oven', productGroupIds: [7] };
const counter: KitchenStation = { stationId: 2, name: 'Counter', productGroupIds: [9] };
const settings = { shopName: 'Bella Napoli', zone: 'Australia/Melbourne', now: NOW, reprint: false };

describe('kitchen tickets', () => {
  it('split an order into one ticket per station, each with its lines, the notes on both', () => {
    const tickets = kitchenTickets(order, [7, 9], [oven, counter], settings);
    expect(
      tickets.map(({ ticket }) => [ticket.stationName, ticket.lines.map((line) => line.title), ticket.part]),
    ).toEqual([
      ['Oven', ['1 × Margherita / Diavola'], 'Ticket 1 of 2'],
      ['Counter', ['2 × Coke'], 'Ticket 2 of 2'],
    ]);
    expect(tickets.every(({ ticket }) => ticket.notes === 'Ring the bell')).toBe(true);
  });

  it("word the times on the shop's clock, the customer and the money", () => {
    const [first] = kitchenTickets(order, [7, 9], [oven], settings);
    expect(first?.ticket).toMatchObject({
      heading: 'Pickup · ASAP',
      promised: 'Promised 7:25 pm',
      placed: 'Placed 6:55 pm',
      customer: 'Ada · 0400 000 000',
      total: 'Total $41.50 · Card on delivery',
      promo: null,
      tip: null,
      part: null,
      reprint: false,
    });
    expect(first?.ticket.lines[0]?.rows[1]).toEqual([
      { text: 'Diavola half: ', leftOff: false },
      { text: 'No Fresh chilli', leftOff: true },
    ]);
  });

  it.each([
    ['Melbourne', 'Australia/Melbourne', 'Delivery · Due 9:30 pm'],
    ['Perth', 'Australia/Perth', 'Delivery · Due 6:30 pm'],
    ['tomorrow in Melbourne', 'Australia/Melbourne', 'Delivery · Due Sat 28 Nov, 12:30 am', '2026-11-27T13:30:00Z'],
  ])('an order for later in %s', (_, zone, heading, dueAt = '2026-11-27T10:30:00Z') => {
    const later = { ...order, orderType: 'delivery' as const, dueAt, promisedAt: null, address: '1 Lygon St, Carlton' };
    const [first] = kitchenTickets(later, [7, 9], [oven], { ...settings, zone });
    expect(first?.ticket.heading).toBe(heading);
    expect(first?.ticket.promised).toBeNull();
  });

  it('say when they are a reprint', () => {
    expect(kitchenTickets(order, [7], [oven], { ...settings, reprint: true })[0]?.ticket.reprint).toBe(true);
  });

  it('carry the tip on every ticket, on a line of its own', () => {
    const tipped = kitchenTickets({ ...order, tipCents: 620 }, [7, 9], [oven, counter], settings);
    expect(tipped.map(({ ticket }) => ticket.tip)).toEqual([
      'Tip $6.20 · collect $47.70 in all',
      'Tip $6.20 · collect $47.70 in all',
    ]);
  });

  it('carry the promo code and what it took off on every ticket, on a line of its own', () => {
    const promoted = kitchenTickets(
      { ...order, totalCents: 3650, promoCode: 'SAVE5', promoSavingCents: 500 },
      [7, 9],
      [oven, counter],
      settings,
    );
    expect(promoted.map(({ ticket }) => [ticket.total, ticket.promo])).toEqual([
      ['Total $36.50 · Card on delivery', 'Promo SAVE5 −$5.00 (out of the total)'],
      ['Total $36.50 · Card on delivery', 'Promo SAVE5 −$5.00 (out of the total)'],
    ]);
  });
});

describe('tipText', () => {
  it.each([
    ['no tip', { tipCents: 0, totalCents: 4150, paymentMethod: 'cash' }, null],
    ['an order from before tips', { totalCents: 4150, paymentMethod: 'cash' }, null],
    [
      'paid online with the order',
      { tipCents: 620, totalCents: 4150, paymentMethod: 'online' },
      'Tip $6.20 · paid online',
    ],
    [
      'cash: collected with the total',
      { tipCents: 620, totalCents: 4150, paymentMethod: 'cash' },
      'Tip $6.20 · collect $47.70 in all',
    ],
    [
      'card at the door: collected with the total',
      { tipCents: 500, totalCents: 2000, paymentMethod: 'card' },
      'Tip $5.00 · collect $25.00 in all',
    ],
  ])('%s', (_case, tipOrder, text) => {
    expect(tipText(tipOrder)).toBe(text);
  });
});

describe('promoText', () => {
  it('names the code and its saving, and says nothing without one', () => {
    expect(promoText({ promoCode: 'SAVE5', promoSavingCents: 500 })).toBe('Promo SAVE5 −$5.00 (out of the total)');
    expect(promoText({ promoCode: null, promoSavingCents: 0 })).toBeNull();
    expect(promoText({})).toBeNull();
  });
});
