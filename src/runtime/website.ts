/** The website the page shows: the one `?retailerWebsiteId=` chose (the head script marks it on <html>), else the page's own. */
export function selectedWebsiteId(pageWebsiteId: number): number {
  return Number(document.documentElement.dataset['website']) || pageWebsiteId;
}
