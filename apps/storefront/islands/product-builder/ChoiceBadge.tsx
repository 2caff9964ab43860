/**
 * "Required" or "Optional" beside a choice's heading, read with it by screen readers. A required
 * choice stands out until it is made, then steps back with a tick so the eye goes to what is left.
 */
export function ChoiceBadge({ required, done = false }: { required: boolean; done?: boolean }) {
  if (!required) {
    return (
      <span
        className="rounded-full border border-border px-2 py-0.5 text-xs font-medium text-muted-foreground"
        data-choice-badge="optional"
      >
        Optional
      </span>
    );
  }
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ${done ? 'bg-muted text-muted-foreground' : 'bg-primary text-primary-foreground'}`}
      data-choice-badge={done ? 'required-done' : 'required'}
    >
      {done && (
        <svg aria-hidden="true" viewBox="0 0 16 16" className="size-3">
          <path
            fill="currentColor"
            d="M13.5 4.3a1 1 0 0 1 0 1.4l-6 6a1 1 0 0 1-1.4 0l-3-3a1 1 0 1 1 1.4-1.4L6.8 9.6l5.3-5.3a1 1 0 0 1 1.4 0Z"
          />
        </svg>
      )}
      Required
    </span>
  );
}
