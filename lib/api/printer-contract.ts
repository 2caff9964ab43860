import { z } from 'zod';
import { id, instant, TEXT_MAX } from '../tenant/primitives.ts';

/**
 * Kitchen printers (issue 28 item 5): a shop's printers are a server setting an owner adds in the
 * staff API, never part of the static build. A printer is a network printer the API reaches over
 * raw TCP (port 9100, ESC/POS), or a Star printer that polls the API over CloudPRNT with a secret
 * token of its own. Each prints the lines of its product groups (none: the lines no other takes).
 */

export const printerConnections = ['tcp', 'cloudprnt'] as const;
/** ESC/POS (Epson and most network kitchen printers) or StarPRNT (Star's own, over CloudPRNT). */
export const printerLanguages = ['escpos', 'starprnt'] as const;
export type PrinterLanguage = (typeof printerLanguages)[number];

/** A shop's printers: an oven, a grill, a counter, a bar and spares. */
export const MAX_PRINTERS = 10;
/** How long a CloudPRNT printer may go without polling before the board calls it offline. */
export const CLOUDPRNT_OFFLINE_AFTER_MS = 2 * 60_000;

export const printerPaths = {
  printers: '/staff/printers',
  removePrinter: (printerId: number) => `/staff/printers/${printerId}/remove`,
  /** Prints a short sample ticket on that printer alone, so the owner sees it is connected. */
  testPrint: (printerId: number) => `/staff/printers/${printerId}/test`,
  /** The shop's kitchen settings: everyone signed in reads them, the owner changes them (PUT). */
  kitchenSettings: '/staff/kitchen-settings',
  /** Prints the order again on every station that has lines of it, marked REPRINT. */
  reprint: (encryptedOrderId: string) => `/staff/orders/${encodeURIComponent(encryptedOrderId)}/reprint`,
  /** The URL a Star printer is given as its CloudPRNT server: the token is the printer's secret. */
  cloudPrnt: (token: string) => `/cloudprnt/${token}`,
} as const;

/** When a printer prints an order by itself: when the kitchen accepts it, or as soon as it is placed. */
export const printTriggers = ['accept', 'arrival'] as const;
export type PrintTrigger = (typeof printTriggers)[number];
const printOn = z.enum(printTriggers).default('accept');

const printerName = z.string().trim().min(1, 'expected a name').max(60);
const productGroupIds = z.array(id).max(200).default([]);
/** A host name or an address of the shop's network; no scheme, path or port. */
const printerHost = z
  .string()
  .trim()
  .max(253)
  .regex(/^[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?$|^\[?[0-9A-Fa-f:]+\]?$/, 'expected a host name or an IP address');

export const newPrinterSchema = z.discriminatedUnion('connection', [
  z.strictObject({
    connection: z.literal('tcp'),
    name: printerName,
    host: printerHost,
    port: z.int().min(1).max(65_535).default(9100),
    language: z.enum(printerLanguages).default('escpos'),
    productGroupIds,
    printOn,
  }),
  z.strictObject({
    connection: z.literal('cloudprnt'),
    name: printerName,
    language: z.enum(printerLanguages).default('starprnt'),
    productGroupIds,
    printOn,
  }),
]);
export type NewPrinter = z.infer<typeof newPrinterSchema>;

/**
 * `offline`: its last job failed, or a CloudPRNT printer has not polled for two minutes (or never
 * has); `unknown`: a TCP printer that has had no job yet.
 */
export const printerStatuses = ['online', 'offline', 'unknown'] as const;

export const staffPrinterSchema = z.object({
  printerId: id,
  name: z.string().max(TEXT_MAX.name),
  connection: z.enum(printerConnections),
  /** Null for a CloudPRNT printer, which calls in. */
  host: z.string().max(253).nullable(),
  port: z.int().nullable(),
  language: z.enum(printerLanguages),
  productGroupIds: z.array(id).max(200),
  printOn: z.enum(printTriggers),
  status: z.enum(printerStatuses),
  /** Why it is offline, in words: the last error of a job, or when it last polled. */
  problem: z.string().max(500).nullable(),
  /** Jobs waiting for it. */
  queued: z.int().nonnegative(),
  lastSeenAt: instant.nullable(),
});
export type StaffPrinter = z.infer<typeof staffPrinterSchema>;
export const staffPrintersResponseSchema = z.object({ printers: z.array(staffPrinterSchema).max(MAX_PRINTERS) });
/**
 * `cloudPrntPath` only once, when a CloudPRNT printer is added: it holds the printer's token, of
 * which the server keeps a digest alone.
 */
export const printerAddedResponseSchema = z.object({
  printer: staffPrinterSchema,
  cloudPrntPath: z.string().max(200).nullable(),
});
export const reprintResponseSchema = z.object({ queued: z.int().nonnegative() });

/**
 * A shop's kitchen settings, kept by the API (a server behaviour, not part of the static build).
 * `autoAccept`: the API accepts each new order as it arrives, once paid for one paid online, and
 * prints it as a staff accept would; off unless the owner turns it on.
 */
export const kitchenSettingsSchema = z.strictObject({ autoAccept: z.boolean() });
export type KitchenSettings = z.infer<typeof kitchenSettingsSchema>;
export const kitchenSettingsResponseSchema = z.object({ settings: kitchenSettingsSchema });

/**
 * What a Star printer posts when it polls (Star's CloudPRNT protocol); only the fields the API reads,
 * the rest passes unread. Bounded, as everything a device on the internet sends.
 */
export const cloudPrntPollSchema = z.looseObject({
  status: z.string().max(100).optional(),
  printerMAC: z.string().max(100).optional(),
  statusCode: z.string().max(100).optional(),
  printingInProgress: z.boolean().optional(),
});
export const cloudPrntPollResponseSchema = z.object({
  jobReady: z.boolean(),
  mediaTypes: z.array(z.string()).optional(),
  jobToken: z.string().optional(),
});
