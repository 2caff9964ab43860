import { expect, test, type Locator } from '@playwright/test';
import { openShopAt } from './ordering-support.ts';

/**
 * fire-and-slice has a photo for 25 of its 34 dishes (tenants/fire-and-slice/public/photos): the
 * menu shows each as a thumbnail in AVIF or WebP at the width the screen needs, in a box sized
 * before it loads, fetched only as it comes near; the product builder shows it across its top.
 */
const PHOTOS = 25;

// Wednesday 25 November 2026, 7:00 pm in Melbourne: the shop is open.
const wednesdayEvening = '2026-11-25T08:00:00Z';

const screens = [
  // A 3x phone asks for the 400 variant of a 96 px thumbnail (a 4:3 photo covering it is drawn 128 px wide).
  {
    name: 'phone 390, touch',
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    deviceScaleFactor: 3,
    thumbnail: 96,
    variant: 400,
  },
  {
    name: 'desktop',
    viewport: { width: 1280, height: 800 },
    hasTouch: false,
    isMobile: false,
    deviceScaleFactor: 1,
    thumbnail: 112,
    variant: 200,
  },
];

const variants = (format: string) =>
  new RegExp(`^(/_images/[0-9a-f]{16})-200\\.${format} 200w, \\1-400\\.${format} 400w, \\1-800\\.${format} 800w$`);

const loaded = (photo: Locator) =>
  photo.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);

for (const screen of screens) {
  test.describe(screen.name, () => {
    test.use({
      viewport: screen.viewport,
      hasTouch: screen.hasTouch,
      isMobile: screen.isMobile,
      deviceScaleFactor: screen.deviceScaleFactor,
    });

    test('the menu shows each photo in a box sized before it loads, in AVIF or WebP at the width needed, fetched as it comes near', async ({
      page,
    }) => {
      const fetched = new Map<string, number>();
      page.on('requestfinished', async (request) => {
        const path = new URL(request.url()).pathname;
        if (path.startsWith('/_images/')) fetched.set(path, (await request.sizes()).responseBodySize);
      });
      await openShopAt(page, 'fire-and-slice', wednesdayEvening);
      const photos = page.locator('#menu [data-product-id] [data-product-photo]');
      await expect(photos).toHaveCount(PHOTOS);

      const markup = await photos.evaluateAll((pictures) =>
        pictures.map((picture) => {
          const img = picture.querySelector('img');
          const box = picture.getBoundingClientRect();
          return {
            sources: [...picture.querySelectorAll('source')].map((source) => [
              source.type,
              source.srcset,
              source.sizes,
            ]),
            width: Number(img?.getAttribute('width')),
            height: Number(img?.getAttribute('height')),
            loading: img?.getAttribute('loading'),
            decoding: img?.getAttribute('decoding'),
            alt: img?.getAttribute('alt'),
            box: [box.width, box.height],
          };
        }),
      );
      for (const photo of markup) {
        expect(photo.sources.map(([type]) => type)).toEqual(['image/avif', 'image/webp']);
        expect(photo.sources[0]?.[1]).toMatch(variants('avif'));
        expect(photo.sources[1]?.[1]).toMatch(variants('webp'));
        expect(photo).toMatchObject({
          width: 800,
          height: 600,
          loading: 'lazy',
          decoding: 'async',
          alt: '',
          box: [screen.thumbnail, screen.thumbnail],
        });
      }

      // The menu starts below the first screenful, and the last dishes' photos are not fetched yet.
      expect((await photos.first().boundingBox())?.y).toBeGreaterThan(screen.viewport.height);
      const last = photos.last();
      const lastName = (markup[markup.length - 1]?.sources[0]?.[1] ?? '').split('-')[0] ?? '';
      expect([...fetched.keys()].some((path) => path.startsWith(lastName))).toBe(false);
      expect(await loaded(last)).toBe(false);

      const card = last.locator('xpath=ancestor::li[@data-product-id]');
      const before = await card.evaluate((element) => [element.clientWidth, element.clientHeight]);
      await last.scrollIntoViewIfNeeded();
      await expect.poll(() => loaded(last)).toBe(true);
      expect(await last.locator('img').evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname)).toBe(
        `${lastName}-${screen.variant}.avif`,
      );
      // Its card kept its size when it arrived, so nothing below it moved.
      expect(await card.evaluate((element) => [element.clientWidth, element.clientHeight])).toEqual(before);
      expect(await last.boundingBox()).toMatchObject({ width: screen.thumbnail, height: screen.thumbnail });

      await expect.poll(() => fetched.has(`${lastName}-${screen.variant}.avif`)).toBe(true);
      for (const [path, bytes] of fetched) expect(bytes, path).toBeLessThanOrEqual(20 * 1024);
      const width = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
      }));
      expect(width).toEqual({ scrollWidth: screen.viewport.width, innerWidth: screen.viewport.width });
    });

    test('the product builder shows the dish across its top, inside the screen', async ({ page }) => {
      await openShopAt(page, 'fire-and-slice', wednesdayEvening);
      await page.locator('[data-product-id]', { hasText: 'Burrata' }).first().locator('[data-add-product]').click();
      const builder = page.getByRole('dialog', { name: 'Burrata' });
      const photo = builder.locator('[data-product-photo]');
      await expect(photo.locator('img')).toHaveAttribute('loading', 'eager');
      await expect.poll(() => loaded(photo)).toBe(true);
      expect(await photo.locator('img').evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname)).toMatch(
        /^\/_images\/[0-9a-f]{16}-800\.avif$/,
      );
      const [box, dialog] = [await photo.boundingBox(), await builder.boundingBox()];
      expect(box?.width).toBeCloseTo(dialog?.width ?? 0, 0);
      expect(box?.x).toBeCloseTo(dialog?.x ?? -1, 0);
      expect((box?.x ?? 0) + (box?.width ?? Infinity)).toBeLessThanOrEqual(screen.viewport.width);
      expect(box?.height).toBeCloseTo((box?.width ?? 0) / (screen.isMobile ? 2 : 2.5), 0);

      // A dish without a photo opens without one.
      await page.keyboard.press('Escape');
      await expect(builder).toHaveCount(0);
      await page
        .locator('[data-product-id]', { hasText: 'Ginger Kombucha' })
        .first()
        .locator('[data-add-product]')
        .click();
      const drink = page.getByRole('dialog', { name: 'Ginger Kombucha' });
      await expect(drink.locator('[data-builder-submit]')).toBeVisible();
      await expect(drink.locator('[data-product-photo]')).toHaveCount(0);
    });
  });
}
