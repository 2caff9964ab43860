import type { Notice } from './team.ts';

/** What the last change came to: a refusal as an alert (it needs reading), a success as a status. */
export function NoticeLine({ notice }: { notice: Notice | null }) {
  if (!notice) return null;
  return (
    <p
      role={notice.ok ? 'status' : 'alert'}
      className={`mt-3 rounded-lg p-3 text-sm font-medium break-words ${notice.ok ? 'bg-secondary text-secondary-foreground' : 'border border-primary'}`}
    >
      {notice.text}
    </p>
  );
}
