import type { ReactNode } from 'react';
import { coverWidth, photoFallback, photoSrcSet, type ProductPhoto as Photo } from '../lib/site/product-photo.ts';

/**
 * Where a photo sits, with the box it fills (CSS px) at each breakpoint, so `sizes` asks for what
 * is drawn: a card's square thumbnail, a list row's smaller one, the builder's full-width header.
 */
const shapes = {
  card: {
    box: 'size-24 rounded-xl sm:size-28',
    sizes: (photo: Photo) => `(min-width: 640px) ${coverWidth(photo, 112, 1)}px, ${coverWidth(photo, 96, 1)}px`,
  },
  row: {
    box: 'size-16 rounded-lg sm:size-20',
    sizes: (photo: Photo) => `(min-width: 640px) ${coverWidth(photo, 80, 1)}px, ${coverWidth(photo, 64, 1)}px`,
  },
  // Full bleed under the dialog's title: the dialog is min(40rem, 100vw - 1.5rem) wide.
  header: {
    box: '-mx-5 -mt-4 mb-4 aspect-[2/1] sm:aspect-[5/2]',
    sizes: (photo: Photo) => {
      const overflow = Math.max(1, photo.width / photo.height / 2);
      return overflow > 1
        ? `(min-width: 41.5rem) ${coverWidth(photo, 640, 2.5)}px, calc((100vw - 1.5rem) * ${overflow.toFixed(2)})`
        : '(min-width: 41.5rem) 640px, calc(100vw - 1.5rem)';
    },
  },
} as const;

interface Props {
  photo: Photo;
  shape: keyof typeof shapes;
  /** Only for a photo in the first screenful: the rest wait until they are scrolled near. */
  eager?: boolean;
}

/**
 * A product photo in AVIF or WebP at the width the screen needs. Its box is sized before the photo
 * arrives, so nothing moves when it does; decorative (`alt=""`), as the dish's name is beside it.
 */
export function ProductPhoto({ photo, shape, eager = false }: Props) {
  const { box, sizes } = shapes[shape];
  const sized = sizes(photo);
  return (
    <picture className={`block shrink-0 overflow-hidden bg-muted ${box}`} data-product-photo>
      <source type="image/avif" srcSet={photoSrcSet(photo, 'avif')} sizes={sized} />
      <source type="image/webp" srcSet={photoSrcSet(photo, 'webp')} sizes={sized} />
      <img
        src={photoFallback(photo)}
        width={photo.width}
        height={photo.height}
        alt=""
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        className="size-full object-cover"
      />
    </picture>
  );
}

/**
 * A product's text with its photo: a card's beside its name and description, as ordering sites put
 * thumbnails; a list row's under its name line (name, leader, price and Add need the row's whole
 * width on a phone), beside the description. Without a photo, the text alone, exactly as before.
 */
export function WithPhoto({
  photo,
  shape,
  children,
}: {
  photo: Photo | undefined;
  shape: 'card' | 'row';
  children: ReactNode;
}) {
  if (!photo) return children;
  // Lazy, every one: on the sample layouts the menu starts below the first screenful, and a lazy
  // photo near it still loads at once (Chromium fetches those within 1,250 px of the viewport).
  const image = <ProductPhoto photo={photo} shape={shape} />;
  if (shape === 'row') {
    return (
      // The photo spans a last flexible row, so a short description does not stretch to its height.
      <div className="grid grid-cols-[minmax(0,1fr)_auto] grid-rows-[auto_auto_auto_1fr] gap-x-3 [&>:first-child]:col-span-2">
        {children}
        <div className="col-start-2 row-span-3 row-start-2 pt-2">{image}</div>
      </div>
    );
  }
  return (
    <div className="flex items-start gap-3">
      <div className="flex min-w-0 flex-1 flex-col gap-2">{children}</div>
      {image}
    </div>
  );
}
