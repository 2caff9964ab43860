import { SECTION_TEXT, sectionsFor, type ConsoleSection } from './sections.ts';
import type { StaffRole } from '../../../lib/api/staff-contract.ts';

const link =
  'inline-flex min-h-11 items-center rounded-full px-4 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary';

/** Orders, Bookings and, for the owner, Activity: links to each section's address, the one shown marked as current. */
export function ConsoleNav({ role, current }: { role: StaffRole; current: ConsoleSection }) {
  return (
    <nav aria-label="Console sections" className="mx-auto w-full max-w-6xl px-4 pt-3 print:hidden">
      <ul className="flex flex-wrap gap-2">
        {sectionsFor(role).map((section) => (
          <li key={section}>
            <a
              href={`#${section}`}
              aria-current={section === current ? 'page' : undefined}
              className={`${link} ${section === current ? 'bg-primary text-primary-foreground' : 'border border-border hover:bg-muted'}`}
            >
              {SECTION_TEXT[section]}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
