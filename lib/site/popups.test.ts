import { describe, expect, it } from 'vitest';
import { popupSchema } from '../tenant/index.ts';
import { popupsToShow } from './popups.ts';

const popup = (popupId: number, changes: Record<string, unknown> = {}) =>
  popupSchema.parse({ popupId, title: `Popup ${popupId}`, ...changes });

describe('popupsToShow', () => {
  it.each([
    ['no dates', [popup(1)], [], [1]],
    ['inactive', [popup(1, { active: false })], [], []],
    ['starts today', [popup(1, { startDate: '2026-11-25' })], [], [1]],
    ['starts tomorrow', [popup(1, { startDate: '2026-11-26' })], [], []],
    ['ends today', [popup(1, { endDate: '2026-11-25' })], [], [1]],
    ['ended yesterday', [popup(1, { endDate: '2026-11-24' })], [], []],
    ['dismissed in this visit', [popup(1), popup(2)], [1], [2]],
  ])('%s', (_name, popups, dismissed, shown) => {
    expect(popupsToShow(popups, '2026-11-25', new Set(dismissed)).map((entry) => entry.popupId)).toEqual(shown);
  });
});
