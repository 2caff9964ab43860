import { describe, expect, it } from 'vitest';
import { errorLogEntrySchema } from '../../../lib/api/contract.ts';
import { $customer } from '../stores/customer.ts';
import type { CapturedError } from './error-capture.ts';
import { errorLogEntry } from './error-reporter.ts';

const captured: CapturedError = {
  errorType: 'react',
  message: 'Cannot read properties of undefined',
  stack: 'TypeError: Cannot read properties of undefined\n    at Menu',
  component: 'Menu',
  additionalContext: { componentStack: '\n    at Menu' },
  timestamp: '2026-11-23T09:30:00.000Z',
  route: '/about/our-story',
  url: 'https://bella.example/about/our-story?x=1',
};

describe('error log entries', () => {
  it('carry every field of the spec, within the contract', () => {
    const entry = errorLogEntry(captured, 111);
    expect(entry).toEqual({
      ...captured,
      filename: null,
      lineno: null,
      colno: null,
      retailerId: 111,
      customerId: null,
      userAgent: navigator.userAgent,
    });
    expect(errorLogEntrySchema.safeParse(entry).success).toBe(true);
  });

  it('name the logged-in customer', () => {
    $customer.set({
      ...$customer.get(),
      custInfo: { customerId: 42, fullName: 'Ada', email: 'ada@example.com', phoneNumber: '0400000000' },
    });
    expect(errorLogEntry(captured, 111).customerId).toBe(42);
    $customer.set({ ...$customer.get(), custInfo: null });
  });

  it('clip what the contract would refuse as too long, and never send an empty message', () => {
    const entry = errorLogEntry(
      { ...captured, message: '', stack: 'x'.repeat(30000), url: `https://bella.example/${'p'.repeat(3000)}` },
      111,
    );
    expect(entry.message).toBe('Unknown error');
    expect(entry.stack).toHaveLength(20000);
    expect(errorLogEntrySchema.safeParse(entry).success).toBe(true);
  });
});
