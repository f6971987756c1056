import { useId, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import {
  BLOG_LIMITS,
  BLOG_MESSAGES,
  IMAGE_UPLOAD_ACCEPT,
  UPLOAD_LIMITS,
  blogFieldsSchema,
  slugify,
  type Blog,
  type BlogStatus,
} from '@safarnama/contract';
import { Button } from '../../components/ui/Button';
import { fieldErrorClasses, FormError, inputClasses, labelClasses } from '../../components/ui/Form';
import { LazyRichTextEditor } from '../../components/ui/LazyRichTextEditor';
import { Modal } from '../../components/ui/Modal';
import { ProgressBar } from '../../components/ui/ProgressBar';
import { SingleImageField } from '../../components/ui/SingleImageField';
import { TagsInput } from '../../components/ui/TagsInput';
import {
  getErrorEnvelope,
  getErrorStatus,
  getFieldErrors,
  getErrorMessage,
} from '../../lib/errors';
import { showToast } from '../../lib/toast';
import { LocationFields, type LocationValue } from '../geography/LocationFields';
import { useSaveBlogMutation } from './blogs.api';
import type { BlogFormValues } from './blogs.form-data';
import { BlogStatusPill } from './StatusPill';

type FieldName = keyof BlogFormValues | 'coverImage';
type FieldErrors = Partial<Record<FieldName, string>>;

interface BlogFormModalProps {
  /** The blog to edit; null writes a new one. */
  blog: Blog | null;
  onClose: () => void;
}

const SAVE_FAILED = 'Failed to save blog';

const initialValues = (blog: Blog | null): BlogFormValues => ({
  title: blog?.title ?? '',
  slug: blog?.slug ?? '',
  countryId: blog?.countryId ?? '',
  stateId: blog?.stateId ?? '',
  placeId: blog?.placeId ?? '',
  excerpt: blog?.excerpt ?? '',
  content: blog?.content ?? '',
  tags: blog?.tags ?? [],
  metaTitle: blog?.metaTitle ?? '',
  metaDescription: blog?.metaDescription ?? '',
  status: blog?.status ?? 'draft',
});

/** The first segment of an error path: `tags.2` / `tags[2]` → `tags`. */
const fieldOf = (path: string): string => path.split(/[.[]/)[0] ?? path;

/** Client validation with the contract's schema; field messages keyed by field. */
export const validateBlog = (values: BlogFormValues): FieldErrors => {
  const result = blogFieldsSchema.safeParse(values);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '') as FieldName;
    if (field && !(field in errors)) errors[field] = issue.message;
  }
  return errors;
};

interface FieldProps {
  id: string;
  label: string;
  error?: string;
  counter?: { length: number; max: number };
  hint?: ReactNode;
  children: ReactNode;
}

const Field = ({ id, label, error, counter, hint, children }: FieldProps) => (
  <div>
    <div className="flex items-baseline justify-between gap-2">
      <label htmlFor={id} className={labelClasses}>
        {label}
      </label>
      {counter ? (
        <span
          aria-hidden="true"
          className={`text-xs tabular-nums ${counter.length > counter.max ? 'text-red-600 dark:text-red-400' : 'text-slate-500 dark:text-slate-400'}`}
        >
          {counter.length}/{counter.max}
        </span>
      ) : null}
    </div>
    {children}
    {error ? (
      <p id={`${id}-error`} className={fieldErrorClasses}>
        {error}
      </p>
    ) : hint ? (
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
        {hint}
      </p>
    ) : null}
  </div>
);

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <fieldset className="space-y-4 rounded-lg border border-slate-200 p-4 dark:border-slate-800">
    <legend className="px-1 text-sm font-semibold text-slate-900 dark:text-white">{title}</legend>
    {children}
  </fieldset>
);

/**
 * 'Add Blog' / 'Edit Blog': title, slug (follows the title until edited), place, cover image,
 * excerpt, rich-text content, tags and SEO fields; saved as a draft or published.
 */
export const BlogFormModal = ({ blog, onClose }: BlogFormModalProps) => {
  const isEdit = blog !== null;
  const baseId = useId();
  const ids = {
    title: `${baseId}-title`,
    slug: `${baseId}-slug`,
    excerpt: `${baseId}-excerpt`,
    content: `${baseId}-content`,
    metaTitle: `${baseId}-meta-title`,
    metaDescription: `${baseId}-meta-description`,
  };
  const [values, setValues] = useState<BlogFormValues>(() => initialValues(blog));
  // A saved blog keeps its slug; a new one follows the title until the slug is edited by hand.
  const [slugEdited, setSlugEdited] = useState(isEdit);
  const [coverFile, setCoverFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [pendingStatus, setPendingStatus] = useState<BlogStatus | null>(null);
  const [saveBlog, { isLoading: saving }] = useSaveBlogMutation();

  const set = <K extends keyof BlogFormValues>(key: K, value: BlogFormValues[K]): void => {
    setValues((current) => ({ ...current, [key]: value }));
    if (errors[key]) setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const handleTitleChange = (title: string): void => {
    setValues((current) => ({
      ...current,
      title,
      slug: slugEdited ? current.slug : slugify(title),
    }));
    if (errors.title || (!slugEdited && errors.slug)) {
      setErrors((current) => ({
        ...current,
        title: undefined,
        slug: slugEdited ? current.slug : undefined,
      }));
    }
  };

  const handleLocationChange = (location: LocationValue): void => {
    setValues((current) => ({ ...current, ...location }));
    setErrors((current) => ({
      ...current,
      countryId: undefined,
      stateId: undefined,
      placeId: undefined,
    }));
  };

  const save = async (status: BlogStatus): Promise<void> => {
    if (saving) return;
    setFormError(null);
    const next = { ...values, slug: values.slug.trim(), status };
    const found = validateBlog(next);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      setFormError('Please correct the highlighted fields.');
      return;
    }
    setErrors({});
    setPendingStatus(status);
    setProgress(coverFile ? 0 : null);
    try {
      await saveBlog({
        ...(blog ? { id: blog._id } : {}),
        values: next,
        coverImage: coverFile,
        onProgress: setProgress,
      }).unwrap();
      showToast('success', isEdit ? BLOG_MESSAGES.updated : BLOG_MESSAGES.added);
      onClose();
    } catch (error) {
      const fieldErrors: FieldErrors = {};
      for (const [path, message] of Object.entries(getFieldErrors(error))) {
        const field = fieldOf(path) as FieldName;
        if (!(field in fieldErrors)) fieldErrors[field] = message;
      }
      const envelope = getErrorEnvelope(error);
      if (getErrorStatus(error) === 409) {
        fieldErrors.slug = envelope?.message ?? BLOG_MESSAGES.duplicateSlug;
      }
      setErrors(fieldErrors);
      const message = getErrorMessage(error, SAVE_FAILED);
      setFormError(message);
      showToast('error', message);
    } finally {
      setPendingStatus(null);
      setProgress(null);
    }
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    void save(values.status);
  };

  const describedBy = (field: keyof typeof ids, hint = false) =>
    errors[field] ? `${ids[field]}-error` : hint ? `${ids[field]}-hint` : undefined;
  const invalid = (field: FieldName) => (errors[field] ? true : undefined);
  /** What the counted text fields (excerpt, meta title and description) share. */
  const countedProps = (field: 'excerpt' | 'metaTitle' | 'metaDescription') => ({
    id: ids[field],
    value: values[field],
    maxLength: BLOG_LIMITS[field],
    'aria-invalid': invalid(field),
    'aria-describedby': describedBy(field),
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      set(field, event.target.value);
    },
  });

  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open && !saving) onClose();
      }}
      title={isEdit ? 'Edit Blog' : 'Add Blog'}
      description={
        isEdit ? (
          <span className="inline-flex items-center gap-2">
            Currently <BlogStatusPill status={blog.status} />
          </span>
        ) : (
          'A Travelpedia article about a place. Save it as a draft, or publish it.'
        )
      }
      size="max-w-4xl"
    >
      <form noValidate onSubmit={handleSubmit} className="space-y-5">
        <Section title="Article">
          <div className="grid gap-4 md:grid-cols-2">
            <Field id={ids.title} label="Title *" error={errors.title}>
              <input
                id={ids.title}
                value={values.title}
                maxLength={BLOG_LIMITS.title}
                autoComplete="off"
                aria-required="true"
                aria-invalid={invalid('title')}
                aria-describedby={describedBy('title')}
                onChange={(event) => {
                  handleTitleChange(event.target.value);
                }}
                className={inputClasses(Boolean(errors.title))}
              />
            </Field>
            <Field
              id={ids.slug}
              label="Slug"
              error={errors.slug}
              hint={
                slugEdited
                  ? 'Lower-case letters, digits and hyphens. Leave empty to make one from the title.'
                  : 'Made from the title until you edit it.'
              }
            >
              <input
                id={ids.slug}
                value={values.slug}
                maxLength={BLOG_LIMITS.slug}
                autoComplete="off"
                spellCheck={false}
                aria-invalid={invalid('slug')}
                aria-describedby={describedBy('slug', true)}
                onChange={(event) => {
                  setSlugEdited(true);
                  set('slug', event.target.value);
                }}
                onBlur={() => {
                  // Tidy what was typed ("My Slug " → "my-slug") without fighting the typing.
                  if (values.slug && values.slug !== slugify(values.slug)) {
                    set('slug', slugify(values.slug));
                  }
                }}
                className={`${inputClasses(Boolean(errors.slug))} font-mono`}
              />
            </Field>
          </div>
          <Field
            id={ids.excerpt}
            label="Excerpt"
            error={errors.excerpt}
            counter={{ length: values.excerpt.length, max: BLOG_LIMITS.excerpt }}
          >
            <textarea
              {...countedProps('excerpt')}
              rows={3}
              placeholder="A short summary shown in lists and on the homepage"
              className={`${inputClasses(Boolean(errors.excerpt))} resize-y`}
            />
          </Field>
          <LazyRichTextEditor
            id={ids.content}
            label="Content"
            value={values.content}
            placeholder="Write the article…"
            error={errors.content}
            disabled={saving}
            onChange={(html) => {
              set('content', html);
            }}
          />
        </Section>

        <Section title="Place">
          <div className="grid gap-4 md:grid-cols-3">
            <LocationFields
              value={{
                countryId: values.countryId,
                stateId: values.stateId,
                placeId: values.placeId,
              }}
              onChange={handleLocationChange}
              required
              disabled={saving}
              errors={{
                countryId: errors.countryId,
                stateId: errors.stateId,
                placeId: errors.placeId,
              }}
            />
          </div>
        </Section>

        <Section title="Cover image and tags">
          <SingleImageField
            label="Cover Image"
            currentImage={blog?.coverImage ?? null}
            file={coverFile}
            onChange={(file) => {
              setCoverFile(file);
              if (errors.coverImage)
                setErrors((current) => ({ ...current, coverImage: undefined }));
            }}
            accept={IMAGE_UPLOAD_ACCEPT}
            maxSize={UPLOAD_LIMITS.maxFileBytes}
            minSize={UPLOAD_LIMITS.minFileBytes}
            typesLabel="JPEG, PNG, GIF or WebP"
            disabled={saving}
            error={errors.coverImage}
          />
          {progress !== null ? (
            <ProgressBar value={progress} label="Uploading cover image" />
          ) : null}
          <TagsInput
            label="Tags"
            value={values.tags}
            onChange={(tags) => {
              set('tags', tags);
            }}
            maxTags={BLOG_LIMITS.tags}
            maxLength={BLOG_LIMITS.tag}
            disabled={saving}
            error={errors.tags}
          />
        </Section>

        <Section title="SEO">
          <Field
            id={ids.metaTitle}
            label="Meta Title"
            error={errors.metaTitle}
            counter={{ length: values.metaTitle.length, max: BLOG_LIMITS.metaTitle }}
          >
            <input
              {...countedProps('metaTitle')}
              autoComplete="off"
              placeholder={values.title || 'Shown as the title in search results'}
              className={inputClasses(Boolean(errors.metaTitle))}
            />
          </Field>
          <Field
            id={ids.metaDescription}
            label="Meta Description"
            error={errors.metaDescription}
            counter={{ length: values.metaDescription.length, max: BLOG_LIMITS.metaDescription }}
          >
            <textarea
              {...countedProps('metaDescription')}
              rows={3}
              placeholder="Shown under the title in search results"
              className={`${inputClasses(Boolean(errors.metaDescription))} resize-y`}
            />
          </Field>
        </Section>

        <FormError message={formError} />
        <div className="flex flex-col-reverse gap-3 pt-1 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button
            variant="secondary"
            loading={pendingStatus === 'draft'}
            disabled={saving}
            onClick={() => void save('draft')}
          >
            {isEdit && blog.status === 'published' ? 'Unpublish' : 'Save Draft'}
          </Button>
          <Button
            loading={pendingStatus === 'published'}
            disabled={saving}
            onClick={() => void save('published')}
          >
            {isEdit && blog.status === 'published' ? 'Update' : 'Publish'}
          </Button>
        </div>
      </form>
    </Modal>
  );
};
