import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { stackApiUrl, tenantUrl } from './urls.ts';

/** The reference API has no mail server: it logs the reset link, which the stack log keeps. */
async function resetLinkFor(email: string): Promise<string> {
  const logFile = process.env['E2E_STACK_LOG'] ?? '';
  let link: string | undefined;
  await expect
    .poll(async () => {
      const log = await readFile(logFile, 'utf8');
      link = new RegExp(`password reset for ${email.replace(/[.+]/g, '\\$&')}: (\\S+)`).exec(log)?.[1];
      return link;
    })
    .toBeTruthy();
  return link ?? '';
}

test('a customer who forgot their password sets a new one from the emailed link', async ({ page, request }) => {
  const email = `forgetful-${Date.now()}@example.com`;
  const domain = { 'x-retailer-domain': 'bella-napoli.localhost' };
  const signup = await request.post(stackApiUrl('/api/customer/signup'), {
    headers: domain,
    data: { fullName: 'Fran Forgetful', email, phoneNumber: '0400 000 000', password: 'first-password' },
  });
  expect((await signup.json()) as { success: boolean }).toMatchObject({ success: true });

  await page.goto(tenantUrl('bella-napoli', '/reset-password'));
  // The form is an island that loads with the page: what is typed before it hydrates is not its state.
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send me a reset link' }).click();
  await expect(page.getByRole('status')).toHaveText(/If an account exists for that email/);

  const link = await resetLinkFor(email);
  expect(new URL(link).host).toBe(new URL(tenantUrl('bella-napoli')).host);
  await page.goto(link);
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await page.getByLabel('New password', { exact: true }).fill('second-password');
  await page.getByLabel('Confirm new password').fill('second-passwort');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByRole('alert')).toHaveText('The two passwords are not the same.');

  await page.getByLabel('Confirm new password').fill('second-password');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByRole('status')).toHaveText(/Your password has been changed/);

  const login = (password: string) =>
    request
      .post(stackApiUrl('/api/customer/login'), { headers: domain, data: { email, password } })
      .then((response) => response.json() as Promise<{ success: boolean }>);
  expect(await login('second-password')).toMatchObject({ success: true });
  expect(await login('first-password')).toMatchObject({ success: false });

  await page.goto(link);
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await page.getByLabel('New password', { exact: true }).fill('third-password');
  await page.getByLabel('Confirm new password').fill('third-password');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByRole('alert')).toHaveText(/expired or was already used/);
});
