import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { darkModeBodyScript, darkModeHeadScript } from './dark-mode.ts';

class FakeClassList {
  readonly names = new Set<string>();
  toggle(name: string, on: boolean) {
    if (on) this.names.add(name);
    else this.names.delete(name);
  }
  contains(name: string) {
    return this.names.has(name);
  }
}

class FakeElement {
  readonly classList = new FakeClassList();
  readonly attributes = new Map<string, string>();
  readonly toggle: boolean;
  constructor(toggle = false) {
    this.toggle = toggle;
  }
  setAttribute(name: string, value: string) {
    this.attributes.set(name, value);
  }
  closest(selector: string) {
    return this.toggle && selector === '[data-dark-mode-toggle]' ? this : null;
  }
}

/** A page as far as the scripts see it: storage, the system preference, <html>, <body> and one toggle. */
function page(saved: string | null, systemDark: boolean, options: { storageFails?: boolean } = {}) {
  const store = new Map<string, string>(saved === null ? [] : [['darkMode', saved]]);
  const listeners = new Map<string, ((event: { target: unknown }) => void)[]>();
  const toggle = new FakeElement(true);
  const document = {
    documentElement: new FakeElement(),
    body: null as FakeElement | null,
    querySelectorAll: () => [toggle],
    addEventListener: (type: string, listener: (event: { target: unknown }) => void) =>
      listeners.set(type, [...(listeners.get(type) ?? []), listener]),
  };
  const localStorage = {
    getItem: (key: string) => {
      if (options.storageFails) throw new Error('SecurityError');
      return store.get(key) ?? null;
    },
    setItem: (key: string, value: string) => store.set(key, value),
  };
  const context = {
    document,
    localStorage,
    matchMedia: (query: string) => ({ matches: systemDark && query === '(prefers-color-scheme: dark)' }),
  };
  runInNewContext(darkModeHeadScript, context);
  document.body = new FakeElement();
  runInNewContext(darkModeBodyScript, context);
  const fire = (type: string, target: unknown = null) =>
    listeners.get(type)?.forEach((listener) => listener({ target }));
  fire('DOMContentLoaded');
  return {
    store,
    toggle,
    htmlDark: () => document.documentElement.classList.contains('dark'),
    bodyDark: () => document.body?.classList.contains('dark'),
    click: (target: unknown) => fire('click', target),
  };
}

describe('dark mode scripts', () => {
  it.each([
    { saved: 'true', systemDark: false, dark: true },
    { saved: 'false', systemDark: true, dark: false },
    { saved: null, systemDark: true, dark: true },
    { saved: null, systemDark: false, dark: false },
    { saved: 'garbage', systemDark: true, dark: true },
  ])('saved $saved, system dark $systemDark: dark is $dark, and saved', ({ saved, systemDark, dark }) => {
    const shown = page(saved, systemDark);
    expect(shown.htmlDark()).toBe(dark);
    expect(shown.bodyDark()).toBe(dark);
    expect(shown.store.get('darkMode')).toBe(String(dark));
    expect(shown.toggle.attributes.get('aria-pressed')).toBe(String(dark));
  });

  it('the toggle switches the body class and the saved choice', () => {
    const shown = page('false', false);
    shown.click(shown.toggle);
    expect([
      shown.bodyDark(),
      shown.htmlDark(),
      shown.store.get('darkMode'),
      shown.toggle.attributes.get('aria-pressed'),
    ]).toEqual([true, true, 'true', 'true']);
    shown.click(shown.toggle);
    expect([shown.bodyDark(), shown.store.get('darkMode')]).toEqual([false, 'false']);
  });

  it('ignores clicks elsewhere', () => {
    const shown = page('false', false);
    shown.click(new FakeElement(false));
    shown.click(null);
    expect(shown.bodyDark()).toBe(false);
  });

  it('follows the system when storage is blocked', () => {
    expect(page(null, true, { storageFails: true }).bodyDark()).toBe(true);
  });
});
