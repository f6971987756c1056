import { useId, useState } from 'react';
import type { ImageLibrary } from '@safarnama/contract';
import { Button } from '../../components/ui/Button';
import { EmptyState } from '../../components/ui/EmptyState';
import { Modal } from '../../components/ui/Modal';
import { Pagination } from '../../components/ui/Pagination';
import { SearchBox } from '../../components/ui/SearchBox';
import { Spinner } from '../../components/ui/Spinner';
import { Thumbnail } from '../../components/ui/Thumbnail';
import { useListPage, useSearchPaging } from '../../lib/useListPage';
import { imagesLabel } from './format';
import { useGetImageLibraryQuery, useListImageLibrariesQuery } from './imageLibraries.api';
import { OPERATION_FALLBACKS } from './imageLibraries.slice';

export const UNKNOWN_LIBRARY = 'Unknown Library';

interface ImageLibraryPickerProps {
  value: string | null;
  onChange: (id: string | null, library?: ImageLibrary) => void;
  label?: string;
}

/**
 * The "Image Library" field of the itinerary form and place details (spec §2): shows the chosen
 * library's title ('Unknown Library' when the id is set but no title can be found), opens a modal
 * list to choose one (page size 10, reloaded when opened and when its page or search changes; each
 * row shows the library's first image as a thumbnail), and the choice can be removed.
 */
export const ImageLibraryPicker = ({
  value,
  onChange,
  label = 'Image Library',
}: ImageLibraryPickerProps) => {
  const labelId = useId();
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<ImageLibrary | null>(null);
  const known = chosen && chosen._id === value ? chosen : null;
  const { data: fetched, isFetching } = useGetImageLibraryQuery(value ?? '', {
    skip: !value || known !== null,
  });
  const title = !value
    ? null
    : (known?.title ??
      (fetched?._id === value ? fetched.title : null) ??
      (isFetching ? 'Loading...' : UNKNOWN_LIBRARY));

  const handleSelect = (library: ImageLibrary): void => {
    setChosen(library);
    setOpen(false);
    onChange(library._id, library);
  };

  return (
    <div role="group" aria-labelledby={labelId}>
      <p
        id={labelId}
        className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-300"
      >
        {label}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <span
          className={`flex min-h-9 min-w-0 flex-1 items-center rounded-md border border-slate-300 bg-white px-3 text-sm dark:border-slate-700 dark:bg-slate-950 ${
            title ? 'text-slate-900 dark:text-slate-100' : 'text-slate-500 dark:text-slate-400'
          }`}
        >
          <span className="truncate">{title ?? 'No library chosen'}</span>
        </span>
        <Button
          variant="secondary"
          onClick={() => {
            setOpen(true);
          }}
        >
          Choose library
        </Button>
        {value ? (
          <Button
            variant="ghost"
            aria-label="Remove library"
            title="Remove library"
            onClick={() => {
              setChosen(null);
              onChange(null);
            }}
          >
            ×
          </Button>
        ) : null}
      </div>
      {open ? (
        <PickerModal
          selectedId={value}
          onSelect={handleSelect}
          onClose={() => {
            setOpen(false);
          }}
        />
      ) : null}
    </div>
  );
};

interface PickerModalProps {
  selectedId: string | null;
  onSelect: (library: ImageLibrary) => void;
  onClose: () => void;
}

const PickerModal = ({ selectedId, onSelect, onClose }: PickerModalProps) => {
  const paging = useSearchPaging();
  const list = useListPage(
    paging,
    // Mounted only while open, so opening (and each page or search) asks the server again.
    useListImageLibrariesQuery(paging.args, { refetchOnMountOrArgChange: true }),
    { rows: (data) => data.libraries, errorFallback: OPERATION_FALLBACKS.list },
  );
  const { pagination } = list;
  return (
    <Modal
      open
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title="Select Image Library"
      size="max-w-2xl"
    >
      <div className="space-y-4">
        <SearchBox
          value={list.searchText}
          onChange={list.setSearchText}
          placeholder="Search by title, description, or month..."
          label="Search image libraries"
        />
        {list.error ? (
          <p
            role="alert"
            className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900/60 dark:bg-red-950/40 dark:text-red-300"
          >
            {list.error}
          </p>
        ) : null}
        {list.isLoading ? (
          <div className="flex justify-center py-10 text-teal-600 dark:text-teal-400">
            <Spinner className="size-6" label="Loading libraries" />
          </div>
        ) : list.isEmpty ? (
          <EmptyState title="No image libraries found" />
        ) : (
          <ul
            aria-label="Image libraries"
            aria-busy={list.isFetching || undefined}
            className="divide-y divide-slate-200 rounded-md border border-slate-200 dark:divide-slate-800 dark:border-slate-800"
          >
            {list.rows.map((library) => {
              const selected = library._id === selectedId;
              return (
                <li key={library._id} className="flex items-center gap-3 px-3 py-2">
                  {/* The library's first image (issue 20), or a neutral placeholder. */}
                  <Thumbnail image={library.images[0]} />
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium text-slate-900 dark:text-white">
                      {library.title}
                    </p>
                    <p className="text-xs text-slate-500 dark:text-slate-400">
                      {library.month} · {imagesLabel(library.images.length)}
                      {library.status === 'active' ? '' : ' · inactive'}
                    </p>
                  </div>
                  <Button
                    size="sm"
                    variant={selected ? 'primary' : 'secondary'}
                    aria-label={`Select ${library.title}`}
                    aria-pressed={selected}
                    onClick={() => {
                      onSelect(library);
                    }}
                  >
                    {selected ? 'Selected' : 'Select'}
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
        {pagination && pagination.totalPages > 1 ? (
          <Pagination
            page={list.page}
            totalPages={pagination.totalPages}
            hasNextPage={pagination.hasNextPage}
            label="Library pages"
            onPageChange={list.setPage}
          />
        ) : null}
      </div>
    </Modal>
  );
};
