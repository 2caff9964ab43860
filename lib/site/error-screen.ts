export interface ErrorScreenText {
  heading: string;
  title: string;
  description: string;
  /** "Reload and try again" is pointless when the whole site is unknown. */
  showReload: boolean;
}

/** The error screen's words for a status (spec section 2, "Error screen"). */
export function errorScreenText(statusCode: number, statusMessage = ''): ErrorScreenText {
  if (statusCode === 404) {
    const siteNotFound = /retailer not found/i.test(statusMessage);
    const noun = siteNotFound ? 'site' : 'page';
    return {
      heading: '404',
      title: `Oops! This ${noun} can't be found.`,
      description: `We can't seem to find the ${noun} you're looking for.`,
      showReload: !siteNotFound,
    };
  }
  return {
    heading: String(statusCode),
    title: 'Oops! Something went wrong.',
    description: 'An unexpected error has occurred.',
    showReload: true,
  };
}

export const pageNotFoundMessage = (path: string) => `Page Not Found: ${path}`;
