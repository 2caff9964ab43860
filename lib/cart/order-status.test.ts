import { describe, expect, it } from 'vitest';
import { ORDER_ORIGIN_NOTE } from '../constants.ts';
import {
  isMobileUserAgent,
  loginStatus,
  logoutStatus,
  needsStartStatus,
  orderTypeStatus,
  orderTypeStatusCode,
  startStatus,
  startStatusCode,
} from './order-status.ts';
import { orderStatusSchema, type OrderStatus } from './schemas.ts';

const now = new Date('2026-03-15T02:00:00.000Z');

const userAgents = {
  androidPhone:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  androidTablet:
    'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  iPhone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  iPad: 'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
  iPod: 'Mozilla/5.0 (iPod touch; CPU iPhone OS 12_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1 Mobile/15E148 Safari/604.1',
  firefoxMobile: 'Mozilla/5.0 (Mobile; rv:109.0) Gecko/109.0 Firefox/115.0',
  operaMini:
    'Opera/9.80 (J2ME/MIDP; Opera Mini/9.80 (S60; SymbOS; Opera Mobi/23.348; U; en) Presto/2.5.25 Version/10.54',
  windowsDesktop:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  macDesktop:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  linuxFirefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
};

describe('start status by device', () => {
  it.each<[string, string | null | undefined, boolean, number]>([
    ['an Android phone', userAgents.androidPhone, true, 54],
    ['an Android tablet', userAgents.androidTablet, true, 54],
    ['an iPhone', userAgents.iPhone, true, 54],
    ['an iPad', userAgents.iPad, true, 54],
    ['an iPod', userAgents.iPod, true, 54],
    ['Firefox for mobile', userAgents.firefoxMobile, true, 54],
    ['Opera Mini', userAgents.operaMini, true, 54],
    ['a Windows desktop', userAgents.windowsDesktop, false, 1],
    ['a Mac desktop', userAgents.macDesktop, false, 1],
    ['a Linux desktop', userAgents.linuxFirefox, false, 1],
    ['an empty user agent', '', false, 1],
    ['no user agent', undefined, false, 1],
    ['a null user agent', null, false, 1],
  ])('%s is mobile: %s, starts with %s', (_, userAgent, mobile, code) => {
    expect(isMobileUserAgent(userAgent)).toBe(mobile);
    expect(startStatusCode(userAgent)).toBe(code);
  });

  it('records the start with the origin note and the time', () => {
    const status = startStatus(userAgents.iPhone, now);
    expect(status).toEqual({ orderStatusTypeId: 54, notes: ORDER_ORIGIN_NOTE, timestamp: '2026-03-15T02:00:00.000Z' });
    expect(orderStatusSchema.parse(status)).toEqual(status);
  });
});

describe('later statuses', () => {
  it.each([
    ['pickup', 55],
    ['delivery', 56],
  ] as const)('switching to %s records %s', (orderType, code) => {
    expect(orderTypeStatusCode(orderType)).toBe(code);
    expect(orderTypeStatus(orderType, now)).toEqual({
      orderStatusTypeId: code,
      notes: '',
      timestamp: now.toISOString(),
    });
  });

  it.each<[string, OrderStatus]>([
    ['login with the customer id', loginStatus(4321, now)],
    ['logout', logoutStatus(now)],
  ])('%s is a valid status', (_, status) => {
    expect(orderStatusSchema.parse(status)).toEqual(status);
  });

  it('login is 63 with the customer id, logout is 64', () => {
    expect(loginStatus(4321, now)).toMatchObject({ orderStatusTypeId: 63, notes: '4321' });
    expect(logoutStatus(now)).toMatchObject({ orderStatusTypeId: 64, notes: '' });
  });
});

describe('needsStartStatus', () => {
  const recorded = [startStatus(undefined, now)];
  it.each<[string, string | null, OrderStatus[], boolean]>([
    ['a fresh visit', null, [], true],
    ['a fresh visit with an empty id', '', [], true],
    ['a visit that already recorded its start', null, recorded, false],
    ['a visit with an order', 'enc-123', [], false],
    ['a visit with an order and statuses', 'enc-123', recorded, false],
  ])('%s: %s', (_, encryptedOrderId, statuses, needed) => {
    expect(needsStartStatus(encryptedOrderId, statuses)).toBe(needed);
  });
});
