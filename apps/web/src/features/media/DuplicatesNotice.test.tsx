import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DUPLICATE_TEXTS, type DuplicateUpload } from '@safarnama/contract';
import { renderRoutes } from '../../test/utils';
import { DuplicatesNotice } from './DuplicatesNotice';

const duplicate = (id: string, holder: string): DuplicateUpload => ({
  _id: id,
  fileKey: `images/2026/12/${id}.jpg`,
  matches: [
    {
      _id: `${id}-old`,
      url: `/uploads/images/2026/12/${id}-old-320.webp`,
      distance: 2,
      ownerType: 'image-library',
      ownerId: 'lib-1',
      ownerName: holder,
      link: '/services/image-library',
    },
  ],
});

describe('DuplicatesNotice', () => {
  it('lists where each copy is; Keep and Remove settle one row each, then it is done', async () => {
    const user = userEvent.setup();
    const onRemove = vi.fn(() => Promise.resolve());
    const onDone = vi.fn();
    renderRoutes(
      [
        {
          path: '*',
          element: (
            <DuplicatesNotice
              duplicates={[
                duplicate('a', 'Image library “Goa”'),
                duplicate('b', 'Itinerary gallery “Kerala”'),
              ]}
              nameOf={(id) => (id === 'a' ? 'Beach at dawn' : undefined)}
              onRemove={onRemove}
              onDone={onDone}
            />
          ),
        },
      ],
      '/',
    );
    const notice = screen.getByRole('region', { name: DUPLICATE_TEXTS.title });
    expect(notice).toHaveTextContent(DUPLICATE_TEXTS.summary(2));
    expect(within(notice).getByRole('link', { name: 'Image library “Goa”' })).toHaveAttribute(
      'href',
      '/services/image-library',
    );
    const first = within(notice).getByRole('listitem', { name: 'Beach at dawn' });
    await user.click(within(first).getByRole('button', { name: DUPLICATE_TEXTS.keep }));
    expect(screen.queryByRole('listitem', { name: 'Beach at dawn' })).not.toBeInTheDocument();
    expect(onRemove).not.toHaveBeenCalled();
    expect(onDone).not.toHaveBeenCalled();

    const second = screen.getByRole('listitem', { name: 'New image 1' });
    await user.click(within(second).getByRole('button', { name: DUPLICATE_TEXTS.remove }));
    expect(onRemove).toHaveBeenCalledWith(['b']);
    await waitFor(() => {
      expect(onDone).toHaveBeenCalledTimes(1);
    });
    expect(await screen.findByText(DUPLICATE_TEXTS.removed)).toBeInTheDocument();
  });

  it('keeps the row when the removal fails', async () => {
    const user = userEvent.setup();
    const onDone = vi.fn();
    renderRoutes(
      [
        {
          path: '*',
          element: (
            <DuplicatesNotice
              duplicates={[duplicate('a', 'Image library “Goa”')]}
              onRemove={() => Promise.reject(new Error('offline'))}
              onDone={onDone}
            />
          ),
        },
      ],
      '/',
    );
    await user.click(screen.getByRole('button', { name: DUPLICATE_TEXTS.remove }));
    expect(await screen.findByText('An error occurred while removing image')).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'New image 1' })).toBeInTheDocument();
    expect(onDone).not.toHaveBeenCalled();
  });
});
