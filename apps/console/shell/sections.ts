import type { StaffRole } from '../../../lib/api/staff-contract.ts';

/** The console's sections, each at its own address (`#bookings`), so Back and a reload keep the place. */
export const CONSOLE_SECTIONS = ['orders', 'live', 'bookings', 'shop', 'staff', 'activity'] as const;
export type ConsoleSection = (typeof CONSOLE_SECTIONS)[number];

export const SECTION_TEXT: Readonly<Record<ConsoleSection, string>> = {
  orders: 'Orders',
  live: 'Live',
  bookings: 'Bookings',
  shop: 'Shop',
  staff: 'Staff',
  activity: 'Activity',
};

/**
 * Editing the shop and the audit log are the owner's: the kitchen's console has neither Shop nor
 * Activity. Staff is everyone's: the kitchen changes its own password there, the owner also manages the team.
 */
export function sectionsFor(role: StaffRole): readonly ConsoleSection[] {
  return role === 'owner'
    ? CONSOLE_SECTIONS
    : CONSOLE_SECTIONS.filter((section) => section !== 'shop' && section !== 'activity');
}

/** The section an address names, if the role has it; null for any other hash (the skip link's `#main`), which keeps the section shown. */
export function sectionOfHash(hash: string, role: StaffRole): ConsoleSection | null {
  const name = hash.replace(/^#/, '');
  if (name === '') return 'orders';
  return sectionsFor(role).find((section) => section === name) ?? null;
}
