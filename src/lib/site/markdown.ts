import { Marked } from 'marked';

/**
 * Retailer-written Markdown (custom pages, custom sections). Raw HTML is escaped rather than
 * passed through: the text may one day come from a retailer API instead of a reviewed file.
 */
const markdown = new Marked({
  async: false,
  gfm: true,
  renderer: {
    html({ text }) {
      return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    },
  },
});

export function renderMarkdown(source: string): string {
  return markdown.parse(source, { async: false });
}
