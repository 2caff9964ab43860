import { describe, expect, it } from 'vitest';
import { isChunkLoadFailure, mayReloadForChunk } from './chunk-reload.ts';

describe('chunk load failures', () => {
  it.each([
    ['Failed to fetch dynamically imported module: http://shop.localhost/_astro/Menu.abc.js', true],
    ['error loading dynamically imported module: http://shop.localhost/_astro/Menu.abc.js', true],
    ['Importing a module script failed.', true],
    ['Unable to preload CSS for /_astro/index.css', true],
    ['x is not a function', false],
    ['Failed to fetch', false],
  ])('%s: %s', (message, expected) => {
    expect(isChunkLoadFailure(message)).toBe(expected);
  });

  it.each([
    ['never reloaded', null, 50_000, true],
    ['reloaded 2 s ago', 48_000, 50_000, false],
    ['reloaded 9.9 s ago', 40_100, 50_000, false],
    ['reloaded 10 s ago', 40_000, 50_000, true],
    ['a stamp from the future (clock changed)', 90_000, 50_000, true],
    ['a corrupt stamp', Number.NaN, 50_000, true],
  ])('%s: may reload %s', (_name, last, now, expected) => {
    expect(mayReloadForChunk(last, now)).toBe(expected);
  });
});
