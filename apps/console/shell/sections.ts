import type { StaffRole } from '../../../lib/api/staff-contract.ts';

/** The console's sections, each at its own address (`#bookings`), so Back and a reload keep the place. */
export const CONSOLE_SECTIONS = [
  'orders',
  'live',
  'bookings',
  'shop',
  'promo-codes',
  'printers',
  'staff',
  'activity',
  'end-of-day',
] as const;
export type ConsoleSection = (typeof CONSOLE_SECTIONS)[number];

export const SECTION_TEXT: Readonly<Record<ConsoleSection, string>> = {
  orders: 'Orders',
  live: 'Live',
  bookings: 'Bookings',
  shop: 'Shop',
  'promo-codes': 'Promo codes',
  printers: 'Printers',
  staff: 'Staff',
  activity: 'Activity',
  'end-of-day': 'End of day',
};

/**
 * Editing the shop, its printers and auto-accept, the audit log and the sales are the owner's: the
 * kitchen's console has no Shop, Printers, Activity or End of day. Staff is everyone's: the kitchen changes its own password there, the owner also manages the team.
 * Promo codes too: the kitchen reads them to answer customers, only the owner changes them.
 */
const OWNERS_ONLY: readonly ConsoleSection[] = ['shop', 'printers', 'activity', 'end-of-day'];

export function sectionsFor(role: StaffRole): readonly ConsoleSection[] {
  return role === 'owner' ? CONSOLE_SECTIONS : CONSOLE_SECTIONS.filter((section) => !OWNERS_ONLY.includes(section));
}

/** The section an address names, if the role has it; null for any other hash (the skip link's `#main`), which keeps the section shown. */
export function sectionOfHash(hash: string, role: StaffRole): ConsoleSection | null {
  const name = hash.replace(/^#/, '');
  if (name === '') return 'orders';
  return sectionsFor(role).find((section) => section === name) ?? null;
}
