import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { apiCalls } from '../../../../lib/api/contract.ts';
import { shopPaths, shopResponseSchema } from '../../../../lib/api/shop-contract.ts';
import { startApiProcess, type ApiProcess } from '../../../../scripts/lib/api-process.ts';
import { freePort } from '../../../broker/mqtt-test-support.ts';
import { HOST, OPERATOR_TOKEN, STAFF_SECRET, bearer, type TestApi } from './test-support.ts';

/**
 * The crash tests' publishes: publish `n` sets Margherita Small to $5 + n × 10c (so it is also the
 * dish's minPrice in both menu files) and Sunday's close to 22:00 + n minutes, three files in all.
 * Reading which `n` each file, record and process holds tells a whole publish from a half one.
 */
const MARGHERITA = 101;
const SMALL = 11;
const BASE_CENTS = 500;
/** What the fixture holds before any publish: no `n` (Small is $12, Sunday closes at 22:00). */
export const FIXTURE_STATE = -1;

export const publishedCents = (n: number) => BASE_CENTS + 10 * n;
const sundayEnd = (n: number) => {
  const minutes = 22 * 60 + n;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
};
/** The publish `n` a price in cents or a Sunday close stands for; FIXTURE_STATE for the fixture's, NaN for anything else. */
const fromCents = (cents: number) => (cents === 1200 ? FIXTURE_STATE : (cents - BASE_CENTS) / 10);
const fromSundayEnd = (end: string | null | undefined) => {
  const [hours, minutes] = (end ?? '').split(':').map(Number);
  const n = (hours ?? NaN) * 60 + (minutes ?? NaN) - 22 * 60;
  return n === 0 ? FIXTURE_STATE : n;
};

const detailsFile = z.array(
  z.object({
    productId: z.number(),
    minPrice: z.number(),
    productSizes: z.array(z.object({ retailerProductSizeId: z.number(), price: z.number() })),
  }),
);
const ssrFile = z.object({ products: z.array(z.object({ productId: z.number(), minPrice: z.number() })) });
const hoursFile = z.array(z.object({ day: z.number(), openingTimeEnd: z.string() }));

/** Which publish each of the three files holds: all equal when the folder is one publish whole. */
export async function filesState(tenantsDir: string): Promise<{ details: number; ssr: number; hours: number }> {
  const folder = join(tenantsDir, 'test-pizza');
  const read = async (file: string) => JSON.parse(await readFile(join(folder, file), 'utf8')) as unknown;
  const details = detailsFile.parse(await read('product-details.json')).find((row) => row.productId === MARGHERITA);
  const ssr = ssrFile.parse(await read('products-info-ssr.json')).products.find((row) => row.productId === MARGHERITA);
  const sunday = hoursFile.parse(await read('trading-hours.json')).find((row) => row.day === 0);
  const small = details?.productSizes.find((size) => size.retailerProductSizeId === SMALL)?.price ?? NaN;
  return {
    details: fromCents(Math.round(small * 100)),
    ssr: ssr?.minPrice === 12 ? FIXTURE_STATE : fromCents(Math.round((ssr?.minPrice ?? NaN) * 100)),
    hours: fromSundayEnd(sunday?.openingTimeEnd),
  };
}

const changesColumn = z.array(z.object({ sizeId: z.number(), toCents: z.number() }));

/** Which publish the database says is live (its newest publish not undone), and how many publishes the audit log holds. */
export async function recordedState(db: TestApi['db']): Promise<{ live: number; publishes: number; audited: number }> {
  const newest = await db
    .selectFrom('shop_publishes')
    .select('changes_json')
    .where('undone_at', 'is', null)
    .orderBy('publish_id', 'desc')
    .executeTakeFirst();
  const change = newest && changesColumn.parse(JSON.parse(newest.changes_json)).find((row) => row.sizeId === SMALL);
  const count = async (table: 'shop_publishes' | 'staff_audit') => {
    let query = db.selectFrom(table).select((eb) => eb.fn.countAll().as('n'));
    if (table === 'staff_audit') query = query.where('action', '=', 'publish');
    return Number((await query.executeTakeFirstOrThrow()).n);
  };
  return {
    live: change ? fromCents(change.toCents) : FIXTURE_STATE,
    publishes: await count('shop_publishes'),
    audited: await count('staff_audit'),
  };
}

/** Which publish an API process serves: its Margherita Small price and its Sunday close, as a customer's page reads them. */
export async function servedState(url: string): Promise<{ price: number; hours: number }> {
  const headers = { 'x-retailer-domain': HOST, 'content-type': 'application/json' };
  const product = await fetch(`${url}${apiCalls.getProduct.path}`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ productId: MARGHERITA }),
  });
  const small = apiCalls.getProduct.response
    .parse(await product.json())
    .productSizes.find((size) => size.retailerProductSizeId === SMALL);
  const hours = await fetch(`${url}${apiCalls.getTradingHours.path}`, { headers });
  const sunday = apiCalls.getTradingHours.response.parse(await hours.json()).find((row) => row.day === 0);
  return { price: fromCents(Math.round((small?.price ?? NaN) * 100)), hours: fromSundayEnd(sunday?.openingTimeEnd) };
}

/** Drafts publish `n` through the process at `url` and answers the revision to publish it under. */
export async function draftPublish(url: string, token: string, n: number): Promise<number> {
  const headers = { ...bearer(token), 'content-type': 'application/json' };
  const shop = shopResponseSchema.parse(await (await fetch(`${url}${shopPaths.shop}`, { headers })).json());
  const tradingHours = shop.parts.published.tradingHours.map((row) =>
    row.day === 0 ? { ...row, openingTimeEnd: sundayEnd(n) } : row,
  );
  const saved = await fetch(`${url}${shopPaths.draft}`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({
      revision: shop.revision,
      prices: [{ productId: MARGHERITA, sizeId: SMALL, priceCents: publishedCents(n) }],
      parts: { tradingHours },
    }),
  });
  if (saved.status !== 200) throw new Error(`saving draft ${n} answered ${saved.status}: ${await saved.text()}`);
  return shopResponseSchema.parse(await saved.json()).revision;
}

/** Sends the publish; a process killed under it answers nothing, which is the point. */
export async function sendPublish(url: string, token: string, revision: number): Promise<number | 'cut off'> {
  try {
    const answer = await fetch(`${url}${shopPaths.publish}`, {
      method: 'POST',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      body: JSON.stringify({ revision }),
    });
    await answer.text();
    return answer.status;
  } catch {
    return 'cut off';
  }
}

/** `node server/api/main.ts` on the test's tenant folder and database, as production runs it (no test clock, no test hooks). */
export async function startRealApi(tenantsDir: string, target: TestApi['target']): Promise<ApiProcess> {
  return startApiProcess(await freePort(), {
    TENANTS_DIR: tenantsDir,
    ...('databaseUrl' in target
      ? { DATABASE_URL: target.databaseUrl }
      : { DATA_DIR: dirname(target.sqlitePath), DATABASE_URL: '' }),
    OPERATOR_TOKEN,
    BROKER_OPERATOR_PASSWORD: 'crash-test-broker',
    BROKER_STAFF_SECRET: STAFF_SECRET,
    // Nothing listens there: the live pushes are not what these tests look at.
    BROKER_URL: `ws://127.0.0.1:${await freePort()}`,
    API_SAMPLE_STAFF: '',
  });
}
