import type { ImgHTMLAttributes } from 'react';
import type { Image } from '@safarnama/contract';

/**
 * What `sizes` says when the caller does not: a thumbnail (most images of the back office are),
 * so a card or preview loads the 320 px variant, or the 768 px one on a high-density screen.
 * Anything shown wider passes its own `sizes`.
 */
export const DEFAULT_SIZES = '320px';

export interface ImgProps extends Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  'src' | 'srcSet' | 'sizes' | 'width' | 'height' | 'alt' | 'children'
> {
  /** A stored image as the contract presents it (its variants, size, placeholder, alt text). */
  image: Image;
  /** How wide the image is shown (the `sizes` attribute); default {@link DEFAULT_SIZES}. */
  sizes?: string;
  /** Replaces the image's own alt text (e.g. '' for a decorative picture, or a fallback name). */
  alt?: string;
}

/** A focal point as CSS `object-position` ('30% 60%'). */
export const focalPosition = ({ x, y }: { x: number; y: number }): string =>
  `${String(Math.round(x * 1000) / 10)}% ${String(Math.round(y * 1000) / 10)}%`;

/**
 * A stored image: the browser picks a WebP variant from `srcset` (320/768/1600 px, narrowest
 * first) for `sizes`; `src` is the widest variant for anything that ignores `srcset`, or the
 * original when there are no variants. width/height come from the image, so the box has its
 * shape before a byte arrives, and the dominant colour fills it meanwhile. Lazy and async by
 * default. Issue 24: the image's focal point is its `object-position`, so a box that crops it
 * (`object-fit: cover`) keeps the subject in view.
 */
export const Img = ({
  image,
  sizes = DEFAULT_SIZES,
  alt = image.altText,
  loading = 'lazy',
  decoding = 'async',
  style,
  ...rest
}: ImgProps) => {
  const variants = [...image.variants].sort((a, b) => a.width - b.width);
  const widest = variants.at(-1);
  return (
    <img
      {...rest}
      src={widest?.url ?? image.url}
      srcSet={widest ? variants.map((v) => `${v.url} ${String(v.width)}w`).join(', ') : undefined}
      sizes={widest ? sizes : undefined}
      width={image.width}
      height={image.height}
      alt={alt}
      loading={loading}
      decoding={decoding}
      style={{
        backgroundColor: image.placeholder || undefined,
        ...(image.focalPoint ? { objectPosition: focalPosition(image.focalPoint) } : {}),
        ...style,
      }}
    />
  );
};
