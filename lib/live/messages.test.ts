import { describe, expect, it } from 'vitest';
import {
  clientInfoSchema,
  designFieldUpdateSchema,
  notifyMessageSchema,
  orderStatusMessageSchema,
  parseClockStatusMessage,
  parseMessage,
} from './messages.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('notify messages', () => {
  it.each([
    ['message only', '{"message":"Your order is ready"}', { message: 'Your order is ready' }],
    [
      'with a title',
      '{"title":"Pickup","message":"Ready at the counter"}',
      { title: 'Pickup', message: 'Ready at the counter' },
    ],
    ['unknown fields are dropped', '{"message":"Hi","colour":"red"}', { message: 'Hi' }],
  ])('accepts %s', (_name, payload, expected) => {
    expect(parseMessage(notifyMessageSchema, bytes(payload))).toEqual({ ok: true, value: expected });
  });

  it.each([
    ['no message', '{"title":"Pickup"}', '$.message'],
    ['an empty message', '{"message":""}', '$.message'],
    ['a number as message', '{"message":5}', '$.message'],
    ['plain text', 'Your order is ready', 'not JSON'],
    ['a JSON array', '[]', '$'],
  ])('rejects %s', (_name, payload, reasonPart) => {
    const parsed = parseMessage(notifyMessageSchema, bytes(payload));
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.reason).toContain(reasonPart);
  });

  it('rejects bytes that are not UTF-8', () => {
    expect(parseMessage(notifyMessageSchema, new Uint8Array([0xff, 0xfe, 0x7b]))).toEqual({
      ok: false,
      reason: 'payload is not UTF-8 text',
    });
  });
});

describe('clock status messages', () => {
  it.each([
    ['an empty payload is a refresh ping', '', null],
    ['{"refresh":true} is a refresh ping', '{"refresh":true}', null],
    [
      'a full status is passed on',
      '{"retailerOnline":false,"liveDeliveryWaitTime":50,"livePickupWaitTime":20,"closedDateToday":false,"livePickupOverCapacity":false,"liveDeliveryOverCapacity":true,"allowDelivery":true}',
      {
        retailerOnline: false,
        liveDeliveryWaitTime: 50,
        livePickupWaitTime: 20,
        closedDateToday: false,
        livePickupOverCapacity: false,
        liveDeliveryOverCapacity: true,
        allowDelivery: true,
      },
    ],
    [
      'a partial status takes the schema defaults',
      '{"retailerOnline":true}',
      {
        retailerOnline: true,
        liveDeliveryWaitTime: 30,
        livePickupWaitTime: 30,
        closedDateToday: false,
        livePickupOverCapacity: false,
        liveDeliveryOverCapacity: false,
        allowDelivery: true,
      },
    ],
  ])('%s', (_name, payload, expected) => {
    expect(parseClockStatusMessage(bytes(payload))).toEqual({ ok: true, value: expected });
  });

  it.each([
    ['an empty object', '{}'],
    ['refresh false', '{"refresh":false}'],
    ['a negative wait time', '{"retailerOnline":true,"liveDeliveryWaitTime":-5}'],
    ['text', 'refresh'],
  ])('rejects %s', (_name, payload) => {
    expect(parseClockStatusMessage(bytes(payload)).ok).toBe(false);
  });
});

describe('design field updates', () => {
  it.each([
    ['a colour', { fieldName: 'primary', fieldValue: '#ff0000' }],
    ['a dashed name', { fieldName: 'primary-foreground', fieldValue: '#000000' }],
    ['a layout number', { fieldName: 'initial-layout', fieldValue: 3 }],
    ['an upper-case colour', { fieldName: 'secondary', fieldValue: '#A0B1C2' }],
    ['the optional secondary foreground', { fieldName: 'secondary-foreground', fieldValue: '#111111' }],
  ])('accepts %s', (_name, update) => {
    expect(parseMessage(designFieldUpdateSchema, JSON.stringify(update))).toEqual({ ok: true, value: update });
  });

  it.each([
    ['no field name', { fieldValue: '#ff0000' }],
    ['no value', { fieldName: 'primary' }],
    ['a name with spaces', { fieldName: 'primary colour', fieldValue: '#ff0000' }],
    ['a value breaking out of its declaration', { fieldName: 'primary', fieldValue: 'red; background: url(x)' }],
    ['markup in the value', { fieldName: 'primary', fieldValue: '</style><script>' }],
    ['an object value', { fieldName: 'primary', fieldValue: { r: 1 } }],
    ['a url() as a colour', { fieldName: 'primary', fieldValue: 'url(https://evil.example/track.png)' }],
    ['an expression() as a colour', { fieldName: 'background', fieldValue: 'expression(alert(1))' }],
    ['a colour name', { fieldName: 'foreground', fieldValue: 'red' }],
    ['a three-digit colour', { fieldName: 'foreground', fieldValue: '#fff' }],
    ['a gradient', { fieldName: 'background', fieldValue: 'linear-gradient(red, blue)' }],
    ['var() of another property', { fieldName: 'primary', fieldValue: 'var(--x)' }],
    ['a number as a colour', { fieldName: 'primary', fieldValue: 255 }],
    ['a layout that does not exist', { fieldName: 'initial-layout', fieldValue: 7 }],
    ['a layout as text', { fieldName: 'initial-layout', fieldValue: '3' }],
    ['a field the theme does not have', { fieldName: 'font', fieldValue: '"Open Sans", sans-serif' }],
    ['a prototype key', { fieldName: 'constructor', fieldValue: '#ffffff' }],
  ])('rejects %s', (_name, update) => {
    expect(parseMessage(designFieldUpdateSchema, JSON.stringify(update)).ok).toBe(false);
  });
});

describe('client info', () => {
  const valid = {
    clientid: 'sf_0011223344556677',
    deviceType: 'desktop',
    userAgent: 'Mozilla/5.0',
    windowSize: { width: 1280, height: 800 },
  };

  it('accepts what a visitor announces', () => {
    expect(parseMessage(clientInfoSchema, JSON.stringify(valid))).toEqual({ ok: true, value: valid });
  });

  it.each([
    ['a foreign client id', { ...valid, clientid: 'mqttjs_1234' }],
    ['an unknown device type', { ...valid, deviceType: 'fridge' }],
    ['a missing window size', { clientid: valid.clientid, deviceType: 'mobile', userAgent: '' }],
    ['a fractional width', { ...valid, windowSize: { width: 1.5, height: 800 } }],
    ['extra fields', { ...valid, admin: true }],
    ['extra window fields', { ...valid, windowSize: { width: 1, height: 1, depth: 1 } }],
  ])('rejects %s', (_name, info) => {
    expect(parseMessage(clientInfoSchema, JSON.stringify(info)).ok).toBe(false);
  });
});

describe('order status messages', () => {
  it.each([
    ['taken', '{"orderProcessed":true}', { ok: true, value: { orderProcessed: true } }],
    ['not yet taken', '{"orderProcessed":false}', { ok: true, value: { orderProcessed: false } }],
  ])('accepts %s', (_name, payload, expected) => {
    expect(parseMessage(orderStatusMessageSchema, bytes(payload))).toEqual(expected);
  });

  it.each([
    ['the flag as text', '{"orderProcessed":"yes"}'],
    ['no flag', '{}'],
    ['an empty payload', ''],
  ])('rejects %s', (_name, payload) => {
    expect(parseMessage(orderStatusMessageSchema, bytes(payload)).ok).toBe(false);
  });
});
