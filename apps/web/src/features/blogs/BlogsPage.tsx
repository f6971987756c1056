import { lazy } from 'react';
import type { Blog } from '@safarnama/contract';
import { LazyConfirmDialog } from '../../components/ui/LazyConfirmDialog';
import { LazyDependantsDialog } from '../../components/ui/LazyDependantsDialog';
import {
  DataTable,
  DeleteAction,
  EditAction,
  ListPageShell,
  PersonCell,
  RowAction,
  type Column,
} from '../../components/ui/ListPageShell';
import { formatShortDate, useDisplaySettings } from '../../lib/format';
import { useDeleteRow } from '../../lib/useDeleteRow';
import { useListDialog, useListPage, useSearchPaging } from '../../lib/useListPage';
import { useNeedsAttention } from '../../lib/useNeedsAttention';
import { NeedsAttentionFilter, QualityNote } from '../../components/ui/Quality';
import { useCan } from '../auth/useCan';
import { BulkActionBar, SelectRowCell, selectionColumn } from '../../components/ui/BulkActionBar';
import { useRowSelection } from '../../lib/useRowSelection';
import { useDeleteBlogMutation, useListBlogsQuery } from './blogs.api';
import { locationLabel } from './format';
import { BlogStatusPill } from './StatusPill';
import { Img } from '../../components/ui/Img';
import { ScheduledBadge } from '../../components/ui/ScheduledBadge';
import { EditingBadge } from '../../app/realtime/EditingNote';
import { CsvActions } from '../csv/CsvActions';

// The form pulls in the geography selects, the dropzone and (lazily, on its own) the editor; the
// preview is small but rarely opened: both load when first opened.
const BlogFormModal = lazy(() =>
  import('./BlogFormModal').then((module) => ({ default: module.BlogFormModal })),
);
const BlogPreviewModal = lazy(() =>
  import('./BlogPreviewModal').then((module) => ({ default: module.BlogPreviewModal })),
);

const TEXTS = {
  title: 'Places Travelpedia',
  description: 'Travelpedia articles about places: write, preview and publish them.',
  searchPlaceholder: 'Search blogs...',
  searchLabel: 'Search blogs',
  emptyTitle: 'No blogs found',
  emptyMessage: 'Write the first Travelpedia article with Add Blog.',
  countLabel: ['blog', 'blogs'],
  loadingLabel: 'Loading blogs',
  addLabel: 'Add Blog',
} as const;

const COLUMNS: Column[] = [
  { label: 'Cover', srOnly: true },
  'Title',
  'Place',
  'Status',
  'Published',
  'Author',
  'Actions',
];

/**
 * /services/addPlaceBlog: 'Places Travelpedia' (spec §2), the place blogs; 'Delete' is refused
 * while the homepage shows the blog (issue 20).
 */
export const BlogsPage = () => {
  useDisplaySettings(); // prices and dates follow the Basic Settings live
  const canCreate = useCan('blogs.create');
  const canUpdate = useCan('blogs.update');
  const canDelete = useCan('blogs.delete');

  // Issue 23: the 'Needs attention' filter (in the URL), its count and each row's note.
  const attention = useNeedsAttention();
  const paging = useSearchPaging(attention.key);
  const query = useListBlogsQuery({ ...paging.args, needsAttention: attention.active });
  const list = useListPage(paging, query, {
    rows: (data) => data.blogs,
    errorFallback: 'Failed to load blogs',
  });
  // Issue 24: row checkboxes and the bulk action bar (activate = publish).
  const selection = useRowSelection(list, {
    enabled: canUpdate || canDelete,
    filter: attention.key,
  });

  const { dialog, open, openForm, close, onAdd } = useListDialog<
    Blog,
    { kind: 'preview'; blog: Blog }
  >(canCreate);
  const [deleteBlog] = useDeleteBlogMutation();
  const remove = useDeleteRow({
    run: (blog: Blog) => deleteBlog(blog._id).unwrap(),
    noun: 'Blog',
    name: (blog) => blog.title,
  });

  const dialogs = (
    <>
      <LazyConfirmDialog {...remove.confirmDialog} />
      <LazyDependantsDialog {...remove.refusalDialog} />
      {dialog.kind === 'form' ? <BlogFormModal blog={dialog.record} onClose={close} /> : null}
      {dialog.kind === 'preview' ? <BlogPreviewModal blog={dialog.blog} onClose={close} /> : null}
    </>
  );

  return (
    <ListPageShell
      list={list}
      texts={TEXTS}
      onAdd={onAdd}
      dialogs={dialogs}
      filters={
        <>
          <NeedsAttentionFilter {...attention} count={query.data?.needsAttention} />
          <CsvActions
            entity="blogs"
            params={{ search: paging.search, needsAttention: attention.active }}
          />
        </>
      }
    >
      <BulkActionBar
        selection={selection}
        entity="blog"
        can={{ update: canUpdate, delete: canDelete }}
        nameOf={(id) => list.rows.find((row) => row._id === id)?.title}
      />
      <DataTable columns={[selectionColumn(selection), ...COLUMNS]}>
        {list.rows.map((blog) => (
          <tr key={blog._id} className="align-top">
            <SelectRowCell selection={selection} id={blog._id} name={blog.title} />
            <td className="w-20 px-3 py-3">
              {blog.coverImage ? (
                <Img
                  image={blog.coverImage}
                  alt=""
                  className="aspect-[4/3] w-16 rounded-md object-cover"
                />
              ) : (
                <div
                  aria-hidden="true"
                  className="aspect-[4/3] w-16 rounded-md bg-slate-100 dark:bg-slate-800"
                />
              )}
            </td>
            <td className="max-w-72 min-w-48 px-3 py-3">
              <div className="font-medium break-words text-slate-900 dark:text-white">
                {blog.title}
              </div>
              <div className="mt-0.5 font-mono text-xs break-all text-slate-500 dark:text-slate-400">
                {blog.slug}
              </div>
              <QualityNote issues={blog.quality?.issues} />
              <EditingBadge entity="blog" id={blog._id} />
            </td>
            <td className="min-w-40 px-3 py-3 text-slate-700 dark:text-slate-300">
              {locationLabel(blog)}
            </td>
            <td className="px-3 py-3">
              <div className="flex flex-col items-start gap-1">
                <BlogStatusPill status={blog.status} />
                <ScheduledBadge publishAt={blog.publishAt} unpublishAt={blog.unpublishAt} />
              </div>
            </td>
            <td className="px-3 py-3 whitespace-nowrap text-slate-700 dark:text-slate-300">
              {blog.status === 'published' && blog.publishedAt ? (
                formatShortDate(blog.publishedAt)
              ) : (
                <>
                  —
                  {blog.publishedAt ? (
                    <span className="block text-xs text-slate-500 dark:text-slate-400">
                      first published {formatShortDate(blog.publishedAt)}
                    </span>
                  ) : null}
                </>
              )}
            </td>
            <td className="px-3 py-3">
              {blog.author ? (
                <PersonCell name={blog.author.name} image={blog.author.image} />
              ) : null}
            </td>
            <td className="px-3 py-3">
              <div className="flex flex-col items-start gap-0.5 whitespace-nowrap">
                <EditAction
                  record={blog}
                  name={blog.title}
                  onClick={canUpdate ? openForm : undefined}
                />
                <RowAction
                  tone="indigo"
                  aria-label={`Preview ${blog.title}`}
                  onClick={() => {
                    open({ kind: 'preview', blog });
                  }}
                >
                  Preview
                </RowAction>
                <DeleteAction
                  record={blog}
                  name={blog.title}
                  busy={remove.isBusy(blog)}
                  onClick={canDelete ? remove.start : undefined}
                />
              </div>
            </td>
          </tr>
        ))}
      </DataTable>
    </ListPageShell>
  );
};

export { BlogsPage as Component };
