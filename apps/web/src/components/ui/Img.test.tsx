import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { Image } from '@safarnama/contract';
import { Img } from './Img';

const photo = (overrides: Partial<Image> = {}): Image => ({
  _id: '0190c0de-0000-7000-8000-0000000i0001',
  url: '/uploads/images/2025/06/beach.jpg',
  fileKey: 'images/2025/06/beach.jpg',
  publicUrl: '/uploads/images/2025/06/beach.jpg',
  altText: 'Beach at dawn',
  order: 0,
  mimeType: 'image/jpeg',
  width: 2400,
  height: 1600,
  bytes: 512_000,
  placeholder: '#336699',
  // Out of order on purpose: the component sorts them.
  variants: [
    { width: 1600, height: 1067, url: '/uploads/images/2025/06/beach-1600.webp' },
    { width: 320, height: 213, url: '/uploads/images/2025/06/beach-320.webp' },
    { width: 768, height: 512, url: '/uploads/images/2025/06/beach-768.webp' },
  ],
  ...overrides,
});

describe('Img', () => {
  it('offers every variant narrowest first, for a thumbnail by default, with the alt text', () => {
    render(<Img image={photo()} className="size-full" />);
    const img = screen.getByRole('img', { name: 'Beach at dawn' });
    expect(img).toHaveAttribute(
      'srcset',
      '/uploads/images/2025/06/beach-320.webp 320w, /uploads/images/2025/06/beach-768.webp 768w, /uploads/images/2025/06/beach-1600.webp 1600w',
    );
    expect(img).toHaveAttribute('sizes', '320px');
    expect(img).toHaveAttribute('src', '/uploads/images/2025/06/beach-1600.webp');
    // The box has the image's shape and colour before it loads; loading waits for the viewport.
    expect(img).toHaveAttribute('width', '2400');
    expect(img).toHaveAttribute('height', '1600');
    expect(img).toHaveStyle({ backgroundColor: '#336699' });
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('decoding', 'async');
    expect(img).toHaveClass('size-full');
  });

  it('takes sizes, alt and loading from the caller', () => {
    render(
      <Img
        image={photo({ altText: '' })}
        sizes="(min-width: 768px) 768px, 100vw"
        alt="Gallery image 2"
        loading="eager"
      />,
    );
    const img = screen.getByRole('img', { name: 'Gallery image 2' });
    expect(img).toHaveAttribute('sizes', '(min-width: 768px) 768px, 100vw');
    expect(img).toHaveAttribute('loading', 'eager');
  });

  it('is decorative when the image has no alt text and none is given', () => {
    const { container } = render(<Img image={photo({ altText: '' })} />);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(container.querySelector('img')).toHaveAttribute('alt', '');
  });

  it('falls back to the stored original when there are no variants', () => {
    render(<Img image={photo({ variants: [], placeholder: '' })} />);
    const img = screen.getByRole('img', { name: 'Beach at dawn' });
    expect(img).toHaveAttribute('src', '/uploads/images/2025/06/beach.jpg');
    expect(img).not.toHaveAttribute('srcset');
    expect(img).not.toHaveAttribute('sizes');
    expect(img.style.backgroundColor).toBe('');
  });
});
