import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { DEFAULT_OPERATOR_TOKEN, operatorPaths } from '../../server/api/operator/operator-contract.ts';
import { addProduct, openShopNow, savedOrder } from './ordering-support.ts';
import { consoleUrl, stackApiUrl, tenantUrl } from './urls.ts';

/**
 * The Content-Security-Policy as the second wall (issue 29): the shops' and the console's own
 * scripts run under it, while a script injected into the page, as an element or an event handler
 * attribute, does not, and the browser's report of it reaches the error log.
 */

/** Every violation the page meets, recorded from before its first script (an init script runs outside the policy). */
async function recordViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { cspViolations: seen });
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.effectiveDirective} ${event.blockedURI} ${event.sample}`),
    );
  });
}

const violations = (page: Page) =>
  page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

/** Adds a script element and an image whose onerror attribute would run, each setting `marker` on window if it ran. */
async function inject(page: Page, marker: string): Promise<void> {
  await page.evaluate((name) => {
    const script = document.createElement('script');
    script.textContent = `window['${name}'] = 'element'`;
    document.body.append(script);
    const image = document.createElement('img');
    image.setAttribute('onerror', `window['${name}-attribute'] = true`);
    image.src = 'data:,not-an-image';
    document.body.append(image);
  }, marker);
}

async function expectBlocked(page: Page, marker: string): Promise<void> {
  await expect.poll(() => violations(page)).toContainEqual(expect.stringContaining(marker));
  expect(await page.evaluate((name) => [name, `${name}-attribute`].filter((key) => key in window), marker)).toEqual([]);
}

test('a shop page runs its own scripts and islands, blocks an injected script and reports it to the error log', async ({
  page,
}) => {
  await recordViolations(page);
  const answer = page.waitForResponse((response) => response.url() === tenantUrl('bella-napoli'));
  await openShopNow(page, 'bella-napoli');
  const policy = (await (await answer).allHeaders())['content-security-policy'] ?? '';
  expect(policy).toMatch(/(^|; )script-src 'self' 'sha256-/);
  expect(policy).not.toContain('unsafe-inline');
  expect(policy).toContain(`report-uri ${stackApiUrl('/api/logs/csp-report?site=bella-napoli.localhost')}`);

  await addProduct(page);
  expect((await savedOrder(page)).products).toHaveLength(1);
  expect(await violations(page)).toEqual([]);

  const marker = `injected-${Date.now()}`;
  await inject(page, marker);
  await expectBlocked(page, marker);
  await expect
    .poll(async () => {
      const logs = await fetch(stackApiUrl(operatorPaths.errorLogs('bella-napoli', 20)), {
        headers: { authorization: `Bearer ${DEFAULT_OPERATOR_TOKEN}` },
      });
      return ((await logs.json()) as { errorType: string; additionalContext: unknown }[]).filter(
        (entry) => entry.errorType === 'csp' && JSON.stringify(entry.additionalContext).includes(marker),
      ).length;
    })
    .toBeGreaterThan(0);
});

test('the other website’s pages, a custom page, the not-found page and an inactive shop’s redirect run their inline scripts under the policy', async ({
  page,
}) => {
  // The console's errors outlast a navigation, which the page's own list does not.
  const refused: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) refused.push(`${page.url()}: ${message.text()}`);
  });
  await page.goto(tenantUrl('bella-napoli', '/?retailerWebsiteId=1112'));
  await expect(page).toHaveURL(/\/website\/1112/);
  await page.goto(tenantUrl('bella-napoli', '/about'));
  await expect(page.locator('html')).toHaveAttribute('data-website', '1112');
  await page.goto(tenantUrl('bella-napoli', '/no-such-page'));
  await expect(page.getByText('Page Not Found: /no-such-page')).toBeVisible();
  await page.route('https://order.example.com/**', (route) =>
    route.fulfill({ body: 'moved', contentType: 'text/plain' }),
  );
  await page.goto(tenantUrl('old-mill-pizza'));
  await expect(page).toHaveURL('https://order.example.com/?retid=222');
  expect(refused).toEqual([]);
});

test('the staff console signs in under its policy, blocks an injected script and reports it', async ({ page }) => {
  await recordViolations(page);
  const answer = page.waitForResponse((response) => response.url() === consoleUrl());
  await page.goto(consoleUrl());
  const policy = (await (await answer).allHeaders())['content-security-policy'] ?? '';
  expect(policy).toMatch(/(^|; )script-src 'self' 'sha256-/);
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).not.toContain('unsafe-inline');

  await page.getByLabel('Shop').fill('harbour-pizza');
  await page.getByLabel('Email').fill('kitchen@harbour-pizza.test');
  await page.getByLabel('Password').fill('harbour-pizza-kitchen');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
  expect(await violations(page)).toEqual([]);

  const marker = `injected-${Date.now()}`;
  await inject(page, marker);
  await expectBlocked(page, marker);
  // The console belongs to no shop: the API writes its reports to its own log.
  await expect
    .poll(
      async () =>
        (await readFile(process.env['E2E_STACK_LOG'] ?? '', 'utf8')).includes(
          `csp: staff console: {"errorType":"csp"`,
        ) && (await readFile(process.env['E2E_STACK_LOG'] ?? '', 'utf8')).includes(marker),
    )
    .toBe(true);
});
