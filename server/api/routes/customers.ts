import type { Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import {
  apiCalls,
  messages,
  RETAILER_DOMAIN_HEADER,
  retailerDomain,
  SESSION_COOKIE,
  type PrevOrder,
  type PrevOrderProduct,
} from '../../../lib/api/contract.ts';
import { toDollars } from '../../../lib/pricing/money.ts';
import { serveCall } from '../app.ts';
import type { ApiDeps } from '../deps.ts';
import type { ApiApp, ApiEnv } from '../env.ts';
import { hashPassword, verifyPassword } from '../services/passwords.ts';
import { readBody } from '../services/problems.ts';
import { clientAddress, throttle } from '../services/rate-limits.ts';
import { SESSION_DAYS, sessionTokenOf } from '../services/sessions.ts';
import { withStores } from '../store/stores.ts';

/** Enough history for "order again" without sending a regular's whole life story at every login. */
const PREVIOUS_ORDERS_SHOWN = 10;

function setSessionCookie(c: Context<ApiEnv>, token: string): void {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    maxAge: SESSION_DAYS * 24 * 60 * 60,
    secure: new URL(c.req.url).protocol === 'https:',
  });
}

async function previousOrders(
  deps: ApiDeps,
  customerId: number,
): Promise<{ prevOrders: PrevOrder[]; prevOrderProducts: PrevOrderProduct[] }> {
  const orders = await deps.orders.previousOrders(customerId, PREVIOUS_ORDERS_SHOWN);
  const products = await Promise.all(
    orders.map(async (order) =>
      (await deps.orders.products(order.orderId)).map((product) => ({
        ...product,
        encryptedOrderId: order.encryptedOrderId,
      })),
    ),
  );
  return {
    prevOrders: orders.map(({ orderId: _orderId, subTotalCents, historicDeliveryFeeCents, ...order }) => ({
      ...order,
      subTotal: toDollars(subTotalCents),
      historicDeliveryFee: toDollars(historicDeliveryFeeCents),
    })),
    prevOrderProducts: products.flat(),
  };
}

export function customerRoutes(app: ApiApp, deps: ApiDeps): void {
  const { tenants, db } = deps;

  const limits = deps.rateLimits;
  /** Per-account keys name the retailer too: the same email is a different account at another shop. */
  const accountKey = (retailerId: number, email: string) => `${retailerId}:${email}`;

  serveCall(app, tenants, 'login', async (c, { tenant }) => {
    const { email, password } = await readBody(c, apiCalls.login.body);
    const account = accountKey(tenant.config.retailerId, email);
    await throttle(
      'login attempts',
      deps.now(),
      [limits.loginPerAddress, clientAddress(c, deps.trustProxy)],
      [limits.loginPerEmail, account],
    );
    const customer = await deps.customers.findByEmail(tenant.config.retailerId, email);
    const verified = await verifyPassword(password, customer?.password);
    if (!customer || !verified) return { success: false, message: messages.loginFailed };
    await limits.loginPerEmail.forgive(account);
    const { customerId } = customer.custInfo;
    const sessionToken = await deps.sessions.open(customerId, deps.now());
    setSessionCookie(c, sessionToken);
    return { success: true, custInfo: customer.custInfo, ...(await previousOrders(deps, customerId)), sessionToken };
  });

  serveCall(app, tenants, 'logout', async (c) => {
    await deps.sessions.close(sessionTokenOf(c));
    deleteCookie(c, SESSION_COOKIE, { path: '/' });
    return { success: true };
  });

  serveCall(app, tenants, 'signup', async (c, { tenant }) => {
    const { password, ...details } = await readBody(c, apiCalls.signup.body);
    const retailerId = tenant.config.retailerId;
    await throttle('sign-ups', deps.now(), [limits.signupPerAddress, clientAddress(c, deps.trustProxy)]);
    const hash = await hashPassword(password);
    const created = await withStores(db, retailerId, async ({ customers, sessions }) => {
      if (await customers.findByEmail(retailerId, details.email)) return null;
      const now = deps.now();
      const custInfo = await customers.insert(retailerId, details, hash, now);
      return { custInfo, sessionToken: await sessions.open(custInfo.customerId, now) };
    });
    // Worded so it does not confirm the email has an account; the reset call is just as careful.
    if (!created) return { success: false, message: messages.signupRefused };
    setSessionCookie(c, created.sessionToken);
    return { success: true, ...created };
  });

  serveCall(app, tenants, 'requestPasswordReset', async (c, { tenant }) => {
    const { email } = await readBody(c, apiCalls.requestPasswordReset.body);
    const retailerId = tenant.config.retailerId;
    await throttle(
      'password reset requests',
      deps.now(),
      [limits.resetRequestPerAddress, clientAddress(c, deps.trustProxy)],
      [limits.resetRequestPerEmail, accountKey(retailerId, email)],
    );
    const issued = await withStores(db, retailerId, async ({ customers, passwordResets }) => {
      const customer = await customers.findByEmail(retailerId, email);
      return customer
        ? {
            email: customer.custInfo.email,
            token: await passwordResets.issue(customer.custInfo.customerId, retailerId, deps.now()),
          }
        : null;
    });
    if (issued && deps.logResetLinks) {
      // The reference API has no mail server: in development the link goes to the log instead of a mailbox.
      const domain = retailerDomain.parse(c.req.header(RETAILER_DOMAIN_HEADER));
      deps.log(`password reset for ${issued.email}: http://${domain}/reset-password?token=${issued.token}`);
    }
    return { success: true, message: messages.passwordResetRequested };
  });

  serveCall(app, tenants, 'resetPassword', async (c, { tenant }) => {
    const { token, password } = await readBody(c, apiCalls.resetPassword.body);
    const retailerId = tenant.config.retailerId;
    await throttle('password reset attempts', deps.now(), [
      limits.resetPasswordPerAddress,
      clientAddress(c, deps.trustProxy),
    ]);
    const hash = await hashPassword(password);
    const changed = await withStores(db, retailerId, async ({ customers, sessions, passwordResets }) => {
      const customerId = await passwordResets.redeem(token, retailerId, deps.now());
      if (customerId === null) return false;
      await customers.setPassword(customerId, hash);
      await sessions.closeAll(customerId);
      return true;
    });
    return changed
      ? { success: true, message: messages.passwordChanged }
      : { success: false, message: messages.resetLinkExpired };
  });
}
