import { describe, expect, it } from 'vitest';
import type { StaffPrinter } from '../../../../lib/api/printer-contract.ts';
import { printerWarnings } from './printers.ts';

const printer = (name: string, status: StaffPrinter['status'], problem: string | null): StaffPrinter => ({
  printerId: 1,
  name,
  connection: 'tcp',
  host: '192.168.1.50',
  port: 9100,
  language: 'escpos',
  productGroupIds: [],
  printOn: 'accept',
  status,
  problem,
  queued: 0,
  lastSeenAt: null,
});

describe('printer warnings on the board', () => {
  it.each([
    ['no printers', [], []],
    ['all online or not used yet', [printer('Oven', 'online', null), printer('Bar', 'unknown', null)], []],
    [
      'one down, with why',
      [printer('Oven', 'offline', 'Last ticket not printed: 192.168.1.50:9100 refused the connection')],
      ['Oven printer offline: Last ticket not printed: 192.168.1.50:9100 refused the connection'],
    ],
    [
      'a CloudPRNT printer gone quiet beside one that works',
      [printer('Pass', 'offline', 'Not heard from since 7:30 pm.'), printer('Oven', 'online', null)],
      ['Pass printer offline: Not heard from since 7:30 pm.'],
    ],
  ] as const)('%s', (_, printers, warnings) => {
    expect(printerWarnings(printers)).toEqual(warnings);
  });
});
