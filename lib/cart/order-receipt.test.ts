import { describe, expect, it } from 'vitest';
import { confirmationAddress, receiptOf } from './order-receipt.ts';

const receipt = 'q8Zt3-vK_0aB9cD8eF7gH6iJ5kL4mN3oP2qR1sT0uVw';

describe('order receipts in the confirmation address', () => {
  it('keeps the receipt in the fragment, out of the query a server or a Referer sees', () => {
    const address = new URL(confirmationAddress('Ab/c+d', receipt), 'https://bella.example');
    expect(address.pathname).toBe('/order/');
    expect(address.searchParams.get('id')).toBe('Ab/c+d');
    expect(address.search).not.toContain(receipt);
    expect(receiptOf(address.hash)).toBe(receipt);
  });

  it.each([
    ['a receipt', `#receipt=${receipt}`, receipt],
    ['without the hash sign', `receipt=${receipt}`, receipt],
    ['beside other fragment parts', `#menu&receipt=${receipt}`, receipt],
    ['no fragment', '', undefined],
    ['another fragment', '#menu', undefined],
    ['an empty receipt', '#receipt=', undefined],
    ['too short to be one', '#receipt=abc', undefined],
    ['characters a receipt never has', '#receipt=%3Cscript%3Ealert(1)%3C%2Fscript%3Exxxxxxxxxx', undefined],
  ])('%s', (_name, hash, expected) => {
    expect(receiptOf(hash)).toBe(expected);
  });
});
