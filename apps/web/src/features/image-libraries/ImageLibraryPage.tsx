import { lazy, useState } from 'react';
import { IMAGE_LIBRARY_MESSAGES, MEDIA_USAGE_TEXTS, type ImageLibrary } from '@safarnama/contract';
import { EditingBadge } from '../../app/realtime/EditingNote';
import { DataTable, ListPageShell, PersonCell, RowAction } from '../../components/ui/ListPageShell';
import { formatShortDate, useDisplaySettings } from '../../lib/format';
import { useListDialog, useListPage, useRowAction, useSearchPaging } from '../../lib/useListPage';
import { useCan } from '../auth/useCan';
import { BulkActionBar, SelectRowCell, selectionColumn } from '../../components/ui/BulkActionBar';
import { useRowSelection } from '../../lib/useRowSelection';
import { LazyUsageConfirmDialog } from '../media/LazyUsageConfirmDialog';
import { imagesLabel, tableDescription } from './format';
import {
  useDeleteImageLibraryMutation,
  useListImageLibrariesQuery,
  useToggleImageLibraryStatusMutation,
} from './imageLibraries.api';
import { OPERATION_FALLBACKS } from './imageLibraries.slice';
import { CsvActions } from '../csv/CsvActions';

// The modals pull in react-dropzone and @dnd-kit: they load when first opened.
const LibraryFormModal = lazy(() =>
  import('./LibraryFormModal').then((module) => ({ default: module.LibraryFormModal })),
);
const ImageManagerModal = lazy(() =>
  import('./ImageManagerModal').then((module) => ({ default: module.ImageManagerModal })),
);

const TEXTS = {
  title: 'Image Library Management',
  description: 'Reusable photo libraries, by month, for itineraries and place details.',
  searchPlaceholder: 'Search by title, description, or month...',
  searchLabel: 'Search image libraries',
  emptyTitle: 'No image libraries found',
  emptyMessage: 'Create a library to start collecting images.',
  countLabel: ['library', 'libraries'],
  loadingLabel: 'Loading libraries',
  addLabel: 'Add New Library',
} as const;

/** Spec §8: toggle and delete failures are logged; the failure toast follows. */
const logError = (error: unknown): boolean => {
  console.error(error);
  return false;
};

/** /services/image-library: 'Image Library Management' (spec §2). */
export const ImageLibraryPage = () => {
  useDisplaySettings(); // prices and dates follow the Basic Settings live
  const canCreate = useCan('image-libraries.create');
  const canUpdate = useCan('image-libraries.update');
  const canDelete = useCan('image-libraries.delete');

  const paging = useSearchPaging();
  const list = useListPage(paging, useListImageLibrariesQuery(paging.args), {
    rows: (data) => data.libraries,
    errorFallback: OPERATION_FALLBACKS.list,
    alwaysShowPages: true,
  });
  const libraries = list.rows;

  const { dialog, open, openForm, close, onAdd } = useListDialog<
    ImageLibrary,
    { kind: 'images'; library: ImageLibrary }
  >(canCreate);

  const [deleteLibrary] = useDeleteImageLibraryMutation();
  const [toggleStatus] = useToggleImageLibraryStatusMutation();
  // Issue 24: the question reads where the library is used first (LazyUsageConfirmDialog).
  const [deleting, setDeleting] = useState<ImageLibrary | null>(null);
  const remove = useRowAction({
    run: ({ _id, force }: ImageLibrary & { force: boolean }) =>
      deleteLibrary({ id: _id, force }).unwrap(),
    failure: OPERATION_FALLBACKS.delete,
    onSuccess: () => {
      // The last row of a later page went: show the page before it.
      if (libraries.length === 1 && list.page > 1) list.setPage(list.page - 1);
    },
    onError: logError,
  });
  const toggle = useRowAction({
    run: (library: ImageLibrary) => toggleStatus(library._id).unwrap(),
    failure: OPERATION_FALLBACKS.toggleStatus,
    onError: logError,
  });

  const showActions = canUpdate || canDelete;
  // Issue 24: row checkboxes and the bulk action bar.
  const selection = useRowSelection(list, { enabled: showActions });

  const dialogs = (
    <>
      <LazyUsageConfirmDialog
        target={deleting ? { kind: 'library', id: deleting._id } : null}
        title="Delete Image Library"
        message={IMAGE_LIBRARY_MESSAGES.deleteConfirm}
        inUseMessage={MEDIA_USAGE_TEXTS.libraryConfirmInUse}
        canForce={canDelete}
        onConfirm={(force) => {
          if (deleting) remove.start({ ...deleting, force });
        }}
        onClose={() => {
          setDeleting(null);
        }}
      />

      {dialog.kind === 'form' ? <LibraryFormModal library={dialog.record} onClose={close} /> : null}
      {dialog.kind === 'images' ? (
        <ImageManagerModal library={dialog.library} onClose={close} />
      ) : null}
    </>
  );

  return (
    <ListPageShell
      list={list}
      texts={TEXTS}
      onAdd={onAdd}
      dialogs={dialogs}
      filters={<CsvActions entity="image-libraries" params={{ search: paging.search }} />}
    >
      <BulkActionBar
        selection={selection}
        entity="image-library"
        can={{ update: canUpdate, delete: canDelete }}
        nameOf={(id) => libraries.find((row) => row._id === id)?.title}
      />
      <DataTable
        columns={[
          selectionColumn(selection),
          'Title',
          'Description',
          'Month',
          'Images',
          'Created',
          'Status',
          'Author',
          showActions && 'Actions',
        ]}
      >
        {libraries.map((library) => (
          <tr key={library._id} className="align-top">
            <SelectRowCell selection={selection} id={library._id} name={library.title} />
            <td className="max-w-48 min-w-32 px-3 py-3 font-medium break-words text-slate-900 dark:text-white">
              {library.title}
              <EditingBadge entity="image-library" id={library._id} />
            </td>
            <td
              className="max-w-xs min-w-44 px-3 py-3 text-slate-600 dark:text-slate-400"
              title={library.description || undefined}
            >
              {tableDescription(library.description)}
            </td>
            <td className="px-3 py-3 whitespace-nowrap text-slate-700 dark:text-slate-300">
              {library.month}
            </td>
            <td className="px-3 py-3 whitespace-nowrap text-slate-700 dark:text-slate-300">
              {imagesLabel(library.images.length)}
            </td>
            <td className="px-3 py-3 whitespace-nowrap text-slate-700 dark:text-slate-300">
              {formatShortDate(library.createdAt)}
            </td>
            <td className="px-3 py-3">
              <span
                className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ${
                  library.status === 'active'
                    ? 'bg-green-100 text-green-800 dark:bg-green-500/15 dark:text-green-300'
                    : 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300'
                }`}
              >
                {library.status === 'active' ? 'active' : 'inactive'}
              </span>
            </td>
            <td className="px-3 py-3">
              {library.author ? (
                <PersonCell name={library.author.name} image={library.author.image} />
              ) : null}
            </td>
            {showActions ? (
              <td className="px-3 py-3">
                <div className="flex flex-col items-start gap-0.5 whitespace-nowrap">
                  {canUpdate ? (
                    <RowAction
                      tone="teal"
                      onClick={() => {
                        openForm(library);
                      }}
                    >
                      Edit
                    </RowAction>
                  ) : null}
                  {canDelete ? (
                    <RowAction
                      tone="red"
                      onClick={() => {
                        setDeleting(library);
                      }}
                    >
                      Delete
                    </RowAction>
                  ) : null}
                  {canUpdate ? (
                    <RowAction
                      tone="amber"
                      disabled={toggle.isBusy(library)}
                      onClick={() => {
                        toggle.start(library);
                      }}
                    >
                      {library.status === 'active' ? 'Deactivate' : 'Activate'}
                    </RowAction>
                  ) : null}
                  {canUpdate ? (
                    <RowAction
                      tone="indigo"
                      onClick={() => {
                        open({ kind: 'images', library });
                      }}
                    >
                      Manage Images
                    </RowAction>
                  ) : null}
                </div>
              </td>
            ) : null}
          </tr>
        ))}
      </DataTable>
    </ListPageShell>
  );
};

export { ImageLibraryPage as Component };
