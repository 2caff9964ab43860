import { describe, expect, it } from 'vitest';
import { renderMarkdown, unsafeLinks } from './markdown.ts';

describe('markdown', () => {
  it.each([
    ['# Hi', '<h1>Hi</h1>'],
    ['Some **bold** text', '<strong>bold</strong>'],
    ['| a | b |\n|---|---|\n| 1 | 2 |', '<table>'],
    ['<script>alert(1)</script>', '&lt;script&gt;alert(1)&lt;/script&gt;'],
    ['<img src=x onerror=alert(1)>', '&lt;img src=x onerror=alert(1)&gt;'],
  ])('%j renders with %j', (source, expected) => {
    expect(renderMarkdown(source)).toContain(expected);
  });

  it.each([
    ['[Order](javascript:alert(1))', 'Order'],
    ['[Order](JaVaScRiPt:alert(1))', 'Order'],
    ['[Order](javascript&#58;alert(1))', 'Order'],
    ['[Order][x]\n\n[x]: javascript:alert(1)', 'Order'],
    ['<javascript:alert(1)>', 'javascript:alert(1)'],
    ['![pic](javascript:alert(1))', 'pic'],
    ['[Order](data:text/html;base64,PHNjcmlwdD4=)', 'Order'],
  ])('%j keeps only its text', (source, text) => {
    const html = renderMarkdown(source);
    expect(html).not.toMatch(/<a |<img /);
    expect(html).toContain(text);
  });

  it.each([
    ['[Call](tel:+61390000000)', '<a href="tel:+61390000000">'],
    ['[Mail](mailto:hi@example.com)', '<a href="mailto:hi@example.com">'],
    ['[About](/about/our-story)', '<a href="/about/our-story">'],
    ['[Menu](#menu)', '<a href="#menu">'],
    ['<https://example.com/>', '<a href="https://example.com/">'],
  ])('%j stays a link', (source, link) => {
    expect(renderMarkdown(source)).toContain(link);
  });

  it('lists the links it would drop', () => {
    expect(unsafeLinks('[a](https://ok.example) [b](javascript:x) ![c](vbscript:y)')).toEqual([
      'javascript:x',
      'vbscript:y',
    ]);
  });
});
