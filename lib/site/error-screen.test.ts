import { describe, expect, it } from 'vitest';
import { errorScreenText, pageNotFoundMessage } from './error-screen.ts';

describe('error screen', () => {
  it.each([
    [
      404,
      'Retailer not found: nope.com.au',
      "Oops! This site can't be found.",
      "We can't seem to find the site you're looking for.",
      false,
    ],
    [
      404,
      'Page Not Found: /menu/x',
      "Oops! This page can't be found.",
      "We can't seem to find the page you're looking for.",
      true,
    ],
    [404, '', "Oops! This page can't be found.", "We can't seem to find the page you're looking for.", true],
    [500, 'boom', 'Oops! Something went wrong.', 'An unexpected error has occurred.', true],
    [503, '', 'Oops! Something went wrong.', 'An unexpected error has occurred.', true],
  ])('%i "%s" reads "%s"', (status, message, title, description, showReload) => {
    expect(errorScreenText(status, message)).toEqual({ heading: String(status), title, description, showReload });
  });

  it('names the missing path', () => {
    expect(pageNotFoundMessage('/a/b')).toBe('Page Not Found: /a/b');
  });
});
