import { describe, expect, it } from 'vitest';
import { productImageProblem, productsInfoSsrSchema } from './products.ts';

describe('a product image', () => {
  it.each([
    ['', undefined],
    ['photos/margherita.jpg', undefined],
    ['margherita.JPEG', undefined],
    ['photos/menu 2026/Pizza (large).png', undefined],
    ['a/b/c.webp', undefined],
    ['hero.avif', undefined],
    ['https://cdn.example.com/photos/margherita.jpg', undefined],
    ['https://images.example.com/p/3101?w=1200', undefined],
    ['../margherita.jpg', 'no ".."'],
    ['photos/../../bella-napoli/public/logo.png', 'no ".."'],
    ['photos/..', 'no ".."'],
    ['./margherita.jpg', 'no ".."'],
    ['photos//margherita.jpg', 'empty parts'],
    ['photos\\margherita.jpg', 'no "\\"'],
    ['/photos/margherita.jpg', 'without a leading "/", like "photos/margherita.jpg"'],
    ['//cdn.example.com/margherita.jpg', 'https:// URL with its scheme'],
    ['/etc/passwd', 'without a leading "/"'],
    ['photos/margherita.gif', '.jpg, .jpeg, .png, .webp or .avif'],
    ['photos/menu.svg', '.jpg, .jpeg, .png, .webp or .avif'],
    ['photos/margherita', '.jpg, .jpeg, .png, .webp or .avif'],
    ['http://cdn.example.com/margherita.jpg', 'expected an https:// URL'],
    ['javascript:alert(1)', 'expected an https:// URL'],
    ['data:image/png;base64,AAAA', 'expected an https:// URL'],
    ['file:///etc/passwd', 'expected an https:// URL'],
    ['C:\\photos\\margherita.jpg', 'expected an https:// URL'],
    ['https://user:secret@cdn.example.com/margherita.jpg', 'no user name or password'],
    ['https://', 'not a valid URL'],
  ])('%j: %s', (image, expected) => {
    const problem = productImageProblem(image);
    if (expected === undefined) expect(problem).toBeUndefined();
    else expect(problem).toContain(expected);
  });

  it('is checked where the tenant files are parsed, at the product that names it', () => {
    const product = (image?: string) => ({
      productId: 1,
      productGroupId: 1,
      name: 'Margherita',
      minPrice: 20,
      ...(image === undefined ? {} : { image }),
    });
    const group = { productGroupId: 1, name: 'Pizzas' };
    expect(productsInfoSsrSchema.parse({ products: [product()], groups: [group] }).products[0]?.image).toBe('');
    const refused = productsInfoSsrSchema.safeParse({
      products: [product('photos/ok.jpg'), product('../../secrets.jpg')],
      groups: [group],
    });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues).toEqual([
      expect.objectContaining({ path: ['products', 1, 'image'], message: expect.stringContaining('no ".."') }),
    ]);
  });
});
