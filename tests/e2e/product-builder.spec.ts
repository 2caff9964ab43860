import { expect, test, type Locator } from '@playwright/test';
import { centsOf, openShopAt } from './ordering-support.ts';
import { expectInsideScreen, seriousViolations } from './screen-support.ts';

// Wednesday 25 November 2026, 7:00 pm in Melbourne: every sample shop takes orders.
const wednesdayEvening = '2026-11-25T08:00:00Z';

const screens = [
  {
    name: 'a 390 px phone (touch)',
    touch: true,
    use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
  },
  { name: 'a desktop', touch: false, use: { viewport: { width: 1280, height: 800 } } },
];

for (const screen of screens) {
  test.describe(`the product builder on ${screen.name}`, () => {
    test.use(screen.use);
    const press = (target: Locator) => (screen.touch ? target.tap() : target.click());

    test('marks required choices, prices the button from the start and points at a missing choice', async ({
      page,
    }) => {
      await openShopAt(page, 'crust-and-co', wednesdayEvening);
      await press(page.getByRole('link', { name: 'Add Plain Cheese', exact: true }).first());
      const builder = page.getByRole('dialog', { name: 'Plain Cheese' });
      await expect(builder).toBeVisible();
      await expectInsideScreen(page, builder, 'the builder');

      await expect(builder.getByRole('group', { name: 'Size Required' })).toBeVisible();
      await expect(builder.getByRole('group', { name: 'Crust Required' })).toBeVisible();
      await expect(builder.getByRole('group', { name: 'Cut Optional' })).toBeVisible();
      await expect(builder.getByRole('group', { name: /^Half & half .*Optional$/ })).toBeVisible();
      await expect(builder.getByRole('region', { name: 'Make it yours' }).getByText('Optional')).toBeVisible();

      // A slice with the cheapest crust is the least it can cost.
      const submit = builder.locator('[data-builder-submit]');
      await expect(submit).toHaveAccessibleName('Add to cart from $6.00');
      await press(submit);
      await expect(builder.getByRole('alert')).toHaveText('Choose a crust.');
      const firstCrust = builder.getByLabel('Classic New York');
      await expect(firstCrust).toBeFocused();
      await expect(firstCrust).toBeInViewport();
      await expect(builder.getByRole('group', { name: 'Crust Required' })).toHaveAccessibleDescription(
        'Choose a crust',
      );
      expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);

      await builder.getByLabel('Garlic-butter crust').check();
      await expect(builder.getByRole('alert')).toHaveCount(0);
      await expect(submit).toHaveAccessibleName('Add to cart $7.00');
      await press(builder.getByRole('button', { name: 'More: Quantity' }));
      await expect(submit).toHaveAccessibleName('Add to cart $14.00');
      await expectInsideScreen(page, builder, 'the builder');
    });

    test('splits only what the shop says it splits, titles both halves and labels extras on a half at what they cost', async ({
      page,
    }) => {
      await openShopAt(page, 'crust-and-co', wednesdayEvening);
      await expect(
        page.getByText('Any two can be made half & half in Medium 14" or Large 18" (+$3.00).'),
      ).toBeVisible();
      await press(page.getByRole('link', { name: 'Add Plain Cheese', exact: true }).first());
      const builder = page.getByRole('dialog', { name: 'Plain Cheese' });
      const halves = builder.getByRole('group', { name: /^Half & half/ });

      // "Whole pies can be split half and half": a slice cannot be.
      await expect(builder.getByRole('radio', { name: /^Slice / })).toBeChecked();
      await expect(halves).toContainText('Choose Medium 14" or Large 18" to make it half & half.');
      await expect(halves.getByLabel('Other half')).toHaveCount(0);

      await builder.getByLabel('Large 18"').check();
      await builder.getByLabel('Garlic-butter crust').check();
      const whole = builder.getByRole('region', { name: 'Make it yours' });
      await expect(whole.locator('[data-extra="Low-moisture mozzarella"] [data-extra-price]')).toHaveText('+$2.00');

      await expect(halves).toContainText("Half & half (the dearer pizza's price, plus $3.00)");
      await halves.getByLabel('Other half').selectOption({ label: 'Half Pepperoni · $40.00' });
      await expect(page.getByRole('dialog', { name: 'Plain Cheese / Pepperoni' })).toBeVisible();
      await expect(builder.getByRole('heading', { name: 'Plain Cheese / Pepperoni' })).toBeVisible();
      // crust-and-co charges the dearer half ($36) plus $3, and extras on a half at half price.
      const submit = builder.locator('[data-builder-submit]');
      await expect(submit).toHaveAccessibleName('Add to cart $40.00');
      const firstHalf = builder.getByRole('region', { name: 'Plain Cheese half' });
      const secondHalf = builder.getByRole('region', { name: 'Pepperoni half' });
      await expect(firstHalf).toContainText('Extras and left-off ingredients on a half count at half price.');
      await expect(firstHalf.locator('[data-extra="Low-moisture mozzarella"] [data-extra-price]')).toHaveText('+$1.00');
      await expect(secondHalf.locator('[data-extra="Low-moisture mozzarella"] [data-extra-price]')).toHaveText(
        '+$1.00',
      );
      await press(secondHalf.getByRole('button', { name: 'More: Extra Low-moisture mozzarella' }));
      await expect(submit).toHaveAccessibleName('Add to cart $41.00');
      expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);

      // Back to a slice with the half still chosen: the button says from what, and adding says why not.
      await builder.getByRole('radio', { name: /^Slice / }).check();
      await expect(submit).toHaveAccessibleName('Add to cart from $7.00');
      await press(submit);
      await expect(builder.getByRole('alert')).toHaveText('Half & half is made in Medium 14" or Large 18" only.');
      await expect(halves.getByLabel('Other half')).toBeFocused();
      await builder.getByLabel('Large 18"').check();
      await expect(builder.getByRole('alert')).toHaveCount(0);
      await expectInsideScreen(page, builder, 'the builder');

      const builderCents = centsOf(await builder.locator('[data-builder-price]').textContent());
      expect(builderCents).toBe(4100);
      await press(submit);
      await expect(builder).toHaveCount(0);

      await press(page.locator('[data-cart-button]').first());
      const cart = page.getByRole('dialog', { name: 'Your order' });
      const line = cart.locator('[data-cart-line]');
      await expect(line.getByText('Plain Cheese / Pepperoni', { exact: true }).first()).toBeVisible();
      await expect(line).toContainText('Pepperoni half: Extra Low-moisture mozzarella');
      expect(centsOf(await line.locator('[data-line-price]').textContent())).toBe(builderCents);

      // Editing the line reopens the builder under both names.
      await press(line.getByRole('button', { name: /^Edit/ }));
      await expect(
        page.getByRole('dialog', { name: 'Plain Cheese / Pepperoni' }).locator('[data-builder-submit]'),
      ).toHaveAccessibleName('Update item $41.00');
    });

    test('harbour-pizza splits any large or family pizza and not a medium', async ({ page }) => {
      await openShopAt(page, 'harbour-pizza', wednesdayEvening);
      await expect(page.getByText('Split any large or family pizza in half.')).toBeVisible();
      await expect(
        page.getByText('Any two can be made half & half in Large 13" or Family 15" (+$2.00).'),
      ).toBeVisible();
      await press(page.getByRole('link', { name: 'Add Margherita', exact: true }).first());
      const builder = page.getByRole('dialog', { name: 'Margherita' });
      const halves = builder.getByRole('group', { name: /^Half & half/ });
      await expect(builder.getByLabel('Medium 11"')).toBeChecked();
      await expect(halves).toContainText('Choose Large 13" or Family 15" to make it half & half.');
      await expect(halves.getByLabel('Other half')).toHaveCount(0);
      for (const size of ['Large 13"', 'Family 15"']) {
        await builder.getByLabel(size).check();
        await expect(halves).toContainText('Made in Large 13" or Family 15".');
        await expect(halves.getByLabel('Other half').locator('option', { hasText: 'Half Pepperoni' })).toHaveCount(1);
      }
      await expectInsideScreen(page, builder, 'the builder');
    });
  });
}
