/** Form field looks shared by the dialogs' forms, like buttons.ts for actions. */
export const fieldLabel = 'flex flex-col gap-1 text-sm font-medium';
export const fieldControl =
  'rounded-lg border border-border bg-background px-3 py-2 text-base font-normal text-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary aria-invalid:border-primary';
export const fieldError = 'text-sm font-medium text-primary';
/** A control as wide as its form's column: a select whose options can be long (a day with its reason, a closed date's note) keeps to it instead of widening the form. */
export const fullWidthControl = `${fieldControl} w-full min-w-0`;
