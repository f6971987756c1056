import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Image } from '@safarnama/contract';
import { SingleImageField } from './SingleImageField';
import { stubObjectUrls } from '../../test/utils';

const cover: Image = {
  _id: '0190c0de-0000-7000-8000-0000000i0001',
  url: '/uploads/images/cover.jpg',
  fileKey: 'images/cover.jpg',
  publicUrl: '/uploads/images/cover.jpg',
  altText: 'Fort at dusk',
  order: 0,
  mimeType: 'image/jpeg',
  width: 1200,
  height: 900,
  bytes: 90_000,
  placeholder: '#804020',
  variants: [
    { width: 320, height: 240, url: '/uploads/images/cover-320.webp' },
    { width: 768, height: 576, url: '/uploads/images/cover-768.webp' },
  ],
};

const Harness = (props: { currentImage?: Image; currentUrl?: string }) => {
  const [file, setFile] = useState<File | null>(null);
  return (
    <SingleImageField
      label="Cover Image"
      {...props}
      file={file}
      onChange={setFile}
      accept={{ 'image/png': ['.png'] }}
      maxSize={10_000_000}
      minSize={100}
      typesLabel="PNG"
    />
  );
};

beforeEach(() => {
  stubObjectUrls();
});

describe('SingleImageField', () => {
  it('shows the saved image with its variants until a file is chosen, then the file', async () => {
    const user = userEvent.setup();
    render(<Harness currentImage={cover} />);
    const saved = screen.getByRole('img', { name: 'Current cover image' });
    expect(saved).toHaveAttribute(
      'srcset',
      '/uploads/images/cover-320.webp 320w, /uploads/images/cover-768.webp 768w',
    );
    expect(saved).toHaveAttribute('sizes', '(min-width: 640px) 160px, 100vw');
    expect(screen.queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();

    const chosen = new File([new Uint8Array(2048)], 'new.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Choose an image file'), chosen);
    expect(await screen.findByRole('img', { name: 'Preview of new.png' })).toHaveAttribute(
      'src',
      'blob:test/new.png',
    );
    expect(screen.queryByRole('img', { name: 'Current cover image' })).not.toBeInTheDocument();

    // Dropping the chosen file shows the saved image again.
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(screen.getByRole('img', { name: 'Current cover image' })).toBeInTheDocument();
  });

  it('shows a saved image known only by its URL as it is', () => {
    render(<Harness currentUrl="/uploads/logo.png" />);
    const saved = screen.getByRole('img', { name: 'Current cover image' });
    expect(saved).toHaveAttribute('src', '/uploads/logo.png');
    expect(saved).not.toHaveAttribute('srcset');
  });
});
