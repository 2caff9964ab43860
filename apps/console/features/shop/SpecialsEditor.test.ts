import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { specialsPart, type SpecialValue, type SpecialsValue } from '../../../../lib/shop/parts/specials.ts';
import { loadTenant } from '../../../../lib/tenant/load.ts';
import SpecialsEditor from './SpecialsEditor.tsx';

const shop = specialsPart.published(await loadTenant('tenants', 'bella-napoli'));
const feast = shop[2] as SpecialValue;
const replace = (value: SpecialsValue, next: SpecialValue) =>
  value.map((special) => (special.retailerSpecialId === next.retailerSpecialId ? next : special));

describe('specials: editor', () => {
  it('labels every field and shows the published price where it differs', () => {
    const value = replace(shop, { ...feast, priceCents: 6790, showInSpecialSelector: false });
    const html = renderToStaticMarkup(
      createElement(SpecialsEditor, { value, published: shop, onChange: () => {}, disabled: false }),
    );
    const ids = [...html.matchAll(/<(?:input|textarea)[^>]* id="([^"]+)"/g)].map((match) => match[1]);
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) expect(html).toContain(`for="${id}"`);
    expect(html).toContain('Now $64.00');
    expect(html).toContain('value="67.90"');
    expect(html).toContain('Differs from the shop: now hidden from Deals');
    expect(html).toContain('List it under Deals');
    expect(html).not.toContain('<h2');
  });

  it('says so when the shop has no specials', () => {
    expect(
      renderToStaticMarkup(
        createElement(SpecialsEditor, { value: [], published: [], onChange: () => {}, disabled: false }),
      ),
    ).toContain('no specials');
  });
});
