import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** Just enough of a browser window for the history handling: an address, history entries and popstate. */
function fakeWindow(href: string) {
  const entries: { url: string; state: unknown }[] = [{ url: href, state: null }];
  let index = 0;
  const listeners: (() => void)[] = [];
  const window = {
    location: {
      get href() {
        return entries[index]?.url ?? '';
      },
      get search() {
        return new URL(entries[index]?.url ?? '').search;
      },
    },
    history: {
      get state() {
        return entries[index]?.state ?? null;
      },
      pushState(state: unknown, _title: string, url: string) {
        entries.splice(index + 1, entries.length, { url, state });
        index += 1;
      },
      replaceState(state: unknown, _title: string, url: string) {
        entries[index] = { url, state };
      },
      back() {
        index -= 1;
        listeners.forEach((listener) => listener());
      },
    },
    addEventListener: (type: string, listener: () => void) => {
      if (type === 'popstate') listeners.push(listener);
    },
  };
  return { window, entries: () => entries.map((entry) => entry.url), current: () => entries[index]?.url };
}

let page: ReturnType<typeof fakeWindow>;

beforeEach(() => {
  vi.resetModules();
  page = fakeWindow('https://shop.example/?group=3');
  vi.stubGlobal('window', page.window);
});
afterEach(() => vi.unstubAllGlobals());

const load = async () => ({ ...(await import('./dialogs.ts')), ...(await import('./ui.ts')) });

describe('dialogs and the address', () => {
  it('opening sets modal, drops group and closes the main menu; closing removes modal and group stays removed', async () => {
    const { openDialog, closeDialog, $ui } = await load();
    $ui.setKey('isMenuOpen', true);
    openDialog('table-booking');
    expect($ui.get()).toMatchObject({ showTableBookingModal: true, showDeliveryMapModal: false, isMenuOpen: false });
    expect(page.current()).toBe('https://shop.example/?modal=table-booking');
    closeDialog();
    expect($ui.get().showTableBookingModal).toBe(false);
    expect(page.current()).toBe('https://shop.example/');
    expect(page.entries()).toEqual(['https://shop.example/', 'https://shop.example/?modal=table-booking']);
  });

  it('Back closes the open dialog, to the page without modal or group', async () => {
    const { openDialog, $ui } = await load();
    openDialog('delivery-map');
    page.window.history.back();
    expect($ui.get().showDeliveryMapModal).toBe(false);
    expect(page.current()).toBe('https://shop.example/');
  });

  it('one dialog replacing another keeps one history entry', async () => {
    const { openDialog, $ui } = await load();
    openDialog('mailing-list');
    openDialog('delivery-map');
    expect(page.entries()).toEqual(['https://shop.example/', 'https://shop.example/?modal=delivery-map']);
    expect($ui.get()).toMatchObject({ showMailingListModal: false, showDeliveryMapModal: true });
  });

  it('a direct link opens its dialog, and Back then stays on the page', async () => {
    page = fakeWindow('https://shop.example/?group=2&modal=delivery-map');
    vi.stubGlobal('window', page.window);
    const { openLinkedDialog, $ui } = await load();
    openLinkedDialog();
    expect($ui.get().showDeliveryMapModal).toBe(true);
    expect(page.entries()).toEqual(['https://shop.example/', 'https://shop.example/?modal=delivery-map']);
    page.window.history.back();
    expect($ui.get().showDeliveryMapModal).toBe(false);
    expect(page.current()).toBe('https://shop.example/');
  });

  it('a dialog opened without a pushed entry (history from elsewhere) closes to the page without modal or group', async () => {
    page = fakeWindow('https://shop.example/?group=5&modal=mailing-list');
    vi.stubGlobal('window', page.window);
    const { closeDialog, $ui } = await load();
    $ui.setKey('showMailingListModal', true);
    closeDialog();
    expect($ui.get().showMailingListModal).toBe(false);
    expect(page.entries()).toEqual(['https://shop.example/']);
  });

  it('ignores a link to a dialog it does not know', async () => {
    const { openDialogOfLink, $ui } = await load();
    openDialogOfLink('customer-menu');
    openDialogOfLink(undefined);
    expect(page.entries()).toHaveLength(1);
    expect($ui.get()).toMatchObject({
      showTableBookingModal: false,
      showDeliveryMapModal: false,
      showMailingListModal: false,
    });
  });
});
