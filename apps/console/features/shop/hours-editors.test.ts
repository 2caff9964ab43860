import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { closedDatesPart } from '../../../../lib/shop/parts/closed-dates.ts';
import { tradingHoursPart } from '../../../../lib/shop/parts/trading-hours.ts';
import type { Tenant } from '../../../../lib/tenant/index.ts';
import { loadTenant } from '../../../../lib/tenant/load.ts';
import ClosedDatesEditor from './ClosedDatesEditor.tsx';
import {
  addClosedDate,
  closedDateProblems,
  editClosedDate,
  formEntries,
  toClosedDateForms,
} from '../../../../lib/shop/forms/closed-dates-form.ts';
import TradingHoursEditor from './TradingHoursEditor.tsx';
import {
  addShift,
  canAddShift,
  editShift,
  formRows,
  readTime,
  removeShift,
  shiftProblems,
  toShiftForms,
} from '../../../../lib/shop/forms/trading-hours-form.ts';

const slugs = ['bella-napoli', 'crust-and-co', 'fire-and-slice', 'harbour-pizza', 'old-mill-pizza'] as const;
const tenants = new Map<string, Tenant>();
beforeAll(async () => {
  for (const slug of slugs) tenants.set(slug, await loadTenant('tenants', slug));
});
const bella = () => tenants.get('bella-napoli') as Tenant;

describe('trading hours form', () => {
  // bella-napoli's rows 7 and 8 are Friday's lunch and dinner; row 1 is Monday, closed.
  const form = () => toShiftForms(tradingHoursPart.published(bella()));

  it('holds the rows it was given', () => {
    expect(formRows(form())).toEqual(bella().tradingHours);
    expect(shiftProblems(form())).toEqual([]);
  });

  it('keeps a cleared time out of the value and names it', () => {
    const cleared = editShift(form(), 8, 'open', { from: '' });
    expect(formRows(cleared)).toEqual(bella().tradingHours);
    expect(shiftProblems(cleared)).toEqual(['Friday, shift 2: Open from: enter a time']);
    const typed = editShift(cleared, 8, 'open', { from: '17:30' });
    expect(formRows(typed)[8]).toEqual({ ...bella().tradingHours[8], openingTimeStart: '17:30' });
    expect(shiftProblems(typed)).toEqual([]);
  });

  it('closes a service, keeps its times and brings them back', () => {
    const closed = editShift(form(), 8, 'delivery', { closed: true });
    expect(formRows(closed)[8]).toMatchObject({ deliveryTimeStart: null, deliveryTimeEnd: null });
    expect(editShift(closed, 8, 'delivery', { closed: false })[8]?.entry).toEqual(bella().tradingHours[8]);
  });

  it('does not ask for times of a closed service', () => {
    expect(
      shiftProblems(editShift(editShift(form(), 8, 'delivery', { until: '' }), 8, 'delivery', { closed: true })),
    ).toEqual([]);
  });

  it('opens a closed day with starting times', () => {
    expect(formRows(editShift(form(), 1, 'open', { closed: false }))[1]).toEqual({
      day: 1,
      openingTimeStart: '17:00',
      openingTimeEnd: '21:00',
      deliveryTimeStart: null,
      deliveryTimeEnd: null,
    });
  });

  it("adds a shift after its day's last one, up to four a day", () => {
    const added = addShift(form(), 5);
    expect(formRows(added).map((row) => row.day)).toEqual([0, 1, 2, 3, 3, 4, 4, 5, 5, 5, 6, 6]);
    expect(formRows(added)[9]).toMatchObject({ day: 5, openingTimeStart: '17:00' });
    const full = addShift(addShift(added, 5), 5);
    expect(canAddShift(full, 5)).toBe(false);
    expect(addShift(full, 5)).toHaveLength(full.length);
  });

  it('adds a shift to a day without rows where its day falls', () => {
    const withoutTuesday = toShiftForms(tradingHoursPart.published(bella()).filter((row) => row.day !== 2));
    expect(
      formRows(addShift(withoutTuesday, 2))
        .map((row) => row.day)
        .slice(0, 4),
    ).toEqual([0, 1, 2, 3]);
  });

  it("removes a shift but never a day's last", () => {
    expect(formRows(removeShift(form(), 7))).toEqual(bella().tradingHours.filter((_, index) => index !== 7));
    expect(removeShift(form(), 1)).toHaveLength(form().length);
  });

  it.each([
    ['17:00', '17:00'],
    ['17:00:00', '17:00'],
    ['', null],
    ['24:00', null],
    ['5pm', null],
  ])('reads %j as %j', (text, time) => {
    expect(readTime(text)).toBe(time);
  });
});

describe('closed dates form', () => {
  const form = () => toClosedDateForms(closedDatesPart.published(bella()));

  it('keeps a new entry out of the value until its dates are filled in', () => {
    const added = addClosedDate(form());
    expect(formEntries(added)).toEqual(bella().closedDates);
    expect(closedDateProblems(added)).toEqual([
      'Closed dates 5, From: enter a date',
      'Closed dates 5, To: enter a date',
    ]);
    const filled = editClosedDate(added, 4, { dateStart: '2027-02-14' });
    expect(formEntries(filled)[4]).toEqual({
      dateStart: '2027-02-14',
      dateEnd: '2027-02-14',
      timeEnd: '23:59',
      justDeliveryDisabled: false,
      reason: '',
    });
    expect(closedDateProblems(filled)).toEqual([]);
  });

  it('reports a To before From beside To and keeps the entry as it was', () => {
    const backwards = editClosedDate(form(), 1, { dateEnd: '2026-12-24' });
    expect(formEntries(backwards)).toEqual(bella().closedDates);
    expect(closedDateProblems(backwards)).toEqual(['Closed dates 2, To: before the From date (25 Dec 2026)']);
  });

  it('still takes a reason while the dates are wrong', () => {
    const edited = editClosedDate(editClosedDate(form(), 1, { dateEnd: '' }), 1, { reason: 'Christmas' });
    expect(formEntries(edited)[1]).toEqual({ ...bella().closedDates[1], reason: 'Christmas' });
    expect(closedDateProblems(edited)).toEqual(['Closed dates 2, To: enter a date']);
  });
});

describe('editors render every sample tenant', () => {
  const noop = () => undefined;

  it.each(slugs)('%s', (slug) => {
    const tenant = tenants.get(slug) as Tenant;
    const hours = renderToStaticMarkup(
      createElement(TradingHoursEditor, {
        value: tenant.tradingHours,
        published: tenant.tradingHours,
        onChange: noop,
        disabled: false,
      }),
    );
    const dayOrder = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map((day) =>
      hours.indexOf(`>${day}</legend>`),
    );
    expect(dayOrder.every((at, index) => at !== -1 && (index === 0 || at > (dayOrder[index - 1] ?? 0)))).toBe(true);
    expect(hours).not.toContain('Now:');
    const dates = renderToStaticMarkup(
      createElement(ClosedDatesEditor, {
        value: tenant.closedDates,
        published: tenant.closedDates,
        onChange: noop,
        disabled: false,
      }),
    );
    expect(dates).toContain('Add closed dates');
    for (const markup of [hours, dates]) {
      expect(markup.split('<input').length).toBeLessThanOrEqual(markup.split('<label').length);
    }
  });

  it('shows what differs from the shop', () => {
    const published = bella().tradingHours;
    const value = published.map((row, index) =>
      index === 8 ? { ...row, deliveryTimeStart: null, deliveryTimeEnd: null } : row,
    );
    const hours = renderToStaticMarkup(
      createElement(TradingHoursEditor, { value, published, onChange: noop, disabled: false }),
    );
    expect(hours).toContain('Now: open 11:30–14:30, 17:00–01:00; delivery 12:00–14:00, 17:30–00:30');
    expect(hours).toContain('Crosses midnight: until 01:00 the next day');
    const closedDates = bella().closedDates;
    const dates = renderToStaticMarkup(
      createElement(ClosedDatesEditor, {
        value: [{ ...closedDates[1]!, reason: 'Christmas' }],
        published: closedDates,
        onChange: noop,
        disabled: false,
      }),
    );
    expect(dates).toContain('Now: 25–26 Dec 2026 closed (Christmas Day and Boxing Day)');
    expect(dates).toContain('Removed when you publish');
  });
});
