import { describe, expect, it } from 'vitest';
import { popupSchema } from '../tenant/index.ts';
import { popupsToShow, popupAction, type PopupAction } from './popups.ts';

const popup = (popupId: number, changes: Record<string, unknown> = {}) =>
  popupSchema.parse({ popupId, title: `Popup ${popupId}`, ...changes });

describe('popupsToShow', () => {
  it.each([
    ['no dates', [popup(1)], [], [1]],
    ['inactive', [popup(1, { active: false })], [], []],
    ['starts today', [popup(1, { startDate: '2026-11-25' })], [], [1]],
    ['starts tomorrow', [popup(1, { startDate: '2026-11-26' })], [], []],
    ['ends today', [popup(1, { endDate: '2026-11-25' })], [], [1]],
    ['ended yesterday', [popup(1, { endDate: '2026-11-24' })], [], []],
    ['dismissed in this visit', [popup(1), popup(2)], [1], [2]],
  ])('%s', (_name, popups, dismissed, shown) => {
    expect(popupsToShow(popups, '2026-11-25', new Set(dismissed)).map((entry) => entry.popupId)).toEqual(shown);
  });
});

describe('popupAction: a popup button opens what it advertises, in place', () => {
  it.each<[string, string, PopupAction]>([
    ['a deal', '/?special=9105', { kind: 'special', specialId: 9105 }],
    ['a dish', '/?product=1101', { kind: 'product', productId: 1101 }],
    ['the order-time dialog', '/?modal=order-time', { kind: 'order-time' }],
    ['a dialog of the page', '/?modal=delivery-map', { kind: 'dialog', dialog: 'delivery-map' }],
    ['a custom page', '/about/our-story', { kind: 'page', href: '/about/our-story' }],
    ['another site', 'https://example.com/?special=1', { kind: 'page', href: 'https://example.com/?special=1' }],
    ['an unknown dialog', '/?modal=nothing', { kind: 'page', href: '/?modal=nothing' }],
    ['an id that is not a number', '/?product=abc', { kind: 'page', href: '/?product=abc' }],
    ['the home page alone', '/', { kind: 'page', href: '/' }],
  ])('%s: %s', (_name, actionUrl, action) => {
    expect(popupAction(actionUrl)).toEqual(action);
  });
});
