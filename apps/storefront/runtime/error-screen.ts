import { ERROR_SCREEN_TEMPLATE_ID } from '../../../lib/constants.ts';

let shown = false;

/**
 * Spec section 2's error screen for a page that can no longer work: "Oops! Something went
 * wrong." with "Reload and try again". It takes the page's place in this document (the page
 * prerendered it in a template), so the error reporter keeps running and sends what happened.
 * Callers report the failure and close what they have open; this module stays this small because
 * an island boundary loads it on failure.
 */
export function showErrorScreen(): void {
  const template = document.getElementById(ERROR_SCREEN_TEMPLATE_ID);
  if (shown || !(template instanceof HTMLTemplateElement)) return;
  shown = true;
  for (const element of document.body.children) {
    if (
      element instanceof HTMLElement &&
      !(element instanceof HTMLScriptElement) &&
      !(element instanceof HTMLTemplateElement)
    )
      element.hidden = true;
  }
  document.body.append(template.content.cloneNode(true));
  window.scrollTo(0, 0);
  // Screen readers start at the news, not wherever focus was left.
  document.querySelector<HTMLElement>('[data-error-screen] h1')?.focus();
}
