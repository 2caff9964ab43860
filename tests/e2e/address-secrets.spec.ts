import { expect, test, type Request } from '@playwright/test';
import { addProduct, checkoutWithNotes, orderForALaterSlot, openShopNow, settle } from './ordering-support.ts';
import { expectNoSidewaysScroll, seriousViolations } from './screen-support.ts';
import { stackApiUrl, tenantUrl } from './urls.ts';

/**
 * The confirmation page's order id and a reset link's token live in the page's address. On
 * bella-napoli, whose analytics go to the local API's /matomo.php, neither may leave the site: not
 * in the tracked addresses, not in a Referer, not to any other host. The order id alone must not
 * read the customer's details either.
 */

const smallPhone = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
test.use(smallPhone);

interface Sent {
  url: URL;
  body: string;
  referer: string;
}

const siteOrigin = new URL(tenantUrl('bella-napoli')).origin;
const contact = { name: 'Grace Hopper', phone: '0400 111 222', email: 'grace.secret@example.com' };
const notes = 'Leave it with the concierge';

test('the order id, its receipt and a reset token stay on the site, and the order id alone reads no contact details', async ({
  page,
  request,
}) => {
  // A whole order placed through the shop: more than the default 30 s on a busy machine.
  test.setTimeout(90_000);
  const sent: Sent[] = [];
  const record = async (outgoing: Request) => {
    const headers = await outgoing.allHeaders().catch(() => ({}) as Record<string, string>);
    sent.push({ url: new URL(outgoing.url()), body: outgoing.postData() ?? '', referer: headers['referer'] ?? '' });
  };
  page.context().on('request', (outgoing) => void record(outgoing));
  await page
    .context()
    .route('https://www.instagram.com/**', (route) => route.fulfill({ body: 'instagram', contentType: 'text/html' }));
  const trackedPages = () =>
    sent
      .filter(({ url }) => url.origin === stackApiUrl() && url.pathname === '/matomo.php')
      .map(({ url }) => url.searchParams.get('url'));

  await openShopNow(page, 'bella-napoli');
  // Two dishes clear bella-napoli's $30 delivery minimum.
  await addProduct(page);
  await addProduct(page);
  await page.locator('[data-order-time-bar]').getByRole('button', { name: 'Delivery' }).click();
  await orderForALaterSlot(page);
  const checkout = await checkoutWithNotes(page, notes);
  await checkout.getByLabel('Name').fill(contact.name);
  await checkout.getByLabel('Phone').fill(contact.phone);
  await checkout.getByLabel('Email').fill(contact.email);
  await checkout.getByLabel('Street address').fill('12 Lygon Street');
  await checkout.getByLabel('Suburb').selectOption({ label: 'Carlton 3053' });
  await checkout.getByRole('button', { name: /^Place order/ }).click();

  // The receipt rides in the fragment: the page shows everything to the customer who just ordered.
  await expect(page).toHaveURL(/\/order\/\?id=[^#]+#receipt=/);
  const address = new URL(page.url());
  const id = address.searchParams.get('id') ?? '';
  const receipt = new URLSearchParams(address.hash.slice(1)).get('receipt') ?? '';
  expect(id).not.toBe('');
  expect(receipt.length).toBeGreaterThanOrEqual(20);
  await expect(page.locator('meta[name="referrer"]')).toHaveAttribute('content', 'strict-origin-when-cross-origin');
  await expect(page.locator('[data-order-place]')).toHaveText('12 Lygon Street, Carlton 3053');
  await expect(page.locator('[data-order-notes]')).toHaveText(notes);
  await expect(page.getByText(`${contact.name} · ${contact.phone}`)).toBeVisible();
  await settle(page);
  await expect.poll(trackedPages, { timeout: 10_000 }).toContain(`${siteOrigin}/order/`);

  // A link out of the confirmation page tells the other site where the visitor came from, no more.
  const popup = page.waitForEvent('popup');
  await page.getByRole('link', { name: 'Instagram' }).click();
  await (await popup).close();
  const instagramReferers = () => [
    ...new Set(sent.filter(({ url }) => url.hostname === 'www.instagram.com').map(({ referer }) => referer)),
  ];
  await expect.poll(instagramReferers).toEqual([`${siteOrigin}/`]);

  // The same page by the order id alone (a shared or logged address): the order, but not the customer.
  await page.goto(tenantUrl('bella-napoli', `/order/?id=${encodeURIComponent(id)}`));
  await expect(page.locator('[data-order-withheld]')).toContainText(
    'Your contact details, delivery address and notes are hidden to keep them private.',
  );
  await expect(page.locator('[data-order-number]')).toHaveText(/^#\d+$/);
  const main = page.locator('main');
  for (const secret of [contact.name, contact.phone, contact.email, 'Lygon', notes])
    await expect(main).not.toContainText(secret);
  await expectNoSidewaysScroll(page);
  expect(await seriousViolations(page)).toEqual([]);

  const withIdOnly = await request.post(`${stackApiUrl()}/api/order/get-order`, {
    headers: { 'x-retailer-domain': new URL(siteOrigin).host },
    data: { encryptedOrderId: id },
  });
  expect(withIdOnly.status()).toBe(200);
  const answer = await withIdOnly.text();
  expect(JSON.parse(answer)).toMatchObject({ placement: { isPickup: false }, placementDetails: null });
  for (const secret of ['Grace', 'Hopper', contact.phone, contact.email, 'Lygon', 'concierge'])
    expect(answer).not.toContain(secret);

  // A reset link's token, and the page the visitor goes to next, whose referrer is the reset link.
  const token = 'r3set-T0ken_of-the-emailed-link-0123456789abcd';
  await page.goto(tenantUrl('bella-napoli', `/reset-password?token=${token}`));
  await settle(page);
  await expect.poll(trackedPages, { timeout: 10_000 }).toContain(`${siteOrigin}/reset-password`);
  await page.getByRole('link', { name: 'Back to the menu' }).click();
  await settle(page);
  await expect
    .poll(
      () =>
        sent.some(
          ({ url }) =>
            url.pathname === '/matomo.php' && url.searchParams.get('urlref') === `${siteOrigin}/reset-password`,
        ),
      { timeout: 10_000 },
    )
    .toBe(true);

  const secrets = [id, encodeURIComponent(id), receipt, token];
  const offSite = sent.filter(({ url }) => url.origin !== siteOrigin);
  expect(offSite.length).toBeGreaterThan(0);
  for (const { url, body, referer } of offSite) {
    const where = `${url.origin}${url.pathname}`;
    for (const secret of secrets) {
      expect(url.href, where).not.toContain(secret);
      expect(referer, where).not.toContain(secret);
    }
    // The shop's own API is told the order (that is how the page reads it) and its receipt; nothing else carries them.
    const ownOrderCall = url.origin === stackApiUrl() && url.pathname.startsWith('/api/order/');
    for (const secret of ownOrderCall ? [token] : secrets) expect(body, where).not.toContain(secret);
    if (ownOrderCall && body.includes(receipt)) expect(url.pathname).toBe('/api/order/get-order');
  }
});
