import { describe, expect, it } from 'vitest';
import { routeLines, type KitchenStation } from './station-routing.ts';

const PIZZAS = 1;
const SIDES = 2;
const DRINKS = 3;
const DESSERTS = 4;

const oven: KitchenStation = { stationId: 10, name: 'Oven', productGroupIds: [PIZZAS, SIDES] };
const counter: KitchenStation = { stationId: 20, name: 'Counter', productGroupIds: [DRINKS] };
const pass: KitchenStation = { stationId: 30, name: 'Pass', productGroupIds: [] };
const bar: KitchenStation = { stationId: 40, name: 'Bar', productGroupIds: [DRINKS] };

/** [case, each line's group, the stations, the lines each station prints by station name]. */
const cases: [string, number[], KitchenStation[], Record<string, number[]>][] = [
  ['no printer: no tickets', [PIZZAS], [], {}],
  ['one catch-all printer prints everything', [PIZZAS, DRINKS], [pass], { Pass: [0, 1] }],
  [
    'pizzas to the oven, drinks to the counter',
    [PIZZAS, DRINKS, SIDES],
    [oven, counter],
    { Oven: [0, 2], Counter: [1] },
  ],
  ['a station with none of the lines gets no ticket', [PIZZAS, PIZZAS], [oven, counter], { Oven: [0, 1] }],
  ['an unrouted group goes to the catch-all', [PIZZAS, DESSERTS], [oven, counter, pass], { Oven: [0], Pass: [1] }],
  ['the catch-all takes nothing another station takes', [DRINKS], [oven, counter, pass], { Counter: [0] }],
  ['with no catch-all an unrouted group goes to the first station', [DESSERTS], [counter, oven], { Counter: [0] }],
  [
    'a group two stations name prints on both',
    [DRINKS, PIZZAS],
    [oven, counter, bar],
    { Oven: [1], Counter: [0], Bar: [0] },
  ],
  ['an order of no lines prints nothing', [], [oven, pass], {}],
];

describe('routing lines to kitchen stations', () => {
  it.each(cases)('%s', (_, groups, stations, expected) => {
    const routed = routeLines(groups, stations);
    expect(Object.fromEntries(routed.map(({ station, lineIndexes }) => [station.name, lineIndexes]))).toEqual(expected);
  });

  it('keeps the stations in their set-up order', () => {
    expect(routeLines([DRINKS, PIZZAS], [counter, oven]).map(({ station }) => station.name)).toEqual([
      'Counter',
      'Oven',
    ]);
  });
});
