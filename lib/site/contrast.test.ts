import { describe, expect, it } from 'vitest';
import { contrastRatio, luminance, mix, withLightness } from './contrast.ts';

describe('contrastRatio', () => {
  it.each([
    { a: '#000000', b: '#ffffff', ratio: 21 },
    { a: '#ffffff', b: '#000000', ratio: 21 },
    { a: '#777777', b: '#777777', ratio: 1 },
    { a: '#767676', b: '#ffffff', ratio: 4.54 },
    { a: '#777777', b: '#ffffff', ratio: 4.48 },
    { a: '#0000ff', b: '#ffffff', ratio: 8.59 },
  ])('$a on $b is $ratio:1', ({ a, b, ratio }) => {
    expect(contrastRatio(a, b)).toBeCloseTo(ratio, 2);
  });

  it('refuses what is not #rrggbb', () => {
    expect(() => luminance('red')).toThrow('expected a colour as #rrggbb');
  });
});

describe('mix', () => {
  it.each([
    ['#ffffff', '#000000', 0.5, '#808080'],
    ['#b3261e', '#111111', 0, '#111111'],
    ['#b3261e', '#111111', 1, '#b3261e'],
    ['#ff0000', '#0000ff', 0.25, '#4000bf'],
  ])('%s over %s at %s is %s', (colour, base, amount, expected) => {
    expect(mix(colour, base, amount)).toBe(expected);
  });
});

describe('withLightness', () => {
  it.each([
    ['#b3261e', 0.41, '#b3261e'],
    ['#ff0000', 0.75, '#ff8080'],
    ['#1d3461', 1, '#ffffff'],
    ['#808080', 0.2, '#333333'],
  ])('%s at lightness %s is %s', (colour, lightness, expected) => {
    expect(withLightness(colour, lightness)).toBe(expected);
  });
});
