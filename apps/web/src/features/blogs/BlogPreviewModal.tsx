import type { Blog } from '@safarnama/contract';
import { Img } from '../../components/ui/Img';
import { Modal } from '../../components/ui/Modal';
import { RichTextContent } from '../../components/ui/RichTextContent';
import { formatShortDate } from '../../lib/format';
import { locationLabel } from './format';
import { BlogStatusPill } from './StatusPill';

interface BlogPreviewModalProps {
  /** The blog as the server returned it: its content is already sanitised (DESIGN §5). */
  blog: Blog;
  onClose: () => void;
}

/** The article as readers will see it, rendered from the saved, server-sanitised content. */
export const BlogPreviewModal = ({ blog, onClose }: BlogPreviewModalProps) => (
  <Modal
    open
    onOpenChange={(open) => {
      if (!open) onClose();
    }}
    title="Blog Preview"
    size="max-w-4xl"
  >
    <article aria-label={blog.title} className="mx-auto max-w-3xl">
      {blog.coverImage ? (
        <Img
          image={blog.coverImage}
          sizes="(min-width: 768px) 768px, 100vw"
          className="mb-6 aspect-[2/1] w-full rounded-lg object-cover"
        />
      ) : null}
      <div className="mb-2 flex flex-wrap items-center gap-2 text-sm text-slate-500 dark:text-slate-400">
        <BlogStatusPill status={blog.status} />
        <span>{locationLabel(blog)}</span>
        {blog.publishedAt ? (
          <>
            <span aria-hidden="true">·</span>
            <span>
              {blog.status === 'published' ? 'Published' : 'First published'}{' '}
              {formatShortDate(blog.publishedAt)}
            </span>
          </>
        ) : null}
        {blog.author ? (
          <>
            <span aria-hidden="true">·</span>
            <span>by {blog.author.name}</span>
          </>
        ) : null}
      </div>
      <h1 className="text-3xl leading-tight font-bold tracking-tight text-slate-900 dark:text-white">
        {blog.title}
      </h1>
      {blog.excerpt ? (
        <p className="mt-3 text-lg leading-relaxed text-slate-600 dark:text-slate-300">
          {blog.excerpt}
        </p>
      ) : null}
      {blog.tags.length > 0 ? (
        <ul aria-label="Tags" className="mt-4 flex flex-wrap gap-1.5">
          {blog.tags.map((tag) => (
            <li
              key={tag}
              className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-300"
            >
              #{tag}
            </li>
          ))}
        </ul>
      ) : null}
      <hr className="my-6 border-slate-200 dark:border-slate-800" />
      {blog.content ? (
        <RichTextContent html={blog.content} />
      ) : (
        <p className="text-slate-500 italic dark:text-slate-400">This blog has no content yet.</p>
      )}
      <section
        aria-label="Search engine preview"
        className="mt-8 rounded-lg border border-slate-200 bg-slate-50 p-4 dark:border-slate-800 dark:bg-slate-950/60"
      >
        <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">
          Search engine preview
        </p>
        <p className="mt-2 truncate text-xs text-slate-500 dark:text-slate-400">
          …/travelpedia/{blog.slug}
        </p>
        <p className="mt-0.5 truncate text-lg text-blue-700 dark:text-blue-300">
          {blog.metaTitle || blog.title}
        </p>
        <p className="mt-0.5 line-clamp-2 text-sm text-slate-600 dark:text-slate-400">
          {blog.metaDescription || blog.excerpt || 'No meta description.'}
        </p>
      </section>
    </article>
  </Modal>
);
