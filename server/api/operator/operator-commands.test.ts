import { describe, expect, it } from 'vitest';
import { operatorRequest, UsageError } from './operator-commands.ts';

describe('operatorRequest', () => {
  it.each([
    ['tenants', ['tenants'], { method: 'GET', path: '/operator/tenants' }],
    [
      'processed',
      ['processed', 'bella-napoli', 'abc_123'],
      { method: 'POST', path: '/operator/tenants/bella-napoli/orders/abc_123/processed' },
    ],
    [
      'processed by order number',
      ['processed', 'bella-napoli', '--number', '42'],
      { method: 'POST', path: '/operator/tenants/bella-napoli/order-numbers/42/processed' },
    ],
    ['orders', ['orders', 'bella-napoli'], { method: 'GET', path: '/operator/tenants/bella-napoli/open-orders' }],
    [
      'orders with a limit',
      ['orders', 'bella-napoli', '--limit', '5'],
      { method: 'GET', path: '/operator/tenants/bella-napoli/open-orders?limit=5' },
    ],
    [
      'bookings',
      ['bookings', 'bella-napoli'],
      { method: 'GET', path: '/operator/tenants/bella-napoli/table-bookings' },
    ],
    [
      'clock with flags',
      ['clock', 'bella-napoli', '--online', 'false', '--pickup-wait', '45', '--delivery-over-capacity', 'true'],
      {
        method: 'PUT',
        path: '/operator/tenants/bella-napoli/clock-override',
        body: { retailerOnline: false, livePickupWaitTime: 45, liveDeliveryOverCapacity: true },
      },
    ],
    [
      'clock-clear',
      ['clock-clear', 'bella-napoli'],
      { method: 'DELETE', path: '/operator/tenants/bella-napoli/clock-override' },
    ],
    [
      'notify',
      ['notify', 'bella-napoli', 'sf_ab12', 'Your pizza is ready'],
      {
        method: 'POST',
        path: '/operator/tenants/bella-napoli/publish/notify',
        body: { clientId: 'sf_ab12', message: 'Your pizza is ready' },
      },
    ],
    [
      'notify with a title',
      ['notify', 'bella-napoli', 'sf_ab12', 'Ready', '--title', 'Order update'],
      {
        method: 'POST',
        path: '/operator/tenants/bella-napoli/publish/notify',
        body: { clientId: 'sf_ab12', message: 'Ready', title: 'Order update' },
      },
    ],
    [
      'publish-clock',
      ['publish-clock', 'bella-napoli'],
      { method: 'POST', path: '/operator/tenants/bella-napoli/publish/clock-status' },
    ],
    [
      'design with a website id',
      ['design', 'bella-napoli', 'primary', '#aa0000', '--website-id', '7'],
      {
        method: 'POST',
        path: '/operator/tenants/bella-napoli/publish/design-field',
        body: { fieldName: 'primary', fieldValue: '#aa0000', retailerWebsiteId: 7 },
      },
    ],
    ['errors', ['errors', 'bella-napoli'], { method: 'GET', path: '/operator/tenants/bella-napoli/error-logs' }],
    [
      'errors with a limit',
      ['errors', 'bella-napoli', '--limit', '5'],
      { method: 'GET', path: '/operator/tenants/bella-napoli/error-logs?limit=5' },
    ],
    [
      'staff add, its password from standard input',
      [
        'staff',
        'add',
        '--tenant',
        'bella-napoli',
        '--email',
        'sam@bella-napoli.test',
        '--name',
        'Sam',
        '--role',
        'kitchen',
      ],
      {
        method: 'POST',
        path: '/operator/tenants/bella-napoli/staff',
        body: { email: 'sam@bella-napoli.test', name: 'Sam', role: 'kitchen' },
        passwordFromStdin: true,
      },
    ],
    [
      'staff add --password-stdin',
      [
        'staff',
        'add',
        '--tenant',
        'bella-napoli',
        '--email',
        'o@bella-napoli.test',
        '--name',
        'Olive',
        '--role',
        'owner',
        '--password-stdin',
      ],
      {
        method: 'POST',
        path: '/operator/tenants/bella-napoli/staff',
        body: { email: 'o@bella-napoli.test', name: 'Olive', role: 'owner' },
        passwordFromStdin: true,
      },
    ],
    [
      'staff disable',
      ['staff', 'disable', '--tenant', 'bella-napoli', '--email', 'sam@bella-napoli.test'],
      { method: 'PUT', path: '/operator/tenants/bella-napoli/staff/sam%40bella-napoli.test', body: { disabled: true } },
    ],
    [
      'staff enable',
      ['staff', 'enable', '--tenant', 'bella-napoli', '--email', 'sam@bella-napoli.test'],
      {
        method: 'PUT',
        path: '/operator/tenants/bella-napoli/staff/sam%40bella-napoli.test',
        body: { disabled: false },
      },
    ],
    [
      'staff remove',
      ['staff', 'remove', '--tenant', 'bella-napoli', '--email', 'sam@bella-napoli.test'],
      { method: 'POST', path: '/operator/tenants/bella-napoli/staff/sam%40bella-napoli.test/remove' },
    ],
    [
      'staff role',
      ['staff', 'role', '--tenant', 'bella-napoli', '--email', 'sam@bella-napoli.test', '--role', 'owner'],
      { method: 'PUT', path: '/operator/tenants/bella-napoli/staff/sam%40bella-napoli.test', body: { role: 'owner' } },
    ],
    [
      'staff password, from standard input',
      ['staff', 'password', '--tenant', 'bella-napoli', '--email', 'sam@bella-napoli.test'],
      {
        method: 'POST',
        path: '/operator/tenants/bella-napoli/staff/sam%40bella-napoli.test/password',
        body: {},
        passwordFromStdin: true,
      },
    ],
  ])('%s', (_name, argv, expected) => {
    expect(operatorRequest(argv)).toEqual(expected);
  });

  it.each([
    ['no command', [], 'no command given'],
    ['an unknown command', ['reboot'], 'unknown command "reboot"'],
    ['a missing argument', ['processed', 'bella-napoli'], 'processed expects <slug> <encryptedOrderId>'],
    [
      'an order number that is not a number',
      ['processed', 'bella-napoli', '--number', 'first'],
      '--number expects a whole number',
    ],
    [
      'an order number and an order id',
      ['processed', 'bella-napoli', 'abc_123', '--number', '42'],
      'processed expects <slug> --number <orderNumber>',
    ],
    ['a clock without flags', ['clock', 'bella-napoli'], 'clock expects at least one flag'],
    [
      'a flag that is not true or false',
      ['clock', 'bella-napoli', '--online', 'yes'],
      '--online expects true or false',
    ],
    [
      'a wait that is not a number',
      ['clock', 'bella-napoli', '--pickup-wait', 'soon'],
      '--pickup-wait expects a whole number',
    ],
    ['staff with an action there is not', ['staff', 'fire', '--tenant', 'bella-napoli'], 'staff expects add, disable'],
    [
      'staff remove without an email',
      ['staff', 'remove', '--tenant', 'bella-napoli'],
      'staff remove expects --tenant and --email',
    ],
    [
      'staff role without a role',
      ['staff', 'role', '--tenant', 'bella-napoli', '--email', 'e@x.test'],
      '--role expects owner or kitchen',
    ],
    [
      'staff add without a role',
      ['staff', 'add', '--tenant', 'bella-napoli', '--email', 'e@x.test', '--name', 'E'],
      'staff add expects --tenant, --email, --name and --role',
    ],
    [
      'staff add with a role there is not',
      ['staff', 'add', '--tenant', 'bella-napoli', '--email', 'e@x.test', '--name', 'E', '--role', 'manager'],
      '--role expects owner or kitchen',
    ],
  ])('refuses %s', (_name, argv, message) => {
    expect(() => operatorRequest(argv)).toThrow(UsageError);
    expect(() => operatorRequest(argv)).toThrow(message);
  });
});
