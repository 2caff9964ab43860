import { expect, test, type Browser, type Page } from '@playwright/test';
import { LAST_OWNER_REFUSED, STAFF_SIGN_IN_FAILED, staffPaths } from '../../lib/api/staff-contract.ts';
import { staffMessages } from '../../apps/console/shell/messages.ts';
import { SESSION_STORAGE_KEY } from '../../apps/console/shell/session-mark.ts';
import { expectNoSidewaysScroll, seriousViolations } from './screen-support.ts';
import { signInToConsole, submitConsoleSignIn } from './console-support.ts';
import { stackPort } from './urls.ts';

/**
 * Taking staff access back from the console (issue 29, item 1) on the real stack the global setup
 * starts: an owner adds a kitchen member, who signs in on another device; the owner disables them
 * and their open console goes back to sign-in at its next call. The shop's one owner cannot be
 * disabled, demoted or removed, and the screen and the server say why. fire-and-slice's sample
 * staff (`npm start` seeds them, README) are used by no other journey, and this one only adds.
 */

const SHOP = 'fire-and-slice';

const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const tablet = { viewport: { width: 768, height: 1024 }, isMobile: true, hasTouch: true };

const sections = (page: Page) => page.getByRole('navigation', { name: 'Console sections' });
const memberCard = (page: Page, name: string) => page.getByRole('article', { name });

async function openStaff(page: Page): Promise<void> {
  await sections(page).getByRole('link', { name: 'Staff' }).click();
  await expect(page.getByRole('heading', { name: 'Staff', level: 1 })).toBeVisible();
}

/** Nothing wider than the screen, no serious accessibility issue, and every button of the view at least 44 px tall. */
async function expectFitsAndAccessible(page: Page, where: string): Promise<void> {
  await expectNoSidewaysScroll(page, where);
  expect(await seriousViolations(page), where).toEqual([]);
  for (const button of await page.getByRole('main').getByRole('button').all()) {
    const box = await button.boundingBox();
    expect(box?.height ?? 0, `${where}: ${await button.innerText()}`).toBeGreaterThanOrEqual(44);
  }
}

async function newPage(browser: Browser, screen: typeof phone, colorScheme: 'light' | 'dark'): Promise<Page> {
  const context = await browser.newContext({ ...screen, colorScheme });
  return context.newPage();
}

test('an owner adds a kitchen member who signs in elsewhere; disabled, the member’s open console is signed out at its next call', async ({
  browser,
}) => {
  const stamp = Date.now();
  const cook = { name: `Cook ${stamp}`, email: `cook-${stamp}@${SHOP}.test`, password: `first-shift-${stamp}` };

  const owner = await newPage(browser, phone, 'light');
  await signInToConsole(owner, SHOP, 'owner');
  await openStaff(owner);
  const add = owner.getByRole('region', { name: 'Add a member' });
  await add.getByLabel('Email', { exact: true }).fill(cook.email);
  await add.getByLabel('Name', { exact: true }).fill(cook.name);
  await expect(add.getByLabel('Role', { exact: true })).toHaveValue('kitchen');
  await add.getByLabel('First password', { exact: true }).fill(cook.password);
  await add.getByRole('button', { name: 'Add member' }).click();
  await expect(owner.getByRole('status').filter({ hasText: `Added ${cook.name}` })).toContainText(
    'as Kitchen: they can sign in now',
  );
  await expect(memberCard(owner, cook.name)).toContainText('Active');
  await expect(add.getByLabel('Email', { exact: true })).toHaveValue('');
  await expectFitsAndAccessible(owner, 'Staff at 390 px, light');

  const member = await newPage(browser, tablet, 'dark');
  await submitConsoleSignIn(member, SHOP, cook.email, cook.password);
  await expect(member.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
  await openStaff(member);
  // A kitchen member sees only their own password, not the team.
  await expect(member.getByRole('heading', { name: 'Change my password' })).toBeVisible();
  await expect(member.getByRole('heading', { name: 'Members' })).toHaveCount(0);
  await expectFitsAndAccessible(member, 'Staff at 768 px, dark, as kitchen');

  const card = memberCard(owner, cook.name);
  await card.getByRole('button', { name: 'Disable' }).click();
  await expect(card.getByRole('status')).toHaveText(
    `${cook.name} is disabled: signed out everywhere and cannot sign in.`,
  );
  await expect(card).toContainText('Disabled');
  await expect(card.getByRole('button', { name: 'Enable' })).toBeEnabled();

  // The member's console still shows; its next call (Bookings loads on opening) finds the session gone.
  await sections(member).getByRole('link', { name: 'Bookings' }).click();
  await expect(member.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(member.getByText(staffMessages.sessionEnded)).toBeVisible();
  await submitConsoleSignIn(member, SHOP, cook.email, cook.password);
  await expect(member.getByRole('alert')).toHaveText(STAFF_SIGN_IN_FAILED);

  // The list as the server has it now, not only as this console changed it.
  await owner.getByRole('button', { name: 'Refresh' }).click();
  await expect(memberCard(owner, cook.name)).toContainText('Disabled');
  await expect(owner.getByRole('main')).toContainText('disabled');
  await owner.context().close();
  await member.context().close();
});

test('the shop’s one owner cannot be disabled, demoted or removed: the card says why, and the server refuses in the same words', async ({
  browser,
}) => {
  const page = await newPage(
    browser,
    { viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false },
    'dark',
  );
  await signInToConsole(page, SHOP, 'owner');
  await openStaff(page);
  const card = memberCard(page, 'Rosa Esposito (you)');
  await expect(card).toContainText(LAST_OWNER_REFUSED);
  // Signed in just now, on the shop's clock (with the day only if the shop's midnight passed meanwhile).
  await expect(card).toContainText(/Last signed in (\w{3} \d{1,2} \w{3}, )?\d{1,2}:\d{2} [ap]m/);
  for (const name of ['Disable', 'Remove', 'Make kitchen'])
    await expect(card.getByRole('button', { name }), name).toBeDisabled();
  await expectFitsAndAccessible(page, 'Staff at 1280 px, dark');

  const token = await page.evaluate(
    (key) => (JSON.parse(sessionStorage.getItem(key) ?? '{}') as { token?: string }).token ?? '',
    SESSION_STORAGE_KEY,
  );
  const staffId = Number(await card.getAttribute('data-staff'));
  const api = `http://localhost:${stackPort('E2E_API_PORT')}`;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  for (const [path, method, body] of [
    [staffPaths.account(staffId), 'PUT', { disabled: true }],
    [staffPaths.account(staffId), 'PUT', { role: 'kitchen' }],
    [staffPaths.removeAccount(staffId), 'POST', undefined],
  ] as const) {
    const answer = await fetch(`${api}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    expect(answer.status, `${method} ${path}`).toBe(409);
    expect(await answer.json()).toEqual({ error: LAST_OWNER_REFUSED });
  }
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(card).toContainText('Active');
  await page.context().close();
});
