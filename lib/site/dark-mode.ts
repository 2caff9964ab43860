import { scriptJson } from './script-json.ts';

/**
 * Dark mode (spec section 2) as two inline scripts, so the right theme is there at first paint,
 * before any island hydrates, and the header toggle works without loading an island.
 *
 * The head script decides (the saved `darkMode` "true"/"false", else the system preference, saved
 * again), puts `dark` on <html> (the page behind the body, e.g. when overscrolling) and answers the
 * toggle's clicks. The body script, first in <body>, adds `dark` to the body as the spec says.
 */
export const DARK_MODE_KEY = 'darkMode';
export const DARK_MODE_TOGGLE = 'data-dark-mode-toggle';

export const darkModeHeadScript = `(function () {
  var key = ${scriptJson(DARK_MODE_KEY)};
  var root = document.documentElement;
  var systemDark = function () { return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches; };
  var dark;
  try {
    var saved = localStorage.getItem(key);
    dark = saved === 'true' || (saved !== 'false' && systemDark());
    localStorage.setItem(key, String(dark));
  } catch (error) {
    dark = systemDark();
  }
  var apply = function () {
    root.classList.toggle('dark', dark);
    if (document.body) document.body.classList.toggle('dark', dark);
    var toggles = document.querySelectorAll('[${DARK_MODE_TOGGLE}]');
    for (var index = 0; index < toggles.length; index += 1) toggles[index].setAttribute('aria-pressed', String(dark));
  };
  apply();
  document.addEventListener('DOMContentLoaded', apply);
  document.addEventListener('click', function (event) {
    var target = event.target;
    if (!target || typeof target.closest !== 'function' || !target.closest('[${DARK_MODE_TOGGLE}]')) return;
    dark = !dark;
    try { localStorage.setItem(key, String(dark)); } catch (error) { /* private mode: the choice lasts this page */ }
    apply();
  });
})();`;

export const darkModeBodyScript = `document.body.classList.toggle('dark', document.documentElement.classList.contains('dark'));`;
