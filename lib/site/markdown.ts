import { Marked, type Tokens } from 'marked';
import { isSafeLink } from '../tenant/primitives.ts';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Retailer-written Markdown (custom pages, custom sections). Raw HTML is escaped rather than
 * passed through, and a link or image whose URL could run script (`javascript:`) keeps only its
 * text: the text may one day come from a retailer API instead of a reviewed file.
 */
const markdown = new Marked({
  async: false,
  gfm: true,
  renderer: {
    html({ text }) {
      return escapeHtml(text);
    },
    link({ href, tokens }) {
      return isSafeLink(href) ? false : this.parser.parseInline(tokens);
    },
    image({ href, text }) {
      return isSafeLink(href) ? false : escapeHtml(text);
    },
  },
});

export function renderMarkdown(source: string): string {
  return markdown.parse(source, { async: false });
}

/** The link and image URLs of a Markdown text that renderMarkdown would drop, for the loader to report. */
export function unsafeLinks(source: string): string[] {
  const found: string[] = [];
  markdown.walkTokens(markdown.lexer(source), (token) => {
    if ((token.type === 'link' || token.type === 'image') && !isSafeLink((token as Tokens.Link | Tokens.Image).href))
      found.push((token as Tokens.Link).href);
  });
  return found;
}
