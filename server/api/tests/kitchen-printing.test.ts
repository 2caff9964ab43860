import { expect, it } from 'vitest';
import type { z } from 'zod';
import {
  cloudPrntPollResponseSchema,
  MAX_PRINTERS,
  newPrinterSchema,
  printerAddedResponseSchema,
  printerPaths,
  reprintResponseSchema,
  staffPrintersResponseSchema,
  type StaffPrinter,
} from '../../../lib/api/printer-contract.ts';
import { staffPaths } from '../../../lib/api/staff-contract.ts';
import { decodeEscPos, type PrintedJob } from './support/escpos-decoder.ts';
import { startSink, TEST_PRINTING } from './support/printer-sink.ts';
import { signInShopStaff, staffCall as callAsStaff } from './support/shop-staff.ts';
import { onEachStore, OPEN_NOW, placeTestOrder, type TestApi } from './support/test-support.ts';

/**
 * Issue 28 item 5: kitchen tickets printed on Accept to a network printer over raw TCP (a loopback
 * sink here, which reads back what it gets) and through Star CloudPRNT (a client here that polls,
 * fetches and confirms as the printer's firmware does), the printers' status on the board, and
 * reprints; with the abuse each endpoint is bounded against.
 */

const PIZZAS = 1;
const DRINKS = 2;
const HOUR_MS = 3_600_000;

const texts = (job: PrintedJob) => job.lines.map((line) => line.text);

async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

await onEachStore(
  ({ api, start }) => {
    const tokens = new Map<string, { owner: string; cook: string }>();
    async function signedIn(target: TestApi = api) {
      const known = tokens.get(target.url);
      if (known) return known;
      const signed = await signInShopStaff(target);
      tokens.set(target.url, signed);
      return signed;
    }
    const staffCall = (token: string, path: string, body?: unknown, target: TestApi = api) =>
      callAsStaff(target, token, path, body === undefined ? {} : { body });

    async function addPrinter(printer: z.input<typeof newPrinterSchema>, target: TestApi = api) {
      const answer = await staffCall((await signedIn(target)).owner, printerPaths.printers, printer, target);
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      return printerAddedResponseSchema.parse(answer.body);
    }
    async function printers(target: TestApi = api): Promise<StaffPrinter[]> {
      const answer = await staffCall((await signedIn(target)).cook, printerPaths.printers, undefined, target);
      return staffPrintersResponseSchema.parse(answer.body).printers;
    }
    async function removeAll(target: TestApi = api) {
      const { owner: token } = await signedIn(target);
      for (const printer of await printers(target))
        expect((await staffCall(token, printerPaths.removePrinter(printer.printerId), {}, target)).status).toBe(204);
    }
    async function accept(label: string, target: TestApi = api, notes = '') {
      const order = await placeTestOrder(target, label, { notes, pickup: true });
      const answer = await staffCall(
        (await signedIn(target)).cook,
        staffPaths.stage(order.encryptedOrderId),
        { stage: 'taken' },
        target,
      );
      expect(answer.status).toBe(200);
      return order;
    }

    it("prints an accepted order's ticket on the station of its lines over raw TCP, once", async () => {
      await removeAll();
      const oven = await startSink();
      const counter = await startSink();
      try {
        await addPrinter({
          connection: 'tcp',
          name: 'Oven',
          host: '127.0.0.1',
          port: oven.port,
          language: 'escpos',
          productGroupIds: [PIZZAS],
        });
        await addPrinter({
          connection: 'tcp',
          name: 'Counter',
          host: '127.0.0.1',
          port: counter.port,
          language: 'escpos',
          productGroupIds: [DRINKS],
        });
        const order = await accept('tcp-accept', api, 'No ----- cut, ring twice');
        const printed = await oven.next();
        expect(texts(printed)).toEqual(
          expect.arrayContaining([
            'Test Pizza                                  Oven',
            `Order ${order.orderNumber}`,
            '2 x Margherita',
            '    Large',
            'NOTE: No ----- cut, ring twice',
          ]),
        );
        expect(printed.cuts).toBe(1);
        const listed = await until(
          'the oven online',
          printers,
          (all) => all.every((printer) => printer.queued === 0) && all[0]?.status === 'online',
        );
        expect(listed.map((printer) => [printer.name, printer.status, printer.problem])).toEqual([
          ['Oven', 'online', null],
          ['Counter', 'unknown', null],
        ]);
        expect(counter.jobs).toEqual([]);

        // A repeated Accept (a retry, a second cook) changes nothing and prints nothing.
        const again = await staffCall((await signedIn()).cook, staffPaths.stage(order.encryptedOrderId), {
          stage: 'taken',
        });
        expect(again.status).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(oven.jobs).toEqual([]);

        // Reprint: owner or kitchen, marked so it is not cooked twice.
        const reprinted = await staffCall((await signedIn()).cook, printerPaths.reprint(order.encryptedOrderId), {});
        expect(reprintResponseSchema.parse(reprinted.body)).toEqual({ queued: 1 });
        const copy = await oven.next();
        expect(texts(copy)[0]).toBe('REPRINT');
        expect(texts(copy)).toContain(`Order ${order.orderNumber}`);
      } finally {
        await oven.close();
        await counter.close();
      }
    });

    it('prints on arrival on a printer set so, and on Accept on the others', async () => {
      await removeAll();
      const oven = await startSink();
      const pass = await startSink();
      try {
        const tcp = { connection: 'tcp' as const, host: '127.0.0.1', productGroupIds: [PIZZAS] };
        await addPrinter({ ...tcp, name: 'Oven', port: oven.port });
        await addPrinter({ ...tcp, name: 'Pass', port: pass.port, printOn: 'arrival' });
        const order = await placeTestOrder(api, 'arrival', { pickup: true });
        expect(texts(await pass.next())).toContain(`Order ${order.orderNumber}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(oven.jobs).toEqual([]);
        const accepted = await staffCall((await signedIn()).cook, staffPaths.stage(order.encryptedOrderId), {
          stage: 'taken',
        });
        expect(accepted.status).toBe(200);
        expect(texts(await oven.next())).toContain(`Order ${order.orderNumber}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(pass.jobs).toEqual([]);
        expect((await printers()).map((printer) => [printer.name, printer.printOn])).toEqual([
          ['Oven', 'accept'],
          ['Pass', 'arrival'],
        ]);
      } finally {
        await oven.close();
        await pass.close();
      }
    });

    it('sends a ticket an API queued and never sent (it stopped) from the next API to start', async () => {
      const sink = await startSink();
      try {
        const first = await start({ printing: TEST_PRINTING });
        const added = await addPrinter(
          { connection: 'tcp', name: 'Oven', host: '127.0.0.1', port: sink.port, productGroupIds: [] },
          first,
        );
        // What a crash between queueing and sending leaves: the row, and no process sending it.
        await first.db
          .insertInto('print_jobs')
          .values({
            retailer_id: 9001,
            printer_id: added.printer.printerId,
            order_number: 77,
            document: 'Left behind |\n',
            status: 'queued',
            last_error: null,
            claimed_until: null,
            created_at: OPEN_NOW.toISOString(),
            finished_at: null,
          })
          .execute();
        await start({ sameDatabaseAs: first, printing: TEST_PRINTING });
        expect(texts(await sink.next())).toContain('Left behind');
      } finally {
        await sink.close();
      }
    });

    it('retries a printer that is off, then calls it offline on the board with the reason', async () => {
      await removeAll();
      const sink = await startSink();
      const port = sink.port;
      await sink.close();
      await addPrinter({
        connection: 'tcp',
        name: 'Grill',
        host: '127.0.0.1',
        port,
        language: 'escpos',
        productGroupIds: [],
      });
      await accept('tcp-offline');
      const [grill] = await until(
        'the grill offline',
        printers,
        (all) => all[0]?.status === 'offline' && all[0].queued === 0,
      );
      expect(grill?.problem).toBe(`Last ticket not printed: 127.0.0.1:${port} refused the connection`);
      const [job] = await api.db
        .selectFrom('print_jobs')
        .select(['status', 'attempts'])
        .where('printer_id', '=', grill?.printerId ?? 0)
        .execute();
      expect(job).toEqual({ status: 'failed', attempts: TEST_PRINTING.retryDelaysMs.length + 1 });
    });

    it('serves a Star printer over CloudPRNT: it polls, fetches the ticket, confirms it', async () => {
      await removeAll();
      const added = await addPrinter({
        connection: 'cloudprnt',
        name: 'Pass',
        language: 'escpos',
        productGroupIds: [],
      });
      const path = added.cloudPrntPath ?? '';
      expect(path).toMatch(/^\/cloudprnt\/[\w-]{43}$/);
      expect(added.printer).toMatchObject({
        status: 'offline',
        problem: 'Has not called in yet: check its CloudPRNT server URL.',
      });
      const poll = async () =>
        cloudPrntPollResponseSchema.parse(
          (
            await api.call(path, {
              domain: null,
              body: { status: '23 6 0 0 0 0 0 0 0 ', printerMAC: '00:11:62:00:00:01', statusCode: '200 OK' },
            })
          ).body,
        );
      expect(await poll()).toEqual({ jobReady: false });

      const order = await accept('cloudprnt');
      const ready = await poll();
      expect(ready).toMatchObject({ jobReady: true, mediaTypes: ['application/octet-stream'] });
      const jobToken = ready.jobToken ?? '';
      const fetched = await fetch(
        `${api.url}${path}?uid=1&type=application%2Foctet-stream&mac=00%3A11%3A62%3A00%3A00%3A01&token=${jobToken}`,
      );
      expect(fetched.status).toBe(200);
      expect(fetched.headers.get('content-type')).toBe('application/octet-stream');
      const printed = decodeEscPos(new Uint8Array(await fetched.arrayBuffer()));
      expect(texts(printed)).toEqual(expect.arrayContaining([`Order ${order.orderNumber}`, '2 x Margherita']));
      const confirmed = await fetch(
        `${api.url}${path}?code=200%20OK&mac=00%3A11%3A62%3A00%3A00%3A01&token=${jobToken}`,
        { method: 'DELETE' },
      );
      expect(confirmed.status).toBe(200);
      expect(await poll()).toEqual({ jobReady: false });
      const [pass] = await printers();
      expect(pass).toMatchObject({ status: 'online', problem: null, queued: 0, lastSeenAt: OPEN_NOW.toISOString() });

      // A job the printer could not print ("510 Printer offline") is failed, and the board says so.
      await accept('cloudprnt-jam');
      const jammed = await poll();
      await fetch(`${api.url}${path}?code=510%20Printer%20offline&token=${jammed.jobToken ?? ''}`, {
        method: 'DELETE',
      });
      expect((await printers())[0]).toMatchObject({
        status: 'offline',
        problem: 'Last ticket not printed: printer said 510 Printer offline',
      });
    });

    it('speaks StarPRNT to a Star printer set to it', async () => {
      await removeAll();
      const added = await addPrinter({
        connection: 'cloudprnt',
        name: 'Star',
        language: 'starprnt',
        productGroupIds: [],
      });
      await accept('starprnt');
      const ready = cloudPrntPollResponseSchema.parse(
        (await api.call(added.cloudPrntPath ?? '', { domain: null, body: {} })).body,
      );
      expect(ready.mediaTypes).toEqual(['application/vnd.star.starprnt']);
      const fetched = await fetch(`${api.url}${added.cloudPrntPath ?? ''}?type=application%2Fvnd.star.starprnt`);
      expect(fetched.headers.get('content-type')).toBe('application/vnd.star.starprnt');
      expect(Buffer.from(await fetched.arrayBuffer()).toString('latin1')).toContain('2 x Margherita');
    });

    it('calls a CloudPRNT printer offline after two minutes without a poll', async () => {
      let now = OPEN_NOW;
      const own = await start({ now: () => now, printing: TEST_PRINTING });
      const added = await addPrinter(
        { connection: 'cloudprnt', name: 'Bar', language: 'escpos', productGroupIds: [] },
        own,
      );
      await own.call(added.cloudPrntPath ?? '', { domain: null, body: {} });
      now = new Date(OPEN_NOW.getTime() + 119_000);
      expect((await printers(own))[0]?.status).toBe('online');
      now = new Date(OPEN_NOW.getTime() + 121_000);
      expect((await printers(own))[0]).toMatchObject({ status: 'offline', problem: 'Not heard from since 8:00 pm.' });
    });

    it('bounds the printer endpoints: tokens, bodies, floods, roles, ports and counts', async () => {
      await removeAll();
      const added = await addPrinter({
        connection: 'cloudprnt',
        name: 'Pass',
        language: 'escpos',
        productGroupIds: [],
      });
      const path = added.cloudPrntPath ?? '';
      // A made-up or altered token is refused before anything is read.
      for (const wrong of ['/cloudprnt/x', `${path.slice(0, -1)}${path.endsWith('A') ? 'B' : 'A'}`]) {
        expect((await api.call(wrong, { domain: null, body: {} })).status).toBe(401);
        expect((await fetch(`${api.url}${wrong}`)).status).toBe(401);
        expect((await fetch(`${api.url}${wrong}`, { method: 'DELETE' })).status).toBe(401);
      }
      expect(
        (await api.call(path, { domain: null, rawBody: JSON.stringify({ status: 'x'.repeat(20_000) }) })).status,
      ).toBe(413);
      expect((await api.call(path, { domain: null, body: { status: 'x'.repeat(200) } })).status).toBe(400);

      const { owner: ownerToken, cook: cookToken } = await signedIn();
      const tcp = {
        connection: 'tcp',
        name: 'Oven',
        host: '127.0.0.1',
        port: 9100,
        language: 'escpos',
        productGroupIds: [],
      };
      expect((await staffCall(cookToken, printerPaths.printers, tcp)).status).toBe(403);
      expect((await staffCall(cookToken, printerPaths.removePrinter(added.printer.printerId), {})).status).toBe(403);
      expect(
        (await staffCall(ownerToken, printerPaths.printers, { ...tcp, host: 'http://evil.example/x' })).status,
      ).toBe(400);
      expect((await api.call(printerPaths.printers, { domain: null, body: tcp })).status).toBe(401);
      expect((await staffCall(ownerToken, printerPaths.reprint('not-an-order'), {})).status).toBe(404);

      // Within the ports of an API set up for the real world: never the API's or the database's.
      const strict = await start();
      const strictTokens = await signedIn(strict);
      const refused = await staffCall(strictTokens.owner, printerPaths.printers, { ...tcp, port: 5432 }, strict);
      expect(refused).toMatchObject({
        status: 400,
        body: { error: 'port: expected a printer port from 9100 to 9109' },
      });

      for (let index = (await printers()).length; index < MAX_PRINTERS; index += 1)
        await addPrinter({ connection: 'cloudprnt', name: `Spare ${index}`, language: 'escpos', productGroupIds: [] });
      expect((await staffCall(ownerToken, printerPaths.printers, tcp)).status).toBe(409);
      await removeAll();
    });

    it("keeps printed tickets, which hold the customer's details, a week and no longer", async () => {
      const own = await start({ printing: TEST_PRINTING });
      const added = await addPrinter(
        { connection: 'cloudprnt', name: 'Pass', language: 'escpos', productGroupIds: [] },
        own,
      );
      const path = added.cloudPrntPath ?? '';
      const printedAt = async (label: string, daysAgo: number) => {
        await accept(label, own);
        expect((await fetch(`${own.url}${path}?code=200%20OK`, { method: 'DELETE' })).status).toBe(200);
        const finishedAt = new Date(OPEN_NOW.getTime() - daysAgo * 24 * HOUR_MS).toISOString();
        await own.db
          .updateTable('print_jobs')
          .set({ finished_at: finishedAt })
          .where('finished_at', '=', OPEN_NOW.toISOString())
          .execute();
      };
      await printedAt('eight-days-ago', 8);
      await printedAt('six-days-ago', 6);
      await accept('today', own);
      const jobs = await own.db.selectFrom('print_jobs').select(['status', 'finished_at']).orderBy('job_id').execute();
      // The queued one stays whatever its age: it has not been printed yet.
      expect(jobs.map((job) => job.status)).toEqual(['sent', 'queued']);
      expect(jobs[0]?.finished_at).toBe(new Date(OPEN_NOW.getTime() - 6 * 24 * HOUR_MS).toISOString());
    });

    it("keeps a CloudPRNT printer's token out of the request log", async () => {
      const logged: string[] = [];
      const own = await start({ printing: TEST_PRINTING, log: (line) => logged.push(line) });
      const added = await addPrinter(
        { connection: 'cloudprnt', name: 'Pass', language: 'escpos', productGroupIds: [] },
        own,
      );
      const token = (added.cloudPrntPath ?? '').split('/').at(-1) ?? '';
      expect((await own.call(added.cloudPrntPath ?? '', { domain: null, body: {} })).status).toBe(200);
      expect(logged.some((line) => line.startsWith('POST /cloudprnt/… 200'))).toBe(true);
      expect(logged.filter((line) => line.includes(token))).toEqual([]);
    });

    it('limits polls per printer and reprints per shop', async () => {
      const own = await start({
        printing: TEST_PRINTING,
        rateLimits: {
          cloudPrntPerPrinter: { attempts: 3, windowMs: HOUR_MS },
          reprintsPerRetailer: { attempts: 2, windowMs: HOUR_MS },
        },
      });
      const added = await addPrinter(
        { connection: 'cloudprnt', name: 'Pass', language: 'escpos', productGroupIds: [] },
        own,
      );
      const statuses = [];
      for (let poll = 0; poll < 4; poll += 1)
        statuses.push((await own.call(added.cloudPrntPath ?? '', { domain: null, body: {} })).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const order = await accept('reprint-flood', own);
      const { cook: cookToken } = await signedIn(own);
      const reprints = [];
      for (let reprint = 0; reprint < 3; reprint += 1)
        reprints.push((await staffCall(cookToken, printerPaths.reprint(order.encryptedOrderId), {}, own)).status);
      expect(reprints).toEqual([200, 200, 429]);
    });
  },
  { api: { printing: TEST_PRINTING } },
);
