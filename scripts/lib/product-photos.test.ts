import { cp, mkdir, mkdtemp, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { menuView } from '../../lib/site/menu.ts';
import { loadTenant } from '../../lib/tenant/load.ts';
import type { Tenant } from '../../lib/tenant/tenant.ts';
import type { PageRenderer } from './page-renderer.ts';
import {
  downloadPhoto,
  PhotoError,
  prepareProductPhotos,
  type PhotoContext,
  type PhotoLimits,
} from './product-photos.ts';
import { renderAndPublish } from './tenant-pipeline.ts';

/** A small drawing as a camera would hand it over: a JPEG or PNG of a pizza-ish disc. */
function picture(width: number, height: number, colour: string, format: 'jpeg' | 'png' = 'jpeg'): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#3b281b"/><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) * 0.4}" fill="${colour}"/></svg>`;
  const image = sharp(Buffer.from(svg));
  return (format === 'jpeg' ? image.jpeg({ quality: 80 }) : image.png()).toBuffer();
}

interface ProductsFile {
  products: { productId: number; image?: string }[];
}

describe('product photos in the tenant pipeline', () => {
  let work: string;
  let tenantsDir: string;
  let photoCacheDir: string;
  let downloads: string[];
  let remote: Buffer;

  /** A copy of crust-and-co under `slug`, with these images on its first products and these files in public/. */
  async function shop(slug: string, images: string[], files: Record<string, Buffer | string> = {}): Promise<Tenant> {
    const dir = join(tenantsDir, slug);
    await rm(dir, { recursive: true, force: true });
    await cp(join('tenants', 'crust-and-co'), dir, { recursive: true });
    const settings = JSON.parse(await readFile(join(dir, 'tenant.json'), 'utf8'));
    await writeFile(join(dir, 'tenant.json'), JSON.stringify({ ...settings, hosts: [`${slug}.example.com`] }));
    const products = JSON.parse(await readFile(join(dir, 'products-info-ssr.json'), 'utf8')) as ProductsFile;
    images.forEach((image, index) => {
      const product = products.products[index];
      if (product) product.image = image;
    });
    await writeFile(join(dir, 'products-info-ssr.json'), JSON.stringify(products));
    for (const [name, content] of Object.entries(files)) {
      await mkdir(dirname(join(dir, 'public', name)), { recursive: true });
      await writeFile(join(dir, 'public', name), content);
    }
    return loadTenant(tenantsDir, slug);
  }

  const context = (): PhotoContext => ({
    tenantsDir,
    photoCacheDir,
    download: async (url) => {
      downloads.push(url);
      if (url.endsWith('/gone.jpg')) throw new PhotoError('could not be downloaded (HTTP 404)');
      if (url.endsWith('/logo.svg'))
        return Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><circle cx="200" cy="150" r="100"/></svg>',
        );
      return remote;
    },
  });

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'storefront-photos-'));
    tenantsDir = join(work, 'tenants');
    remote = await picture(1600, 1200, '#f0c27a');
  });

  beforeEach(async () => {
    photoCacheDir = join(work, `cache-${Math.random().toString(36).slice(2)}`);
    downloads = [];
  });

  afterAll(async () => {
    await rm(work, { recursive: true, force: true });
  });

  it('makes AVIF and WebP variants at each width under content-hashed names, the largest 800 wide', async () => {
    const tenant = await shop(
      'photo-shop',
      ['photos/pie.jpg', 'photos/pie.jpg', 'photos/knots.png', 'https://cdn.example.com/p/wings.jpg'],
      {
        'photos/pie.jpg': await picture(1200, 900, '#c0392b'),
        'photos/knots.png': await picture(150, 120, '#e5b25d', 'png'),
      },
    );
    const prepared = await prepareProductPhotos(tenant, context());
    if ('problems' in prepared) throw new Error(JSON.stringify(prepared.problems));

    const pie = prepared.photos['photos/pie.jpg'];
    expect(pie).toEqual({ src: expect.stringMatching(/^\/_images\/[0-9a-f]{16}$/), width: 800, height: 600 });
    // A source smaller than the smallest width is not enlarged.
    expect(prepared.photos['photos/knots.png']).toMatchObject({ width: 150, height: 120 });
    expect(prepared.photos['https://cdn.example.com/p/wings.jpg']).toMatchObject({ width: 800, height: 600 });
    const key = pie?.src.slice('/_images/'.length) ?? '';
    expect(
      prepared.files
        .filter((file) => file.name.includes(key))
        .map((file) => file.name)
        .sort(),
    ).toEqual(
      ['200.avif', '200.webp', '400.avif', '400.webp', '800.avif', '800.webp'].map(
        (suffix) => `_images/${key}-${suffix}`,
      ),
    );
    // Two products share one photo: made once. 6 + 6 for the pie and the remote photo, 2 for the small one.
    expect(prepared.files).toHaveLength(14);
    expect(downloads).toEqual(['https://cdn.example.com/p/wings.jpg']);

    for (const file of prepared.files) {
      const content = await readFile(file.source);
      const meta = await sharp(content).metadata();
      const [, width, format] = /-(\d+)\.(avif|webp)$/.exec(file.name) ?? [];
      expect(meta.format, file.name).toBe(format === 'avif' ? 'heif' : 'webp');
      expect(meta.width, file.name).toBe(Number(width));
      expect(file.stats).toMatchObject({ bytes: content.length, gzipBytes: content.length });
      // A list thumbnail (400 wide at most) stays small.
      if (Number(width) <= 400) expect(content.length, file.name).toBeLessThanOrEqual(20 * 1024);
    }
    const menu = menuView({ ...tenant, photos: prepared.photos }).flatMap((group) => group.products);
    expect(menu.filter((product) => product.photo)).toHaveLength(4);
  }, 60_000);

  it('encodes an unchanged photo once, across builds, and a changed one again under a new name', async () => {
    const tenant = await shop('cached-shop', ['photos/pie.jpg', 'https://cdn.example.com/p/wings.jpg'], {
      'photos/pie.jpg': await picture(1000, 750, '#c0392b'),
    });
    const first = await prepareProductPhotos(tenant, context());
    if ('problems' in first) throw new Error(JSON.stringify(first.problems));
    const times = await Promise.all(first.files.map(async (file) => (await stat(file.source)).mtimeMs));

    const again = await prepareProductPhotos(tenant, context());
    expect(again).toEqual(first);
    expect(await Promise.all(first.files.map(async (file) => (await stat(file.source)).mtimeMs))).toEqual(times);
    // The remote photo's URL is looked up in the cache, not downloaded again.
    expect(downloads).toHaveLength(1);

    const edited = await shop('cached-shop', ['photos/pie.jpg', 'https://cdn.example.com/p/wings.jpg'], {
      'photos/pie.jpg': await picture(1000, 750, '#2e7d32'),
    });
    const changed = await prepareProductPhotos(edited, context());
    if ('problems' in changed) throw new Error(JSON.stringify(changed.problems));
    expect(changed.photos['photos/pie.jpg']?.src).not.toBe(first.photos['photos/pie.jpg']?.src);
    expect(changed.photos['https://cdn.example.com/p/wings.jpg']).toEqual(
      first.photos['https://cdn.example.com/p/wings.jpg'],
    );
  }, 60_000);

  it('encodes again what a damaged cache lost, instead of publishing a hole', async () => {
    const tenant = await shop('damaged-cache', ['photos/pie.jpg', 'https://cdn.example.com/p/wings.jpg'], {
      'photos/pie.jpg': await picture(1000, 750, '#c0392b'),
    });
    const first = await prepareProductPhotos(tenant, context());
    if ('problems' in first) throw new Error(JSON.stringify(first.problems));
    const [pieFile, wingsFile] = [
      first.photos['photos/pie.jpg'],
      first.photos['https://cdn.example.com/p/wings.jpg'],
    ].map((photo) => first.files.find((file) => file.name.startsWith(`_images/${photo?.src.split('/').pop()}`)));
    await rm(pieFile?.source ?? '');
    await writeFile(join(dirname(wingsFile?.source ?? ''), 'photo.json'), '{ not json');
    const again = await prepareProductPhotos(tenant, context());
    expect(again).toEqual(first);
    for (const file of first.files) expect((await stat(file.source)).size, file.name).toBe(file.stats.bytes);
    expect(downloads).toHaveLength(2);
  }, 60_000);

  it('names the tenant file, the product and the photo of every broken image', async () => {
    const good = await picture(400, 300, '#c0392b');
    const outside = join(tenantsDir, 'secret.jpg');
    await mkdir(tenantsDir, { recursive: true });
    await writeFile(outside, good);
    const tenant = await shop(
      'broken-photos',
      [
        'photos/missing.jpg',
        'photos/notes.jpg',
        'photos/cut.jpg',
        'photos/escape.jpg',
        'https://cdn.example.com/gone.jpg',
        'https://cdn.example.com/logo.svg',
        'photos/fine.jpg',
      ],
      {
        'photos/notes.jpg': 'these are my notes, not a photo',
        'photos/cut.jpg': (await picture(1200, 900, '#c0392b')).subarray(0, 4000),
        'photos/fine.jpg': good,
      },
    );
    await symlink(outside, join(tenantsDir, 'broken-photos', 'public', 'photos', 'escape.jpg'));
    const prepared = await prepareProductPhotos(tenant, context());
    expect('problems' in prepared && prepared.problems).toEqual([
      {
        file: join('tenants', 'broken-photos', 'products-info-ssr.json'),
        path: '$.products[0].image',
        message: `${join('tenants', 'broken-photos', 'public', 'photos', 'missing.jpg')} does not exist`,
      },
      {
        file: join('tenants', 'broken-photos', 'products-info-ssr.json'),
        path: '$.products[1].image',
        message: expect.stringContaining(
          `${join('tenants', 'broken-photos', 'public', 'photos', 'notes.jpg')} is not an image the build can read`,
        ),
      },
      {
        file: join('tenants', 'broken-photos', 'products-info-ssr.json'),
        path: '$.products[2].image',
        message: expect.stringContaining(
          `${join('tenants', 'broken-photos', 'public', 'photos', 'cut.jpg')} is not an image the build can read`,
        ),
      },
      {
        file: join('tenants', 'broken-photos', 'products-info-ssr.json'),
        path: '$.products[3].image',
        message: `${join('tenants', 'broken-photos', 'public', 'photos', 'escape.jpg')} leads outside the tenant's public/ folder`,
      },
      {
        file: join('tenants', 'broken-photos', 'products-info-ssr.json'),
        path: '$.products[4].image',
        message: 'https://cdn.example.com/gone.jpg could not be downloaded (HTTP 404)',
      },
      {
        file: join('tenants', 'broken-photos', 'products-info-ssr.json'),
        path: '$.products[5].image',
        message: 'https://cdn.example.com/logo.svg is a SVG file; expected JPEG, PNG, WebP or AVIF',
      },
    ]);
  }, 60_000);

  it('refuses a photo over the size or pixel bounds, before decoding it', async () => {
    const tenant = await shop('huge-photos', ['photos/heavy.png', 'photos/wide.jpg'], {
      'photos/heavy.png': Buffer.alloc(60_000),
      'photos/wide.jpg': await picture(1600, 700, '#c0392b'),
    });
    const prepared = await prepareProductPhotos(tenant, {
      ...context(),
      limits: { bytes: 50 * 1024, pixels: 1_000_000, timeoutMs: 1_000 },
    });
    expect('problems' in prepared && prepared.problems.map((problem) => [problem.path, problem.message])).toEqual([
      [
        '$.products[0].image',
        `${join('tenants', 'huge-photos', 'public', 'photos', 'heavy.png')} is larger than 50 KB`,
      ],
      [
        '$.products[1].image',
        expect.stringMatching(/wide\.jpg is not an image the build can read \(Input image exceeds pixel limit\)/),
      ],
    ]);
  }, 60_000);

  it('publishes the variants with the pages of a tenant and fails only the tenant with a broken photo', async () => {
    await shop('good-shop', ['photos/pie.jpg'], { 'photos/pie.jpg': await picture(900, 600, '#c0392b') });
    await shop('bad-shop', ['photos/pie.jpg', 'photos/typo.jpg'], {
      'photos/pie.jpg': await picture(900, 600, '#c0392b'),
    });
    const rendered: Tenant[] = [];
    // Stands in for the prerender bundle: writes what the menu would show of each tenant.
    const pages: PageRenderer = {
      async renderTenants(tenants, stageDir) {
        return Promise.all(
          tenants.map(async (tenant) => {
            rendered.push(tenant);
            const html = Buffer.from(`<!DOCTYPE html><html>${JSON.stringify(menuView(tenant))}</html>`);
            const files = new Map<string, Buffer>();
            for (const name of ['index.html', '404/index.html']) {
              await mkdir(dirname(join(stageDir, tenant.slug, name)), { recursive: true });
              await writeFile(join(stageDir, tenant.slug, name), html);
              files.set(name, html);
            }
            return { slug: tenant.slug, files, ms: 1 };
          }),
        );
      },
      renderShared: async () => {},
      warmUp: async () => {},
    };
    const outDir = join(work, 'dist');
    const reports = await renderAndPublish(['bad-shop', 'good-shop'], {
      cacheDir: join(work, 'render-cache'),
      tenantsDir,
      outDir,
      photoCacheDir,
      sources: {},
      pages,
    });

    expect(reports.find((report) => report.slug === 'bad-shop')).toMatchObject({
      status: 'failed',
      problems: [
        {
          file: join('tenants', 'bad-shop', 'products-info-ssr.json'),
          path: '$.products[1].image',
          message: `${join('tenants', 'bad-shop', 'public', 'photos', 'typo.jpg')} does not exist`,
        },
      ],
    });
    expect(reports.find((report) => report.slug === 'good-shop')).toMatchObject({ status: 'built' });
    expect(rendered.map((tenant) => tenant.slug)).toEqual(['good-shop']);
    const photo = rendered[0]?.photos?.['photos/pie.jpg'];
    expect(photo).toMatchObject({ width: 800, height: 533 });
    for (const suffix of ['200.avif', '400.webp', '800.avif'])
      expect((await stat(join(outDir, 'good-shop', `${photo?.src}-${suffix}`))).size).toBeGreaterThan(0);
    expect(await readFile(join(outDir, 'good-shop', 'index.html'), 'utf8')).toContain(photo?.src);
    await expect(stat(join(outDir, 'bad-shop'))).rejects.toThrow();
  }, 60_000);
});

describe('downloading a remote photo', () => {
  let server: Server;
  let base: string;
  const limits: PhotoLimits = { bytes: 10_000, pixels: 50_000_000, timeoutMs: 300 };

  beforeAll(async () => {
    server = createServer((request, response) => {
      if (request.url === '/photo.jpg')
        return response.writeHead(200, { 'content-type': 'image/jpeg' }).end(Buffer.alloc(2_000, 1));
      if (request.url === '/gone.jpg') return response.writeHead(404).end();
      if (request.url === '/page.jpg')
        return response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<html>Not found</html>');
      if (request.url === '/big.jpg')
        return response
          .writeHead(200, { 'content-type': 'image/jpeg', 'content-length': '50000' })
          .end(Buffer.alloc(50_000));
      if (request.url === '/endless.jpg') {
        // No length given: the bound must hold while reading.
        response.writeHead(200, { 'content-type': 'image/jpeg' });
        const timer = setInterval(() => response.write(Buffer.alloc(4_000)), 5);
        response.on('close', () => clearInterval(timer));
        return undefined;
      }
      // /stalled.jpg: never answers.
      return undefined;
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('returns the photo', async () => {
    expect((await downloadPhoto(`${base}/photo.jpg`, limits)).length).toBe(2_000);
  });

  it.each([
    ['/gone.jpg', 'could not be downloaded (HTTP 404)'],
    ['/page.jpg', 'is not an image (the server sent text/html)'],
    ['/big.jpg', 'is larger than'],
    ['/endless.jpg', 'is larger than'],
    ['/stalled.jpg', 'could not be downloaded within 0.3 s'],
  ])('refuses %s: %s', async (path, message) => {
    await expect(downloadPhoto(`${base}${path}`, limits)).rejects.toThrow(message);
  });
});
