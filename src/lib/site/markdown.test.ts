import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown.ts';

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
});
