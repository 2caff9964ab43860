/**
 * The shop this device last signed in to, by its name, in localStorage: the sign-in form offers it
 * next time, so a kitchen tablet types only email and password. Nothing secret: the shop's name is
 * on its storefront. No imports, so the sign-in page reads it without loading the console's code.
 */

const SHOP_STORAGE_KEY = 'consoleShop';
/** Longer than any shop's name (TEXT_MAX.name): anything past it was not written here. */
const MAX_SHOP_TEXT = 200;

type ShopStorage = Pick<Storage, 'getItem' | 'setItem'>;

export function readRememberedShop(storage: ShopStorage | undefined): string {
  try {
    const shop = storage?.getItem(SHOP_STORAGE_KEY) ?? '';
    return shop.length <= MAX_SHOP_TEXT ? shop : '';
  } catch {
    return '';
  }
}

export function rememberShop(storage: ShopStorage | undefined, shop: string): void {
  try {
    storage?.setItem(SHOP_STORAGE_KEY, shop.slice(0, MAX_SHOP_TEXT));
  } catch {
    // Without storage the form starts empty next time, as before.
  }
}

/** localStorage, or nothing where the browser refuses it. */
export function deviceStorage(): ShopStorage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}
