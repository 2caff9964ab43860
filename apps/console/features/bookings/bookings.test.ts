import { describe, expect, it } from 'vitest';
import type { StaffBooking } from '../../../../lib/api/staff-contract.ts';
import {
  auditActionText,
  decisionText,
  emptyBookings,
  partyText,
  withBookingList,
  withDecisionFailed,
  withDecisionSaved,
  withDecisionStarted,
} from './bookings.ts';
import { sectionOfHash, sectionsFor } from '../../shell/sections.ts';

const now = new Date('2030-03-05T09:00:00Z');
const booking = (bookingId: number, status: StaffBooking['status'] = 'new'): StaffBooking => ({
  bookingId,
  name: 'Ada',
  phone: '0400 000 000',
  partySize: 4,
  dateTime: '2030-03-06T19:00:00+11:00',
  notes: '',
  requestedAt: '2030-03-05T09:00:00.000Z',
  status,
  decidedBy: status === 'new' ? null : 'Kit Chen',
  decidedAt: status === 'new' ? null : '2030-03-05T09:00:00.000Z',
});

describe('answering bookings', () => {
  const listed = withBookingList(emptyBookings, [booking(1), booking(2, 'confirmed')]);

  it('shows a decision as saving, then as the server answered it', () => {
    const started = withDecisionStarted(listed, 1, 'confirm');
    expect(started?.pending).toEqual({ 1: 'confirm' });
    const saved = withDecisionSaved(started ?? listed, booking(1, 'confirmed'));
    expect(saved.pending).toEqual({});
    expect(saved.bookings.map((item) => item.status)).toEqual(['confirmed', 'confirmed']);
  });

  it('answers nothing for a booking already answered, unknown, or still saving', () => {
    expect(withDecisionStarted(listed, 2, 'decline')).toBeNull();
    expect(withDecisionStarted(listed, 3, 'confirm')).toBeNull();
    expect(withDecisionStarted(withDecisionStarted(listed, 1, 'confirm') ?? listed, 1, 'decline')).toBeNull();
  });

  it('keeps a failed booking as it was, with the reason, until the next try', () => {
    const failed = withDecisionFailed(
      withDecisionStarted(listed, 1, 'decline') ?? listed,
      1,
      'Could not decline: offline',
    );
    expect(failed.bookings[0]?.status).toBe('new');
    expect(failed.failures).toEqual({ 1: 'Could not decline: offline' });
    expect(withDecisionStarted(failed, 1, 'confirm')?.failures).toEqual({});
  });

  it('words party sizes, decisions and audit actions', () => {
    expect([partyText(1), partyText(6)]).toEqual(['1 person', '6 people']);
    expect(decisionText(booking(1), now, 'Australia/Melbourne')).toBeNull();
    expect(decisionText(booking(2, 'confirmed'), now, 'Australia/Melbourne')).toBe('Confirmed by Kit Chen, 8:00 pm');
    expect(auditActionText('confirm-booking')).toBe('Confirmed');
    expect(auditActionText('sold-out')).toBe('sold-out');
    expect(auditActionText('constructor')).toBe('constructor');
  });
});

describe('console sections', () => {
  it('gives the owner Shop, Activity and End of day and the kitchen none of them; everyone has Promo codes and Staff', () => {
    expect(sectionsFor('owner')).toEqual([
      'orders',
      'live',
      'bookings',
      'shop',
      'promo-codes',
      'printers',
      'staff',
      'activity',
      'end-of-day',
    ]);
    expect(sectionsFor('kitchen')).toEqual(['orders', 'live', 'bookings', 'promo-codes', 'staff']);
  });

  it('follows the address; another hash or a section the role lacks keeps the one shown', () => {
    expect(sectionOfHash('', 'kitchen')).toBe('orders');
    expect(sectionOfHash('#bookings', 'kitchen')).toBe('bookings');
    expect(sectionOfHash('#activity', 'owner')).toBe('activity');
    expect(sectionOfHash('#activity', 'kitchen')).toBeNull();
    expect(sectionOfHash('#end-of-day', 'owner')).toBe('end-of-day');
    expect(sectionOfHash('#end-of-day', 'kitchen')).toBeNull();
    expect(sectionOfHash('#main', 'owner')).toBeNull();
  });
});
