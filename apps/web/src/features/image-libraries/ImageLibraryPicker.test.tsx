import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makePagination, type ImageLibrary } from '@safarnama/contract';
import {
  renderWithStore,
  stubFetch,
  type RecordedCall,
  okResponse,
  errorResponse,
} from '../../test/utils';
import { ImageLibraryPicker } from './ImageLibraryPicker';
import { listAnswer, makeImage, makeLibrary } from './test-data';

const BASE = '/api/v1/admin/service/image-libraries';
const all = Array.from({ length: 12 }, (_, n) => makeLibrary(n + 1, { title: `Library ${n + 1}` }));

const stubServer = () =>
  stubFetch((call) => {
    if (call.url === BASE) {
      const page = Number(call.search.get('page') ?? 1);
      const search = call.search.get('search') ?? '';
      const matching = all.filter((library) => library.title.includes(search));
      return okResponse(
        listAnswer(
          matching.slice((page - 1) * 10, page * 10),
          makePagination(matching.length, page, 10),
        ),
      );
    }
    const known = all.find((library) => call.url === `${BASE}/${library._id}`);
    return known
      ? okResponse({ data: known })
      : errorResponse(404, 'NOT_FOUND', 'Image library not found');
  });

const listCalls = (calls: RecordedCall[]) => calls.filter((call) => call.url === BASE);

const Harness = ({
  initial,
  onChange,
}: {
  initial: string | null;
  onChange: (id: string | null, library?: ImageLibrary) => void;
}) => {
  const [value, setValue] = useState(initial);
  return (
    <ImageLibraryPicker
      value={value}
      onChange={(id, library) => {
        setValue(id);
        onChange(id, library);
      }}
    />
  );
};

const renderPicker = (initial: string | null = null) => {
  const onChange = vi.fn();
  renderWithStore(<Harness initial={initial} onChange={onChange} />);
  return { onChange, user: userEvent.setup() };
};

describe('ImageLibraryPicker', () => {
  it('chooses a library from a paged modal list and can remove it', async () => {
    const calls = stubServer();
    const { onChange, user } = renderPicker();
    expect(screen.getByRole('group', { name: 'Image Library' })).toHaveTextContent(
      'No library chosen',
    );
    expect(screen.queryByRole('button', { name: 'Remove library' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Choose library' }));
    const dialog = await screen.findByRole('dialog', { name: 'Select Image Library' });
    await within(dialog).findByText('Library 1');
    expect(listCalls(calls).at(-1)?.search.toString()).toBe('page=1&limit=10');

    await user.click(within(dialog).getByRole('button', { name: 'Page 2' }));
    await within(dialog).findByText('Library 12');
    expect(listCalls(calls).at(-1)?.search.toString()).toBe('page=2&limit=10');

    await user.click(within(dialog).getByRole('button', { name: 'Select Library 12' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    expect(onChange).toHaveBeenLastCalledWith(all[11]?._id, all[11]);
    expect(screen.getByRole('group', { name: 'Image Library' })).toHaveTextContent('Library 12');

    await user.click(screen.getByRole('button', { name: 'Remove library' }));
    expect(onChange.mock.lastCall?.[0]).toBeNull();
    expect(screen.getByRole('group', { name: 'Image Library' })).toHaveTextContent(
      'No library chosen',
    );
  });

  it('reloads the list each time it opens and when the search changes', async () => {
    const calls = stubServer();
    const { user } = renderPicker();
    await user.click(screen.getByRole('button', { name: 'Choose library' }));
    let dialog = await screen.findByRole('dialog', { name: 'Select Image Library' });
    await within(dialog).findByText('Library 1');
    await user.keyboard('{Escape}');
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    await user.click(screen.getByRole('button', { name: 'Choose library' }));
    dialog = await screen.findByRole('dialog', { name: 'Select Image Library' });
    await within(dialog).findByText('Library 1');
    expect(listCalls(calls)).toHaveLength(2);

    await user.type(within(dialog).getByRole('searchbox'), 'Library 11');
    await waitFor(
      () => {
        expect(listCalls(calls).at(-1)?.search.get('search')).toBe('Library 11');
      },
      { timeout: 2000 },
    );
    expect(listCalls(calls).at(-1)?.search.get('page')).toBe('1');
    expect(
      await within(dialog).findByRole('button', { name: 'Select Library 11' }),
    ).toBeInTheDocument();
  });

  it("shows each library's first image as a lazy thumbnail, a placeholder when it has none", async () => {
    const pictured = makeLibrary(1, {
      title: 'Backwaters',
      images: [makeImage(7, { altText: 'Houseboat' }), makeImage(8)],
    });
    const bare = makeLibrary(2, { title: 'Empty one' });
    stubFetch((call) =>
      call.url === BASE
        ? okResponse(listAnswer([pictured, bare]))
        : errorResponse(404, 'NOT_FOUND', 'Image library not found'),
    );
    const { user } = renderPicker();
    await user.click(screen.getByRole('button', { name: 'Choose library' }));
    const dialog = await screen.findByRole('dialog', { name: 'Select Image Library' });
    const rowOf = async (title: string) =>
      (await within(dialog).findByText(title)).closest('li') as HTMLElement;

    const withImage = await rowOf('Backwaters');
    const thumb = withImage.querySelector('img');
    expect(thumb).not.toBeNull();
    expect(thumb?.getAttribute('src')).toBe('/uploads/lib/7-320.webp');
    expect(thumb?.getAttribute('srcset')).toBe('/uploads/lib/7-320.webp 320w');
    expect(thumb?.getAttribute('loading')).toBe('lazy');
    // Decorative: the title beside it names the library.
    expect(thumb?.getAttribute('alt')).toBe('');
    expect(withImage.querySelector('[data-thumbnail="empty"]')).toBeNull();

    const without = await rowOf('Empty one');
    expect(without.querySelector('img')).toBeNull();
    expect(without.querySelector('[data-thumbnail="empty"]')).toHaveAttribute(
      'aria-hidden',
      'true',
    );
  });

  it('shows the title of a library chosen earlier', async () => {
    stubServer();
    renderPicker(all[2]?._id ?? null);
    expect(await screen.findByText('Library 3')).toBeInTheDocument();
  });

  it("falls back to 'Unknown Library'", async () => {
    stubServer();
    renderPicker('0190c0de-0000-7000-8000-00000000dead');
    expect(await screen.findByText('Unknown Library')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove library' })).toBeInTheDocument();
  });
});
