import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { loadTenant } from '../../tenant/load.ts';
import { popupsSchema } from '../../tenant/index.ts';
import {
  nextPopupId,
  popupProblems,
  popupsPart,
  popupsProblems,
  popupsValueSchema,
  putBackPopup,
  type PopupValue,
  type PopupsValue,
} from './popups.ts';
import { SAMPLE_SHOPS } from '../../tenant/sample-shops.ts';

async function rawPopups(slug: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(`tenants/${slug}/popups.json`, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

const popup = (popupId: number, fields: Partial<PopupValue> = {}): PopupValue => ({
  popupId,
  title: `Popup ${popupId}`,
  body: '',
  actionLabel: '',
  actionUrl: '',
  active: true,
  startDate: null,
  endDate: null,
  ...fields,
});

const bella = await loadTenant('tenants', 'bella-napoli');
const shop = popupsPart.published(bella);
const [delivery, truffle] = shop as [PopupValue, PopupValue];

describe('popups: describe', () => {
  it.each<[string, PopupsValue, PopupsValue, string[]]>([
    ['nothing changed', shop, shop.map((entry) => ({ ...entry })), []],
    [
      'a popup added',
      shop,
      [...shop, popup(3, { title: 'Late-night delivery' })],
      ['Added popup "Late-night delivery"'],
    ],
    [
      'a popup added switched off',
      shop,
      [...shop, popup(3, { title: 'Late-night delivery', active: false })],
      ['Added popup "Late-night delivery" (switched off)'],
    ],
    ['a popup removed', shop, [delivery], ['Removed popup "Winter truffle menu"']],
    [
      'switched off',
      shop,
      [{ ...delivery, active: false }, truffle],
      ['"Now delivering to Brunswick East": switched off'],
    ],
    ['switched on', shop, [delivery, { ...truffle, active: true }], ['"Winter truffle menu": switched on']],
    [
      'title and dates',
      shop,
      [delivery, { ...truffle, title: 'Truffle season', endDate: null }],
      ['"Winter truffle menu": title now "Truffle season"; dates changed'],
    ],
    [
      'message and button',
      shop,
      [{ ...delivery, body: 'New suburbs.', actionLabel: 'Map', actionUrl: '/map' }, truffle],
      ['"Now delivering to Brunswick East": message, button label, button link changed'],
    ],
    ['order of the shop', shop, [truffle, delivery], ['Popups put in a new order']],
    [
      'several at once, in list order',
      shop,
      [popup(3, { title: 'New one' }), { ...truffle, active: true, startDate: '2026-05-01' }],
      [
        'Added popup "New one"',
        '"Winter truffle menu": switched on',
        '"Winter truffle menu": dates changed',
        'Removed popup "Now delivering to Brunswick East"',
      ],
    ],
    ['from no popups', [], [popup(1, { title: 'Hello' })], ['Added popup "Hello"']],
  ])('%s', (_name, from, to, lines) => {
    expect(popupsPart.describe(from, to)).toEqual(lines);
  });
});

describe('popups: write', () => {
  it.each(SAMPLE_SHOPS)(
    '%s: the published value writes the file back unchanged and it loads as the same popups',
    async (slug) => {
      const tenant = await loadTenant('tenants', slug);
      const raw = await rawPopups(slug);
      const written = popupsPart.write(raw, popupsPart.published(tenant));
      expect(written).toEqual(raw ?? []);
      expect(popupsSchema.parse(written)).toEqual(tenant.popups);
    },
  );

  const file = [
    { popupId: 1, title: 'One', image: '/img/one.jpg', campaign: 'spring', active: true },
    { popupId: 2, title: 'Two', body: 'Second', actionUrl: ' /menu ', startDate: '2026-01-01', endDate: null },
  ];
  const loaded = popupsPart.published({ ...bella, popups: popupsSchema.parse(file) });
  const [one, two] = loaded as [PopupValue, PopupValue];

  it.each<[string, unknown, PopupsValue, unknown]>([
    ['unchanged: absent fields stay absent, untrimmed link kept', file, loaded, file],
    [
      'an edit keeps image and unknown keys',
      file,
      [{ ...one, title: 'Uno', active: false }, two],
      [{ popupId: 1, title: 'Uno', image: '/img/one.jpg', campaign: 'spring', active: false }, file[1]],
    ],
    ["the value's order, a removed popup gone", file, [two, one], [file[1], file[0]]],
    ['removed', file, [one], [file[0]]],
    [
      'a new popup has only the edited fields',
      file,
      [one, two, popup(3, { title: 'Three' })],
      [...file, popup(3, { title: 'Three' })],
    ],
    ['absent file, nothing added', undefined, [], []],
    ['absent file, a popup added', undefined, [popup(1)], [popup(1)]],
    [
      'a cleared date is written as null',
      file,
      [one, { ...two, startDate: null }],
      [file[0], { ...file[1], startDate: null }],
    ],
  ])('%s', (_name, raw, value, expected) => {
    const written = popupsPart.write(raw, value);
    expect(written).toEqual(expected);
    expect(popupsSchema.safeParse(written).success).toBe(true);
  });

  it('leaves the raw file as it was', () => {
    const before = structuredClone(file);
    popupsPart.write(file, [{ ...one, title: 'Changed' }]);
    expect(file).toEqual(before);
  });

  it.each<[string, unknown]>([
    ['an object', { popups: [] }],
    ['a popup without an id', [{ title: 'No id' }]],
    ['an id that is text', [{ popupId: '1', title: 'x' }]],
    ['null', null],
    ['text', 'popups'],
  ])('malformed raw (%s) gives undefined', (_name, raw) => {
    expect(popupsPart.write(raw, shop)).toBeUndefined();
  });
});

describe('popups: value and problems', () => {
  it.each(SAMPLE_SHOPS)('%s: the published value is a valid value', async (slug) => {
    expect(popupsValueSchema.safeParse(popupsPart.published(await loadTenant('tenants', slug))).success).toBe(true);
  });

  it.each<[string, unknown]>([
    ['more than 20', Array.from({ length: 21 }, (_, index) => popup(index + 1))],
    ['the same id twice', [popup(1), popup(1)]],
    ['a script link', [popup(1, { actionUrl: 'javascript:alert(1)' })]],
    ['an empty title', [popup(1, { title: '' })]],
    ['a date that is not one', [popup(1, { startDate: '2026-02-30' })]],
  ])('refuses %s', (_name, value) => {
    expect(popupsValueSchema.safeParse(value).success).toBe(false);
  });

  it('says what stops a popup from publishing, beside the field and in the list', () => {
    expect(popupProblems(delivery)).toEqual({});
    const bad = popup(5, {
      title: 'Promo',
      actionUrl: 'javascript:alert(1)',
      startDate: '2026-03-02',
      endDate: '2026-03-01',
    });
    expect(popupProblems(bad)).toEqual({
      actionUrl: 'expected an http(s), mailto: or tel: URL or a relative link',
      endDate: 'Ends before it starts, so it would never show',
    });
    expect(popupsProblems([delivery, bad, popup(6, { title: ' ' })])).toEqual([
      '"Promo", button link: expected an http(s), mailto: or tel: URL or a relative link',
      '"Promo": Ends before it starts, so it would never show',
      'Popup 3: Needs a title: the popup shows it as its heading',
    ]);
  });

  it("gives a new popup an id above the draft's and the shop's, so it never inherits a removed one", () => {
    expect(nextPopupId([delivery], shop)).toBe(3);
    expect(nextPopupId([], [])).toBe(1);
    expect(nextPopupId([popup(40)], shop)).toBe(41);
  });

  it('puts a removed popup back where it was', () => {
    const three = popup(3);
    expect(putBackPopup([truffle, three], shop, 1)).toEqual([delivery, truffle, three]);
    expect(putBackPopup([delivery, three], shop, 2)).toEqual([delivery, three, truffle]);
    expect(putBackPopup(shop, shop, 2)).toEqual(shop);
  });
});
