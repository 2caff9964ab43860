import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, realpath, rename, rm, stat, writeFile } from 'node:fs/promises';
import { isAbsolute, join, relative } from 'node:path';
import { threadId } from 'node:worker_threads';
import type { Sharp, SharpConstructor } from 'sharp';
import { z } from 'zod';
import {
  largestPhotoWidth,
  PHOTO_FOLDER,
  PHOTO_FORMATS,
  PHOTO_WIDTHS,
  photoWidths,
  type PhotoFormat,
  type ProductPhotos,
} from '../../lib/site/product-photo.ts';
import type { TenantProblem } from '../../lib/tenant/problem.ts';
import { tenantFiles, type Tenant } from '../../lib/tenant/tenant.ts';
import type { FileStats } from './tenant-stats.ts';

/**
 * Product photos are made here, in the tenant pipeline, not by Vite: each source (a file under the
 * tenant's `public/` or an https URL) becomes AVIF and WebP variants at PHOTO_WIDTHS, named by the
 * hash of the source and these settings, and kept in a cache folder (`.build/photos/`) that every
 * build and worker thread shares, so a photo is encoded once, not on every build of its tenant.
 */
const ENCODING = { widths: PHOTO_WIDTHS, avif: { quality: 50, effort: 2 }, webp: { quality: 72, effort: 4 } } as const;
const ENCODING_HASH = createHash('sha256').update(JSON.stringify(ENCODING)).digest('hex');

/** Bounds on what a tenant's photo may cost the build: a huge file, a decompression bomb or a stalled host fails that tenant alone. */
export interface PhotoLimits {
  bytes: number;
  pixels: number;
  timeoutMs: number;
}
export const PHOTO_LIMITS: PhotoLimits = { bytes: 20 * 1024 * 1024, pixels: 50_000_000, timeoutMs: 15_000 };
/** Photos encoded at once per thread: sharp spreads each over the cores, more only takes memory. */
const ENCODING_AT_ONCE = 2;

/** A variant to place in the deployment: its path there, the cached file it is linked from, and its stats. */
export interface PhotoFile {
  name: string;
  source: string;
  stats: FileStats;
}

export type PreparedPhotos = { photos: ProductPhotos; files: PhotoFile[] } | { problems: TenantProblem[] };

export interface PhotoContext {
  tenantsDir: string;
  photoCacheDir: string;
  limits?: PhotoLimits;
  /** Fetches a remote photo (tests pass their own); by default downloadPhoto with the limits. */
  download?: (url: string) => Promise<Buffer>;
}

/** A reason a photo cannot be used, worded to follow the photo's name in a build error. */
export class PhotoError extends Error {}

const cachedPhotoSchema = z.object({
  width: z.int().positive(),
  height: z.int().positive(),
  files: z.array(z.object({ name: z.string(), bytes: z.int().nonnegative(), digest: z.string() })).min(1),
});
type CachedPhoto = z.infer<typeof cachedPhotoSchema> & { key: string };

const remotePointerSchema = z.object({ url: z.string(), key: z.string() });

const PHOTO_JSON = 'photo.json';
const sha256 = (content: Buffer | string) => createHash('sha256').update(content).digest('hex');
const isRemote = (image: string) => /^https?:\/\//i.test(image);

let sharpModule: Promise<SharpConstructor> | undefined;
/** Loaded on first use: most builds encode nothing, and sharp's native library is not free to load. */
function loadSharp(): Promise<SharpConstructor> {
  sharpModule ??= import('sharp').then((module) => module.default);
  return sharpModule;
}

function limiter(size: number): <T>(work: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (work) => {
    if (running >= size) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await work();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
}
const encodingSlot = limiter(ENCODING_AT_ONCE);

/** A cache file's content, or undefined when it is missing or damaged: then the work is done again. */
async function readCacheFile<T>(file: string, schema: z.ZodType<T>): Promise<T | undefined> {
  try {
    const parsed = schema.safeParse(JSON.parse(await readFile(file, 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

async function readCached(cacheDir: string, key: string): Promise<CachedPhoto | undefined> {
  const cached = await readCacheFile(join(cacheDir, key, PHOTO_JSON), cachedPhotoSchema);
  if (!cached) return undefined;
  // A variant deleted by hand means encoding again, not a deployment with a hole in it.
  const present = await Promise.all(
    cached.files.map((file) =>
      stat(join(cacheDir, key, file.name)).then(
        () => true,
        () => false,
      ),
    ),
  );
  return present.every(Boolean) ? { ...cached, key } : undefined;
}

/**
 * Renames a finished entry into place. When the place is taken, either another thread got there
 * first with the same content (kept), or a damaged entry is there (replaced).
 */
async function placeEntry(partial: string, final: string, isWhole: () => Promise<unknown>): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      await rename(partial, final);
      return;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if ((code !== 'ENOTEMPTY' && code !== 'EEXIST') || attempt > 1) throw error;
      if (await isWhole()) return;
      await rm(final, { recursive: true, force: true });
    }
  }
}

const tooLarge = (bytes: number) =>
  `is larger than ${bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} KB`}`;
const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));
const unreadable = (error: unknown) => new PhotoError(`is not an image the build can read (${describe(error)})`);
/** What sharp calls the formats a tenant may use (AVIF is HEIF's). */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif']);

/** Encodes under way in this thread, so two tenants of a batch sharing a photo wait for one encoding. */
const encoding = new Map<string, Promise<CachedPhoto>>();

/** Makes every variant of one source into the cache, or finds them there. */
async function encodeOnce(source: Buffer, context: PhotoContext): Promise<CachedPhoto> {
  const key = sha256(Buffer.concat([Buffer.from(ENCODING_HASH), source])).slice(0, 16);
  const cached = await readCached(context.photoCacheDir, key);
  if (cached) return cached;
  const place = join(context.photoCacheDir, key);
  let running = encoding.get(place);
  if (!running) {
    running = encodingSlot(() => encode(source, key, context)).finally(() => encoding.delete(place));
    encoding.set(place, running);
  }
  return running;
}

async function encode(source: Buffer, key: string, context: PhotoContext): Promise<CachedPhoto> {
  const sharp = await loadSharp().catch((error: unknown) => {
    throw new PhotoError(`could not be converted: the image library (sharp) did not load (${describe(error)})`);
  });
  const limits = context.limits ?? PHOTO_LIMITS;
  const input: Sharp = sharp(source, { failOn: 'error', limitInputPixels: limits.pixels, autoOrient: true });
  const metadata = await input.metadata().catch((error: unknown) => {
    throw unreadable(error);
  });
  // A URL may answer with any format sharp reads (SVG, TIFF, GIF…); only photos' formats are taken.
  if (!ACCEPTED_FORMATS.has(metadata.format))
    throw new PhotoError(`is a ${metadata.format.toUpperCase()} file; expected JPEG, PNG, WebP or AVIF`);
  const width = metadata.autoOrient.width;
  const largest = largestPhotoWidth(width);
  // Its own folder per writer, renamed into place when whole: two threads encoding the same photo
  // both succeed, and a build that dies midway leaves no half-written entry behind.
  const partial = join(context.photoCacheDir, `${key}.partial-${process.pid}-${threadId}-${randomUUID().slice(0, 8)}`);
  await mkdir(partial, { recursive: true });
  try {
    const variants = await Promise.all(
      photoWidths(largest).flatMap((variantWidth) =>
        PHOTO_FORMATS.map(async (format: PhotoFormat) => {
          const resized = input.clone().resize({ width: variantWidth });
          const encoded = format === 'avif' ? resized.avif(ENCODING.avif) : resized.webp(ENCODING.webp);
          const { data, info } = await encoded.toBuffer({ resolveWithObject: true }).catch((error: unknown) => {
            throw unreadable(error);
          });
          const name = `${key}-${variantWidth}.${format}`;
          await writeFile(join(partial, name), data);
          return { name, bytes: data.length, digest: sha256(data), width: info.width, height: info.height };
        }),
      ),
    );
    const biggest = variants.find((variant) => variant.width === largest) ?? variants[variants.length - 1];
    const entry: CachedPhoto = {
      key,
      width: largest,
      height: biggest?.height ?? largest,
      files: variants.map(({ name, bytes, digest }) => ({ name, bytes, digest })),
    };
    await writeFile(
      join(partial, PHOTO_JSON),
      JSON.stringify({ width: entry.width, height: entry.height, files: entry.files }),
    );
    await placeEntry(partial, join(context.photoCacheDir, key), () => readCached(context.photoCacheDir, key));
    return entry;
  } finally {
    await rm(partial, { recursive: true, force: true });
  }
}

/**
 * Fetches a remote photo once (then the cache answers for its URL): https only, a timeout and a size
 * bound, so a slow or huge answer fails its tenant instead of stalling the build.
 */
export async function downloadPhoto(url: string, limits: PhotoLimits = PHOTO_LIMITS): Promise<Buffer> {
  const seconds = `${limits.timeoutMs / 1000} s`;
  try {
    const response = await fetch(url, {
      signal: AbortSignal.timeout(limits.timeoutMs),
      headers: { accept: 'image/avif,image/webp,image/png,image/jpeg,image/*' },
    });
    if (!response.ok) throw new PhotoError(`could not be downloaded (HTTP ${response.status})`);
    if (url.startsWith('https:') && !response.url.startsWith('https:'))
      throw new PhotoError('redirected away from https');
    const type = response.headers.get('content-type') ?? '';
    if (type !== '' && !type.startsWith('image/') && !type.startsWith('application/octet-stream'))
      throw new PhotoError(`is not an image (the server sent ${type.split(';')[0]})`);
    if (Number(response.headers.get('content-length') ?? 0) > limits.bytes)
      throw new PhotoError(tooLarge(limits.bytes));
    const chunks: Uint8Array[] = [];
    let received = 0;
    for await (const chunk of response.body ?? []) {
      received += chunk.byteLength;
      if (received > limits.bytes) {
        await response.body?.cancel().catch(() => {});
        throw new PhotoError(tooLarge(limits.bytes));
      }
      chunks.push(chunk);
    }
    return Buffer.concat(chunks);
  } catch (error) {
    if (error instanceof PhotoError) throw error;
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
      throw new PhotoError(`could not be downloaded within ${seconds}`);
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
    throw new PhotoError(`could not be downloaded (${error instanceof Error ? error.message : String(error)}${cause})`);
  }
}

async function remotePhoto(url: string, context: PhotoContext): Promise<CachedPhoto> {
  // The URL names the content, as CDNs' versioned URLs do: a changed photo at the same URL is seen
  // only when its tenant is built without this cache (CI) or the pointer is deleted.
  const pointer = join(context.photoCacheDir, 'remote', `${sha256(url).slice(0, 32)}.json`);
  const known = await readCacheFile(pointer, remotePointerSchema);
  if (known?.url === url) {
    const cached = await readCached(context.photoCacheDir, known.key);
    if (cached) return cached;
  }
  const download = context.download ?? ((target: string) => downloadPhoto(target, context.limits));
  const entry = await encodeOnce(await download(url), context);
  await mkdir(join(context.photoCacheDir, 'remote'), { recursive: true });
  const next = `${pointer}.${process.pid}-${threadId}`;
  await writeFile(next, JSON.stringify({ url, key: entry.key }));
  await rename(next, pointer);
  return entry;
}

async function localPhoto(image: string, publicDir: string, context: PhotoContext): Promise<CachedPhoto> {
  const limits = context.limits ?? PHOTO_LIMITS;
  let file: string;
  try {
    file = await realpath(join(publicDir, ...image.split('/')));
  } catch {
    throw new PhotoError('does not exist');
  }
  // A link may not take the build outside the tenant's own public files.
  const inside = relative(await realpath(publicDir), file);
  if (inside.startsWith('..') || isAbsolute(inside)) throw new PhotoError("leads outside the tenant's public/ folder");
  const info = await stat(file);
  if (!info.isFile()) throw new PhotoError('is not a file');
  if (info.size > limits.bytes) throw new PhotoError(tooLarge(limits.bytes));
  return encodeOnce(await readFile(file), context);
}

/**
 * The photos of a tenant's products: each distinct `image` made (or found) once, with the variant
 * files its deployment links in. Every broken photo is reported against the product that names it.
 */
export async function prepareProductPhotos(tenant: Tenant, context: PhotoContext): Promise<PreparedPhotos> {
  const bySource = new Map<string, number[]>();
  tenant.productsInfoSsr.products.forEach((product, index) => {
    if (product.image !== '') bySource.set(product.image, [...(bySource.get(product.image) ?? []), index]);
  });
  if (bySource.size === 0) return { photos: {}, files: [] };
  await mkdir(context.photoCacheDir, { recursive: true });
  const publicDir = join(context.tenantsDir, tenant.slug, 'public');
  const dataFile = join('tenants', tenant.slug, tenantFiles.productsInfoSsr.file);
  const photos: ProductPhotos = {};
  const files = new Map<string, PhotoFile>();
  const problems: TenantProblem[] = [];
  for (const [image, indexes] of bySource) {
    try {
      const entry = isRemote(image) ? await remotePhoto(image, context) : await localPhoto(image, publicDir, context);
      photos[image] = { src: `/${PHOTO_FOLDER}/${entry.key}`, width: entry.width, height: entry.height };
      for (const file of entry.files) {
        // Images are not compressed again by the servers, so their gzip size is their size.
        files.set(file.name, {
          name: `${PHOTO_FOLDER}/${file.name}`,
          source: join(context.photoCacheDir, entry.key, file.name),
          stats: { bytes: file.bytes, gzipBytes: file.bytes, digest: file.digest },
        });
      }
    } catch (error) {
      const subject = isRemote(image) ? image : join('tenants', tenant.slug, 'public', image);
      const reason = error instanceof PhotoError ? error.message : `could not be made into photos (${describe(error)})`;
      for (const index of indexes)
        problems.push({ file: dataFile, path: `$.products[${index}].image`, message: `${subject} ${reason}` });
    }
  }
  return problems.length > 0 ? { problems } : { photos, files: [...files.values()] };
}
