import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { popupsPart, type PopupValue } from '../../../../lib/shop/parts/popups.ts';
import { loadTenant } from '../../../../lib/tenant/load.ts';
import PopupsEditor from './PopupsEditor.tsx';

const popup = (popupId: number, fields: Partial<PopupValue> = {}): PopupValue => ({
  popupId,
  title: `Popup ${popupId}`,
  body: '',
  actionLabel: '',
  actionUrl: '',
  active: true,
  startDate: null,
  endDate: null,
  ...fields,
});

const shop = popupsPart.published(await loadTenant('tenants', 'bella-napoli'));
const [delivery] = shop as [PopupValue, PopupValue];

describe('popups: editor', () => {
  it('labels every field and shows what differs and what is wrong', () => {
    const value = [{ ...delivery, actionUrl: 'javascript:x' }, popup(3, { title: 'Late-night delivery' })];
    const html = renderToStaticMarkup(
      createElement(PopupsEditor, { value, published: shop, onChange: () => {}, disabled: false }),
    );
    const ids = [...html.matchAll(/<(?:input|textarea)[^>]* id="([^"]+)"/g)].map((match) => match[1]);
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) expect(html).toContain(`for="${id}"`);
    expect(html).toContain('Differs from the shop: button link');
    expect(html).toContain('New: not on the shop yet');
    expect(html).toContain('expected an http(s), mailto: or tel: URL or a relative link');
    expect(html).toContain('Removed, still on the shop until you publish');
    expect(html).toContain('Winter truffle menu');
    expect(html).not.toContain('<h2');
  });
});
