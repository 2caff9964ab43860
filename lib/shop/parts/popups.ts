import { z } from 'zod';
import { MAX_POPUPS, popupSchema } from '../../tenant/content.ts';
import type { Tenant } from '../../tenant/index.ts';
import type { ShopPart } from './part.ts';

export { MAX_POPUPS };

/** The fields of a popup the owner edits; `image` and keys the console does not know stay in the file. */
const EDITED = ['popupId', 'title', 'body', 'actionLabel', 'actionUrl', 'active', 'startDate', 'endDate'] as const;
type EditedKey = (typeof EDITED)[number];

export const popupValueSchema = popupSchema.pick({
  popupId: true,
  title: true,
  body: true,
  actionLabel: true,
  actionUrl: true,
  active: true,
  startDate: true,
  endDate: true,
});
export type PopupValue = z.infer<typeof popupValueSchema>;

/** The popups in the order the shop tries them; ids are unique because a visitor's "closed" remembers them by id. */
export const popupsValueSchema = z
  .array(popupValueSchema)
  .max(MAX_POPUPS, `expected at most ${MAX_POPUPS} popups`)
  .refine((popups) => new Set(popups.map((popup) => popup.popupId)).size === popups.length, 'expected each popup once');
export type PopupsValue = z.infer<typeof popupsValueSchema>;

const pickEdited = (popup: PopupValue): PopupValue => ({
  popupId: popup.popupId,
  title: popup.title,
  body: popup.body,
  actionLabel: popup.actionLabel,
  actionUrl: popup.actionUrl,
  active: popup.active,
  startDate: popup.startDate,
  endDate: popup.endDate,
});

/** Owner's words for each edited field, in the order they are listed; the two dates read as one. */
const FIELD_WORDS: readonly (readonly [string, readonly EditedKey[]])[] = [
  ['message', ['body']],
  ['button label', ['actionLabel']],
  ['button link', ['actionUrl']],
  ['dates', ['startDate', 'endDate']],
];

/** The fields besides title and on/off that differ between two versions of one popup, in the owner's words. */
function popupFieldsChanged(from: PopupValue, to: PopupValue): string[] {
  return FIELD_WORDS.filter(([, keys]) => keys.some((key) => from[key] !== to[key])).map(([word]) => word);
}

/** Everything that differs between two versions of one popup, as the editor lists it beside the popup. */
export function popupDifferences(from: PopupValue, to: PopupValue): string[] {
  return [
    ...(from.title !== to.title ? ['title'] : []),
    ...popupFieldsChanged(from, to),
    ...(from.active !== to.active ? [to.active ? 'switched on' : 'switched off'] : []),
  ];
}

function describeChange(from: PopupValue, to: PopupValue): string[] {
  const name = `"${from.title}"`;
  const lines: string[] = [];
  if (from.active !== to.active) lines.push(`${name}: switched ${to.active ? 'on' : 'off'}`);
  const parts = [...(from.title !== to.title ? [`title now "${to.title}"`] : [])];
  const fields = popupFieldsChanged(from, to);
  if (fields.length > 0) parts.push(`${fields.join(', ')} changed`);
  if (parts.length > 0) lines.push(`${name}: ${parts.join('; ')}`);
  return lines;
}

/** True when the popups both lists have are in a different order: the shop shows the first one that is current. */
function reordered(from: readonly PopupValue[], to: readonly PopupValue[]): boolean {
  const toIds = new Set(to.map((popup) => popup.popupId));
  const fromIds = new Set(from.map((popup) => popup.popupId));
  const before = from.map((popup) => popup.popupId).filter((popupId) => toIds.has(popupId));
  const after = to.map((popup) => popup.popupId).filter((popupId) => fromIds.has(popupId));
  return before.some((popupId, index) => after[index] !== popupId);
}

/**
 * A popup of the file with the edited fields set. A field whose loaded value (defaults applied,
 * link trimmed) already equals the edited one is left as written, absent or not, so an unchanged
 * popup is written back byte for byte.
 */
function mergePopup(old: Record<string, unknown>, popup: PopupValue): Record<string, unknown> {
  const loaded = popupSchema.safeParse(old);
  const next: Record<string, unknown> = { ...old };
  for (const key of EDITED) {
    if (loaded.success && loaded.data[key] === popup[key]) continue;
    next[key] = popup[key];
  }
  return next;
}

const rawPopups = z.array(z.looseObject({ popupId: z.number() }));

export const popupsPart: ShopPart<PopupsValue> = {
  title: 'Popups',
  file: 'popups',
  schema: popupsValueSchema,
  published: (tenant: Tenant) => tenant.popups.map(pickEdited),
  describe(from, to) {
    const fromById = new Map(from.map((popup) => [popup.popupId, popup]));
    const toIds = new Set(to.map((popup) => popup.popupId));
    const lines = to.flatMap((popup) => {
      const before = fromById.get(popup.popupId);
      if (!before) return [`Added popup "${popup.title}"${popup.active ? '' : ' (switched off)'}`];
      return describeChange(before, popup);
    });
    for (const popup of from) if (!toIds.has(popup.popupId)) lines.push(`Removed popup "${popup.title}"`);
    if (reordered(from, to)) lines.push('Popups put in a new order');
    return lines;
  },
  write(raw, value) {
    const parsed = raw === undefined ? { success: true as const, data: [] } : rawPopups.safeParse(raw);
    if (!parsed.success) return undefined;
    const byId = new Map(parsed.data.map((popup) => [popup.popupId, popup]));
    return value.map((popup) => {
      const old = byId.get(popup.popupId);
      return old ? mergePopup(old, popup) : pickEdited(popup);
    });
  },
};

/** Why a popup's fields would not publish, by field, in the words the editor shows beside them. */
export interface PopupProblems {
  title?: string;
  actionUrl?: string;
  endDate?: string;
}

export function popupProblems(popup: PopupValue): PopupProblems {
  const link = popupSchema.shape.actionUrl.safeParse(popup.actionUrl);
  return {
    ...(popup.title.trim() === '' ? { title: 'Needs a title: the popup shows it as its heading' } : {}),
    ...(link.success ? {} : { actionUrl: link.error.issues[0]?.message ?? 'not a link the shop can use' }),
    ...(popup.startDate !== null && popup.endDate !== null && popup.endDate < popup.startDate
      ? { endDate: 'Ends before it starts, so it would never show' }
      : {}),
  };
}

/** Every problem of the list, each naming its popup, for the console to hold saving on. */
export function popupsProblems(popups: readonly PopupValue[]): string[] {
  return popups.flatMap((popup, index) => {
    const name = popup.title.trim() === '' ? `Popup ${index + 1}` : `"${popup.title}"`;
    const problems = popupProblems(popup);
    return [
      ...(problems.title ? [`${name}: ${problems.title}`] : []),
      ...(problems.actionUrl ? [`${name}, button link: ${problems.actionUrl}`] : []),
      ...(problems.endDate ? [`${name}: ${problems.endDate}`] : []),
    ];
  });
}

/** The id for a popup added now: above every id the draft or the shop has, so it never takes over a removed popup's image or a visitor's "closed". */
export function nextPopupId(value: readonly PopupValue[], published: readonly PopupValue[]): number {
  return Math.max(0, ...value.map((popup) => popup.popupId), ...published.map((popup) => popup.popupId)) + 1;
}

/** The draft with a published popup the owner removed put back where it was among the others (the shop shows the first current one). */
export function putBackPopup(
  value: readonly PopupValue[],
  published: readonly PopupValue[],
  popupId: number,
): PopupsValue {
  const at = published.findIndex((popup) => popup.popupId === popupId);
  const popup = published[at];
  if (!popup || value.some((kept) => kept.popupId === popupId)) return [...value];
  const later = new Set(published.slice(at + 1).map((after) => after.popupId));
  const index = value.findIndex((kept) => later.has(kept.popupId));
  return index === -1 ? [...value, popup] : [...value.slice(0, index), popup, ...value.slice(index)];
}
