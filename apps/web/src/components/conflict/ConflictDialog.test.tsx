import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EditConflict, Image } from '@safarnama/contract';
import { makeImage } from '../../features/image-libraries/test-data';
import { stubObjectUrls } from '../../test/utils';
import { ConflictDialog, savedByText } from './ConflictDialog';
import { conflictRows, type ConflictField } from './conflictFields';
import { coverReading } from './coverReading';

interface Values {
  title: string;
  content: string;
  tags: string[];
  price: number;
  isActive: boolean;
  cover: File | null;
  gallery: Image[];
  internalNote: string;
}

const conflict: EditConflict = {
  entity: 'blog',
  entityId: 'b1',
  currentVersion: 8,
  yourVersion: 7,
  current: { images: [{ _id: 'img-9', kind: 'blog-cover', altText: '' }] },
  changedBy: { _id: 'a2', name: 'Priya Shah' },
  changedAt: '2025-01-05T09:34:00.000Z',
  changedFields: ['title'],
};

const opened: Values = {
  title: 'Munnar tea',
  content: '<p>Green <strong>hills</strong></p><p>Cool air</p>',
  tags: ['tea'],
  price: 1000,
  isActive: true,
  cover: null,
  gallery: [makeImage(1)],
  internalNote: 'a',
};
const theirs: Values = { ...opened, title: 'Munnar tea gardens', gallery: [makeImage(2)] };
const file = new File(['x'], 'new-cover.jpg', { type: 'image/jpeg' });
const mine: Values = {
  ...opened,
  content: '<p>Green hills</p><ul><li>Cool air</li><li>Mist</li></ul>',
  tags: ['tea', 'hills'],
  cover: file,
  internalNote: 'b',
};

const fields: ConflictField<Values>[] = [
  { keys: ['title'], label: 'Title' },
  { keys: ['content'], label: 'Content', rich: true },
  { keys: ['tags'], label: 'Tags' },
  { keys: ['price'], label: 'Price' },
  { keys: ['isActive'], label: 'Active' },
  {
    keys: ['cover'],
    label: 'Cover image',
    read: ({ cover }) => coverReading(cover, 'img-9', null),
  },
  {
    keys: ['gallery'],
    label: 'Gallery',
    read: ({ gallery }) => gallery.map((image) => ({ text: image.altText, image })),
  },
];

const renderDialog = (overrides: Partial<Parameters<typeof ConflictDialog<Values>>[0]> = {}) => {
  const props = {
    noun: 'blog',
    conflict,
    theirs,
    mine,
    opened,
    fields,
    onTakeTheirs: vi.fn(),
    onSave: vi.fn(),
    onCancel: vi.fn(),
    ...overrides,
  };
  render(<ConflictDialog {...props} />);
  return { ...props, user: userEvent.setup(), dialog: screen.getByRole('dialog') };
};

const legends = (dialog: HTMLElement) =>
  within(dialog)
    .getAllByRole('group')
    .map((group) => group.querySelector('legend')?.textContent);

describe('ConflictDialog (issue 21)', () => {
  beforeEach(() => {
    stubObjectUrls();
  });

  it('names the other admin and when, and lists only what differs with readable labels', () => {
    const { dialog } = renderDialog();
    expect(dialog).toHaveAccessibleName('Someone else saved this blog');
    expect(dialog).toHaveAccessibleDescription(
      'Priya Shah saved it at Jan 5, 2025, 3:04 PM IST. Choose what to keep where your version differs from theirs.',
    );
    // price and isActive are the same on both sides: no row; a value no row names gets one.
    expect(legends(dialog)).toEqual([
      'Title',
      'Content',
      'Tags',
      'Cover image',
      'Gallery',
      'Internal note',
    ]);
  });

  it('shows rich text as plain text, lists joined, pictures as thumbnails', () => {
    const { dialog } = renderDialog();
    const content = within(dialog).getByRole('group', { name: 'Content' });
    expect(within(content).getByRole('radio', { name: /^Theirs/ })).toHaveAccessibleName(
      /^Theirs:\s*Green hills\s+Cool air$/,
    );
    expect(within(content).getByRole('radio', { name: /^Mine/ })).toHaveAccessibleName(
      /^Mine:\s*Green hills\s+Cool air\s+Mist$/,
    );
    expect(content.textContent).not.toContain('<');

    const tags = within(dialog).getByRole('group', { name: 'Tags' });
    expect(within(tags).getByText('tea, hills')).toBeInTheDocument();

    const cover = within(dialog).getByRole('group', { name: 'Cover image' });
    // Theirs: a cover they saved, whose file the 409 does not carry (a placeholder); mine: the file.
    expect(within(cover).getByText('A new image they saved')).toBeInTheDocument();
    expect(cover.querySelector('[data-thumbnail="empty"]')).not.toBeNull();
    expect(within(cover).getByText('new-cover.jpg')).toBeInTheDocument();
    expect(cover.querySelector('img')?.getAttribute('src')).toBe('blob:test/new-cover.jpg');

    const gallery = within(dialog).getByRole('group', { name: 'Gallery' });
    const pictures = gallery.querySelectorAll('img[data-thumbnail="image"]');
    expect([...pictures].map((img) => img.getAttribute('src'))).toEqual([
      '/uploads/lib/2-320.webp',
      '/uploads/lib/1-320.webp',
    ]);
  });

  it('starts each row on the side that changed it; Save merged sends the rows chosen as mine', async () => {
    const { dialog, user, onSave } = renderDialog();
    const side = (label: string) =>
      within(within(dialog).getByRole('group', { name: label }))
        .getAllByRole('radio')
        .find((radio) => (radio as HTMLInputElement).checked)
        ?.getAttribute('value');
    expect(side('Title')).toBe('theirs');
    expect(side('Content')).toBe('mine');
    expect(side('Gallery')).toBe('theirs');

    // Keyboard: the arrows move the choice inside a row.
    within(within(dialog).getByRole('group', { name: 'Title' }))
      .getByRole('radio', {
        name: /^Theirs/,
      })
      .focus();
    await user.keyboard('{ArrowRight}');
    expect(side('Title')).toBe('mine');
    await user.click(
      within(within(dialog).getByRole('group', { name: 'Tags' })).getByRole('radio', {
        name: /^Theirs/,
      }),
    );

    await user.click(within(dialog).getByRole('button', { name: 'Save merged' }));
    expect(onSave).toHaveBeenCalledWith(['title', 'content', 'cover', 'internalNote']);
  });

  it('Keep mine sends every row; Take theirs and closing call theirs', async () => {
    const { dialog, user, onSave, onTakeTheirs, onCancel } = renderDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Keep mine' }));
    expect(onSave).toHaveBeenCalledWith([
      'title',
      'content',
      'tags',
      'cover',
      'gallery',
      'internalNote',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Take theirs' }));
    expect(onTakeTheirs).toHaveBeenCalledTimes(1);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});

describe('conflict helpers', () => {
  it('compare: a row compared by what `compare` answers', () => {
    const byIds: ConflictField<{ items: { _id: string; name: string }[] }>[] = [
      { keys: ['items'], label: 'Items', compare: ({ items }) => items.map((item) => item._id) },
    ];
    const a = { items: [{ _id: '1', name: 'One' }] };
    expect(conflictRows(byIds, a, { items: [{ _id: '1', name: 'One (renamed)' }] })).toEqual([]);
    expect(conflictRows(byIds, a, { items: [] })).toHaveLength(1);
  });

  it('savedByText without a name or a time', () => {
    expect(savedByText({ ...conflict, changedBy: null, changedAt: null })).toBe(
      'Another admin saved it after you opened it.',
    );
  });
});
