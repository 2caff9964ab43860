import { parseArgs } from 'node:util';
import { operatorPaths } from './operator-contract.ts';

export interface OperatorRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: Record<string, unknown>;
  /** The body's `password` is read from standard input, never from the command line (shell history, `ps`). */
  passwordFromStdin?: true;
}

export const usage = `Usage: npm run operator -- <command> [arguments]

  tenants                                    list the retailers the API serves
  orders <slug> [--limit <n>]                placed orders the kitchen has not taken yet, oldest first
  processed <slug> <encryptedOrderId>        mark an order processed (the kitchen took it); its open
                                             confirmation page shows so at once
  processed <slug> --number <orderNumber>    the same, by the order number the customer sees
  bookings <slug>                            list the table-booking requests, oldest first
  clock <slug> [flags]                       override the live clock; flags:
      --online true|false  --closed-today true|false  --allow-delivery true|false
      --pickup-over-capacity true|false  --delivery-over-capacity true|false
      --pickup-wait <minutes>  --delivery-wait <minutes>
  clock-clear <slug>                         back to the clock worked out from the hours
  notify <slug> <clientId> <message> [--title <title>]
  publish-clock <slug>                       push the current clock status to open pages
  design <slug> <fieldName> <fieldValue> [--website-id <id>]
  errors <slug> [--limit <n>]                the latest client error logs, newest first (default 20)
  staff add --tenant <slug> --email <email> --name <name> --role owner|kitchen [--password-stdin]
                                             add a staff account for the operators' console; the
                                             password is read from standard input (one line)
  staff disable|enable|remove --tenant <slug> --email <email>
                                             take a staff account's access back (or give it back);
                                             its sessions end at once
  staff role --tenant <slug> --email <email> --role owner|kitchen
  staff password --tenant <slug> --email <email> [--password-stdin]
                                             set a new password, read from standard input
  rebuild <slug> [--tenants-dir d] [--out d] rebuild the retailer's static site from this API's data
                                             (npm run build -- --from-api API_URL --tenant <slug>)

Environment: API_URL (default http://localhost:8787), OPERATOR_TOKEN (default dev-operator).`;

export class UsageError extends Error {}

function flagBoolean(name: string, value: string | undefined): boolean | undefined {
  if (value === undefined) return undefined;
  if (value === 'true' || value === 'false') return value === 'true';
  throw new UsageError(`--${name} expects true or false, got ${JSON.stringify(value)}`);
}

function flagNumber(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new UsageError(`--${name} expects a whole number, got ${JSON.stringify(value)}`);
  return Number(value);
}

/**
 * The operator request a command line asks for. Values are checked by the API; this only shapes
 * them. Flags left out stay undefined and vanish when the body is sent as JSON.
 */
export function operatorRequest(argv: readonly string[]): OperatorRequest {
  const { positionals, values } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: {
      online: { type: 'string' },
      'closed-today': { type: 'string' },
      'allow-delivery': { type: 'string' },
      'pickup-over-capacity': { type: 'string' },
      'delivery-over-capacity': { type: 'string' },
      'pickup-wait': { type: 'string' },
      'delivery-wait': { type: 'string' },
      title: { type: 'string' },
      'website-id': { type: 'string' },
      limit: { type: 'string' },
      number: { type: 'string' },
      tenant: { type: 'string' },
      email: { type: 'string' },
      name: { type: 'string' },
      role: { type: 'string' },
      // The password is always read from standard input; the flag only says so out loud.
      'password-stdin': { type: 'boolean' },
    },
  });
  const [command, ...rest] = positionals;
  const need = (count: number, names: string): string[] => {
    if (rest.length !== count) throw new UsageError(`${command} expects ${names}`);
    return rest;
  };

  switch (command) {
    case 'tenants':
      need(0, 'no arguments');
      return { method: 'GET', path: operatorPaths.tenants };
    case 'orders': {
      const [slug = ''] = need(1, '<slug>');
      return { method: 'GET', path: operatorPaths.openOrders(slug, flagNumber('limit', values.limit)) };
    }
    case 'processed': {
      const orderNumber = flagNumber('number', values.number);
      if (orderNumber !== undefined) {
        const [slug = ''] = need(1, '<slug> --number <orderNumber>');
        return { method: 'POST', path: operatorPaths.orderNumberProcessed(slug, orderNumber) };
      }
      const [slug = '', encryptedOrderId = ''] = need(
        2,
        '<slug> <encryptedOrderId> (or <slug> --number <orderNumber>)',
      );
      return { method: 'POST', path: operatorPaths.orderProcessed(slug, encryptedOrderId) };
    }
    case 'bookings': {
      const [slug = ''] = need(1, '<slug>');
      return { method: 'GET', path: operatorPaths.tableBookings(slug) };
    }
    case 'clock': {
      const [slug = ''] = need(1, '<slug> and flags');
      const override = {
        retailerOnline: flagBoolean('online', values.online),
        closedDateToday: flagBoolean('closed-today', values['closed-today']),
        allowDelivery: flagBoolean('allow-delivery', values['allow-delivery']),
        livePickupOverCapacity: flagBoolean('pickup-over-capacity', values['pickup-over-capacity']),
        liveDeliveryOverCapacity: flagBoolean('delivery-over-capacity', values['delivery-over-capacity']),
        livePickupWaitTime: flagNumber('pickup-wait', values['pickup-wait']),
        liveDeliveryWaitTime: flagNumber('delivery-wait', values['delivery-wait']),
      };
      if (Object.values(override).every((value) => value === undefined))
        throw new UsageError('clock expects at least one flag; use clock-clear to remove the override');
      return { method: 'PUT', path: operatorPaths.clockOverride(slug), body: override };
    }
    case 'clock-clear': {
      const [slug = ''] = need(1, '<slug>');
      return { method: 'DELETE', path: operatorPaths.clockOverride(slug) };
    }
    case 'notify': {
      const [slug = '', clientId = '', message = ''] = need(3, '<slug> <clientId> <message>');
      return { method: 'POST', path: operatorPaths.notify(slug), body: { clientId, message, title: values.title } };
    }
    case 'publish-clock': {
      const [slug = ''] = need(1, '<slug>');
      return { method: 'POST', path: operatorPaths.clockStatus(slug) };
    }
    case 'design': {
      const [slug = '', fieldName = '', fieldValue = ''] = need(3, '<slug> <fieldName> <fieldValue>');
      return {
        method: 'POST',
        path: operatorPaths.designField(slug),
        body: { fieldName, fieldValue, retailerWebsiteId: flagNumber('website-id', values['website-id']) },
      };
    }
    case 'errors': {
      const [slug = ''] = need(1, '<slug>');
      return { method: 'GET', path: operatorPaths.errorLogs(slug, flagNumber('limit', values.limit)) };
    }
    case 'staff': {
      need(1, 'add, disable, enable, remove, role or password and flags');
      const { tenant, email, name, role } = values;
      const action = rest[0] ?? '';
      if (action !== 'add') {
        if (!['disable', 'enable', 'remove', 'role', 'password'].includes(action))
          throw new UsageError(
            `staff expects add, disable, enable, remove, role or password, got ${JSON.stringify(action)}`,
          );
        if (!tenant || !email) throw new UsageError(`staff ${action} expects --tenant and --email`);
        const account = operatorPaths.staffAccount(tenant, email);
        if (action === 'disable' || action === 'enable')
          return { method: 'PUT', path: account, body: { disabled: action === 'disable' } };
        if (action === 'remove') return { method: 'POST', path: `${account}/remove` };
        if (action === 'password')
          return { method: 'POST', path: `${account}/password`, body: {}, passwordFromStdin: true };
        if (role !== 'owner' && role !== 'kitchen')
          throw new UsageError(`--role expects owner or kitchen, got ${JSON.stringify(role)}`);
        return { method: 'PUT', path: account, body: { role } };
      }
      if (!tenant || !email || !name || !role)
        throw new UsageError('staff add expects --tenant, --email, --name and --role');
      if (role !== 'owner' && role !== 'kitchen')
        throw new UsageError(`--role expects owner or kitchen, got ${JSON.stringify(role)}`);
      return {
        method: 'POST',
        path: operatorPaths.staff(tenant),
        body: { email, name, role },
        passwordFromStdin: true,
      };
    }
    default:
      throw new UsageError(command ? `unknown command ${JSON.stringify(command)}` : 'no command given');
  }
}
