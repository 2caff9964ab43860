import { beforeEach, describe, expect, it } from 'vitest';
import type { StaffPrinter } from '../../../../lib/api/printer-contract.ts';
import { staffMessages } from '../../shell/messages.ts';
import { $consoleSession, endSession, setConsoleEnvironment, signIn } from '../../shell/store.ts';
import { EVENING, json, memoryStorage, owner, scriptedApi, signInAnswer } from '../../shell/test-fixtures.ts';
import { printerSetupCalls } from './printers-client.ts';
import {
  $printerSetup,
  addPrinter,
  refreshPrinterSetup,
  removePrinter,
  setAutoAccept,
  stationsText,
  testPrinter,
} from './store.ts';

const oven: StaffPrinter = {
  printerId: 1,
  name: 'Oven',
  connection: 'tcp',
  host: '192.168.1.50',
  port: 9100,
  language: 'escpos',
  productGroupIds: [10],
  printOn: 'accept',
  status: 'online',
  problem: null,
  queued: 0,
  lastSeenAt: '2026-11-25T07:55:00.000Z',
};
const pass: StaffPrinter = {
  ...oven,
  printerId: 2,
  name: 'Pass',
  connection: 'cloudprnt',
  host: null,
  port: null,
  language: 'starprnt',
  productGroupIds: [],
  status: 'offline',
  problem: 'Has not called in yet: check its CloudPRNT server URL.',
  lastSeenAt: null,
};
const menu = {
  groups: [
    { productGroupId: 10, name: 'Pizzas', products: [] },
    { productGroupId: 20, name: 'Drinks', products: [] },
  ],
  oftenSoldOut: [],
};

const storage = memoryStorage();
let api: ReturnType<typeof scriptedApi>;
let calls: ReturnType<typeof printerSetupCalls>;
beforeEach(async () => {
  setConsoleEnvironment({ storage: () => storage, now: () => EVENING });
  endSession(null);
  api = scriptedApi();
  calls = printerSetupCalls(api.client);
  api.answer('POST /staff/sign-in', json(200, signInAnswer));
  await signIn(api.client, { retailer: 'bella-napoli', email: owner.email, password: 'bella-napoli-owner' });
  api.answer('GET /staff/printers', json(200, { printers: [oven] }));
  api.answer('GET /staff/menu', json(200, menu));
  api.answer('GET /staff/kitchen-settings', json(200, { settings: { autoAccept: false } }));
  await refreshPrinterSetup(calls);
});

describe('the owner’s printers', () => {
  it('lists the printers, the menu’s groups and auto-accept; a failed read says why and keeps them', async () => {
    expect($printerSetup.get()).toMatchObject({
      loaded: true,
      printers: [oven],
      groups: [
        { productGroupId: 10, name: 'Pizzas' },
        { productGroupId: 20, name: 'Drinks' },
      ],
      autoAccept: false,
      problem: null,
    });
    api.answer('GET /staff/printers', json(500, {}));
    api.answer('GET /staff/menu', json(200, menu));
    api.answer('GET /staff/kitchen-settings', json(200, { settings: { autoAccept: false } }));
    await refreshPrinterSetup(calls);
    expect($printerSetup.get()).toMatchObject({ printers: [oven], problem: staffMessages.serverFault });
  });

  it('adds a CloudPRNT printer and shows its server URL at the API’s address once', async () => {
    api.answer('POST /staff/printers', json(201, { printer: pass, cloudPrntPath: '/cloudprnt/secret-token' }));
    const added = await addPrinter(calls, {
      connection: 'cloudprnt',
      name: 'Pass',
      language: 'starprnt',
      productGroupIds: [],
      printOn: 'accept',
    });
    expect(added).toBe(true);
    expect($printerSetup.get()).toMatchObject({
      printers: [oven, pass],
      cloudPrnt: { printerName: 'Pass', url: 'http://api.test/cloudprnt/secret-token' },
      notice: { ok: true },
    });
    // The next add, of any printer, takes the URL off the screen.
    api.answer('POST /staff/printers', json(409, { error: 'A shop has at most 10 printers: remove one first.' }));
    expect(
      await addPrinter(calls, {
        connection: 'tcp',
        name: 'Bar',
        host: '192.168.1.51',
        port: 9100,
        language: 'escpos',
        productGroupIds: [20],
        printOn: 'accept',
      }),
    ).toBe(false);
    expect($printerSetup.get()).toMatchObject({
      cloudPrnt: null,
      notice: { ok: false, text: 'Could not add Bar: A shop has at most 10 printers: remove one first.' },
    });
    expect(api.sent.filter((call) => call.key === 'POST /staff/printers').map((call) => call.body)).toMatchObject([
      { connection: 'cloudprnt', name: 'Pass' },
      { connection: 'tcp', host: '192.168.1.51', port: 9100, productGroupIds: [20] },
    ]);
  });

  it('prints a test ticket, then removes the printer; a printer gone meanwhile reloads the list', async () => {
    api.answer('POST /staff/printers/1/test', json(200, { queued: 1 }));
    await testPrinter(calls, 1);
    expect($printerSetup.get().notice).toEqual({
      ok: true,
      text: 'Test ticket sent to Oven. Refresh in a few seconds to see how it went.',
    });
    api.answer('POST /staff/printers/1/remove', new Response(null, { status: 204 }));
    await removePrinter(calls, 1);
    expect($printerSetup.get()).toMatchObject({ printers: [], busy: {}, notice: { ok: true } });

    api.answer('GET /staff/printers', json(200, { printers: [pass] }));
    api.answer('GET /staff/menu', json(200, menu));
    api.answer('GET /staff/kitchen-settings', json(200, { settings: { autoAccept: false } }));
    await refreshPrinterSetup(calls);
    api.answer('POST /staff/printers/2/test', json(404, { error: 'Printer not found' }));
    api.answer('GET /staff/printers', json(200, { printers: [] }));
    api.answer('GET /staff/menu', json(200, menu));
    api.answer('GET /staff/kitchen-settings', json(200, { settings: { autoAccept: false } }));
    await testPrinter(calls, 2);
    expect($printerSetup.get()).toMatchObject({
      printers: [],
      notice: { ok: false, text: 'No test ticket for Pass: Printer not found' },
    });
  });

  it('turns auto-accept on as the server saved it; a refusal leaves it as it was, with why', async () => {
    api.answer('PUT /staff/kitchen-settings', json(200, { settings: { autoAccept: true } }));
    await setAutoAccept(calls, true);
    expect($printerSetup.get()).toMatchObject({ autoAccept: true, savingAutoAccept: false, notice: { ok: true } });
    api.answer(
      'PUT /staff/kitchen-settings',
      json(403, { error: 'Only the owner may set up printers and auto-accept.' }),
    );
    await setAutoAccept(calls, false);
    expect($printerSetup.get()).toMatchObject({
      autoAccept: true,
      notice: { ok: false, text: 'Auto-accept not changed: Only the owner may set up printers and auto-accept.' },
    });
  });

  it('forgets what one session saw when another signs in', () => {
    expect($printerSetup.get().loaded).toBe(true);
    endSession(null);
    expect($consoleSession.get().kind).toBe('signed-out');
    expect($printerSetup.get()).toMatchObject({ loaded: false, printers: [] });
  });
});

describe('stationsText', () => {
  const groups = [
    { productGroupId: 10, name: 'Pizzas' },
    { productGroupId: 20, name: 'Drinks' },
  ];
  it.each([
    ['no groups: the catch-all station', [], 'everything no other printer takes'],
    ['its groups by name', [10, 20], 'Pizzas, Drinks'],
    ['a group the menu no longer has, by id', [30], 'Group 30'],
  ])('%s', (_case, productGroupIds, text) => expect(stationsText({ productGroupIds }, groups)).toBe(text));
});
