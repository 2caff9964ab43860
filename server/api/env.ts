import type { HttpBindings } from '@hono/node-server';
import type { Hono } from 'hono';
import type { ServedTenant } from './services/tenants.ts';
import type { StaffAccount } from './store/staff.ts';

/** `incoming` is missing when the app is called without a server (app.request in tests). */
export type ApiEnv = { Bindings: Partial<HttpBindings>; Variables: { served: ServedTenant } };
export type ApiApp = Hono<ApiEnv>;

/** The signed-in staff member of a request, their retailer and the token they came with. */
interface SignedIn {
  account: StaffAccount;
  served: ServedTenant;
  token: string;
}

/** The staff sub-app's (routes/staff.ts): its sign-in middleware sets `signedIn` for every route behind it. */
export type StaffEnv = { Bindings: ApiEnv['Bindings']; Variables: { signedIn: SignedIn } };
