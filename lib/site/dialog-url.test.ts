import { describe, expect, it } from 'vitest';
import { dialogOf, urlWithDialog, urlWithoutDialog } from './dialog-url.ts';

describe('dialogOf', () => {
  it.each([
    ['?modal=table-booking', 'table-booking'],
    ['?modal=delivery-map&group=3', 'delivery-map'],
    ['?modal=mailing-list', 'mailing-list'],
    ['?modal=customer-menu', null],
    ['?modal=', null],
    ['', null],
    ['?product=4', null],
  ])('%s asks for %s', (search, dialog) => {
    expect(dialogOf(search)).toBe(dialog);
  });
});

describe('urlWithDialog', () => {
  it.each([
    ['https://shop.example/', 'table-booking', 'https://shop.example/?modal=table-booking'],
    ['https://shop.example/?group=4', 'delivery-map', 'https://shop.example/?modal=delivery-map'],
    [
      'https://shop.example/?retailerWebsiteId=2&group=4#menu',
      'table-booking',
      'https://shop.example/?retailerWebsiteId=2&modal=table-booking#menu',
    ],
    ['https://shop.example/?modal=delivery-map', 'table-booking', 'https://shop.example/?modal=table-booking'],
  ] as const)('%s opening %s is %s', (href, dialog, expected) => {
    expect(urlWithDialog(href, dialog)).toBe(expected);
  });
});

describe('urlWithoutDialog', () => {
  it.each([
    ['https://shop.example/?modal=table-booking', 'https://shop.example/'],
    [
      'https://shop.example/?retailerWebsiteId=2&modal=delivery-map&product=3',
      'https://shop.example/?retailerWebsiteId=2&product=3',
    ],
    ['https://shop.example/', 'https://shop.example/'],
    ['https://shop.example/?group=3', 'https://shop.example/'],
    ['https://shop.example/?group=2&modal=delivery-map#menu', 'https://shop.example/#menu'],
  ])('%s becomes %s', (href, expected) => {
    expect(urlWithoutDialog(href)).toBe(expected);
  });
});
