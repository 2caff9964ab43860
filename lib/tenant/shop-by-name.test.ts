import { describe, expect, it } from 'vitest';
import { shopByName, type NamedShop } from './shop-by-name.ts';

const shops: NamedShop[] = [
  { slug: 'bella-napoli', name: 'Bella Napoli Pizzeria' },
  { slug: 'crust-and-co', name: 'Crust & Co.' },
  { slug: 'fire-and-slice', name: 'Fire & Slice' },
  { slug: 'harbour-pizza', name: 'Harbour Pizza' },
  { slug: 'harbour-grill', name: 'Harbour Grill' },
  { slug: 'old-mill-pizza', name: 'Old Mill Pizza' },
];

describe('the shop staff mean at sign-in', () => {
  it.each<[string, string | null]>([
    ['bella-napoli', 'bella-napoli'],
    ['Bella Napoli', 'bella-napoli'],
    ['  bella   NAPOLI ', 'bella-napoli'],
    ['Bella Napoli Pizzeria', 'bella-napoli'],
    ['bella napoli pizzeria', 'bella-napoli'],
    ['Crust & Co.', 'crust-and-co'],
    ['crust and co', 'crust-and-co'],
    ['Fire and Slice', 'fire-and-slice'],
    ['FIRE & SLICE', 'fire-and-slice'],
    ['Old Mill', 'old-mill-pizza'],
    ['Harbour Pizza', 'harbour-pizza'],
    // Two shops' names start "Harbour": which one is not for the console to guess.
    ['Harbour', null],
    // A word is a word: "Bell" is not "Bella".
    ['Bell', null],
    ['Napoli', null],
    ['', null],
    ['   ', null],
    ['Pizza Palace', null],
  ])('"%s" is %s', (typed, slug) => {
    expect(shopByName(shops, typed)).toBe(slug);
  });
});
