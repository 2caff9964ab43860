import { expect, test } from '@playwright/test';
import { laterPickupAtCheckout, markProcessed, openShopNow, savedOrder } from './ordering-support.ts';

test('sign up, order, log out and in: statuses 63 and 64 in order, previous orders listed, and "Order again" refills the cart', async ({
  page,
}) => {
  const statuses: number[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/order/create-order-status'))
      statuses.push(
        (request.postDataJSON() as { orderStatus: { orderStatusTypeId: number } }).orderStatus.orderStatusTypeId,
      );
  });
  await openShopNow(page, 'harbour-pizza');
  const email = `guest-${Date.now()}@example.com`;
  await page.getByRole('link', { name: 'Account' }).click();
  const account = page.getByRole('dialog', { name: 'Log in or sign up' });
  await account.getByRole('button', { name: 'Sign up' }).click();
  await account.getByLabel('Full name').fill('Katherine Johnson');
  await account.getByLabel('Email').fill(email);
  await account.getByLabel('Phone').fill('0400 555 666');
  await account.getByLabel('Password').fill('correct horse battery');
  await account.getByRole('button', { name: 'Create account' }).click();
  const signedIn = page.getByRole('dialog', { name: 'Your account' });
  await expect(signedIn).toContainText('Katherine Johnson');
  // Escape would first close a closing-time toast, which is the newest layer when the shop closes soon.
  await signedIn.getByRole('button', { name: 'Close' }).click();

  const checkout = await laterPickupAtCheckout(page);
  await expect(checkout.getByLabel('Name')).toHaveValue('Katherine Johnson');
  await expect(checkout.getByLabel('Email')).toHaveValue(email);
  await checkout.getByRole('button', { name: /^Place order/ }).click();
  await expect(page).toHaveURL(/\/order\/\?id=/);
  await markProcessed('harbour-pizza', new URL(page.url()).searchParams.get('id') ?? '');

  await page.goto(new URL('/', page.url()).toString());
  await page.getByRole('link', { name: 'Account' }).click();
  await page.getByRole('dialog', { name: 'Your account' }).getByRole('button', { name: 'Log out' }).click();
  const loggedOut = page.getByRole('dialog', { name: 'Log in or sign up' });
  await loggedOut.getByLabel('Email').fill(email);
  await loggedOut.getByLabel('Password').fill('wrong password');
  await loggedOut.getByRole('button', { name: 'Log in' }).last().click();
  await expect(loggedOut.getByRole('alert')).toHaveText('Incorrect email or password.');
  await loggedOut.getByLabel('Password').fill('correct horse battery');
  await loggedOut.getByRole('button', { name: 'Log in' }).last().click();
  const previous = page.getByRole('dialog', { name: 'Your account' }).locator('[data-previous-orders] li');
  await expect(previous).toHaveCount(1);
  await previous.getByRole('button', { name: 'Order again' }).click();
  await expect(page.getByRole('dialog', { name: 'Your order' }).locator('[data-cart-line]')).toHaveCount(1);
  expect((await savedOrder(page)).products).toHaveLength(1);
  await expect.poll(() => statuses.filter((code) => code === 63 || code === 64)).toEqual([63, 64, 63]);
});
