import { describe, expect, it } from 'vitest';
import { detailsToRemember, readRememberedDetails, type RememberedDetails } from './remembered-details.ts';

const contact = { fullName: 'Grace Hopper', phoneNumber: '0400 111 222', email: 'grace@example.com' };
const saved: RememberedDetails = { version: 1, contact, delivery: { street: '12 Lygon Street', suburbId: 3053 } };

describe('readRememberedDetails', () => {
  it.each<[string, string | null | undefined, RememberedDetails | null]>([
    ['nothing saved', null, null],
    ['an empty string', '', null],
    ['details saved by this version', JSON.stringify(saved), saved],
    [
      'contact only (picked up so far)',
      JSON.stringify({ version: 1, contact }),
      { version: 1, contact, delivery: null },
    ],
    ['text that is not JSON', '{"version":1,', null],
    ['a shape from another version', JSON.stringify({ ...saved, version: 2 }), null],
    ['an email edited into nonsense', JSON.stringify({ ...saved, contact: { ...contact, email: 'grace' } }), null],
    ['a missing name', JSON.stringify({ ...saved, contact: { ...contact, fullName: ' ' } }), null],
    [
      'a suburb that is not an id',
      JSON.stringify({ ...saved, delivery: { street: '12 Lygon St', suburbId: 'x' } }),
      null,
    ],
    ['a list', '[]', null],
    ['null', 'null', null],
  ])('%s', (_name, text, expected) => {
    expect(readRememberedDetails(text)).toEqual(expected);
  });

  it('reads back an email as it was checked: trimmed and lower case', () => {
    const text = JSON.stringify({ version: 1, contact: { ...contact, email: ' Grace@Example.com ' } });
    expect(readRememberedDetails(text)?.contact.email).toBe('grace@example.com');
  });
});

describe('detailsToRemember', () => {
  const delivery = { street: '1 Brunswick Street', suburbId: 3065, instructions: 'Buzzer 4' };
  it.each<[string, typeof delivery | null, RememberedDetails | null, RememberedDetails['delivery']]>([
    [
      'a first delivery keeps its address, not its instructions',
      delivery,
      null,
      { street: '1 Brunswick Street', suburbId: 3065 },
    ],
    ['a later delivery replaces the address', delivery, saved, { street: '1 Brunswick Street', suburbId: 3065 }],
    ['a pickup keeps the address remembered before', null, saved, saved.delivery],
    ['a first pickup has no address', null, null, null],
  ])('%s', (_name, address, before, expected) => {
    expect(detailsToRemember(contact, address, before)).toEqual({ version: 1, contact, delivery: expected });
  });

  it('what it keeps reads back the same', () => {
    const kept = detailsToRemember(contact, delivery, null);
    expect(readRememberedDetails(JSON.stringify(kept))).toEqual(kept);
  });
});
