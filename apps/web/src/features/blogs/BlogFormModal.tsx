import { useId, useState, type ReactNode } from 'react';
import { useWatch, type Path } from 'react-hook-form';
import {
  BLOG_LIMITS,
  BLOG_MESSAGES,
  blogFieldsSchema,
  slugify,
  type Blog,
  type BlogStatus,
} from '@safarnama/contract';
import { Button } from '../../components/ui/Button';
import {
  CancelButton,
  FormError,
  FormField,
  FormFooter,
  IMAGE_UPLOAD_PROPS,
  TextField,
} from '../../components/ui/Form';
import { LazyRichTextEditor } from '../../components/ui/LazyRichTextEditor';
import { Modal } from '../../components/ui/Modal';
import { EditingNote } from '../../app/realtime/EditingNote';
import { ScheduleFields } from '../../components/ui/ScheduleFields';
import { ProgressBar } from '../../components/ui/ProgressBar';
import { SingleImageField } from '../../components/ui/SingleImageField';
import { TagsInput } from '../../components/ui/TagsInput';
import { getErrorEnvelope, getErrorStatus, getErrorMessage } from '../../lib/errors';
import { showToast } from '../../lib/toast';
import { useContractForm } from '../../lib/useContractForm';
import { formSide, useVersionedSave } from '../../lib/useVersionedSave';
import {
  scheduleFormValues,
  withScheduleRequest,
  withScheduleRules,
  type ScheduleFormValues,
} from '../../lib/schedule';
import { LocationFields, type LocationValue } from '../geography/LocationFields';
import { useSaveBlogMutation } from './blogs.api';
import { blogConflictFields } from './blogs.conflict';
import type { BlogFormValues } from './blogs.form-data';
import { BlogStatusPill } from './StatusPill';
import { HistoryButton } from '../revisions/LazyHistoryPanel';
import { LazyBlogQuality } from './LazyBlogQuality';
import { BlogSeoPreview } from './BlogSeoPreview';

/**
 * The form's values: the request's fields, the schedule as IST dates and times (issue 21) and
 * the newly chosen cover image.
 */
export interface BlogFormFields
  extends Omit<BlogFormValues, 'publishAt' | 'unpublishAt'>, ScheduleFormValues {
  coverImage: File | null;
}

interface BlogFormModalProps {
  /** The blog to edit; null writes a new one. */
  blog: Blog | null;
  onClose: () => void;
}

const SAVE_FAILED = 'Failed to save blog';

const initialValues = (blog: Blog | null): BlogFormFields => ({
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
  ...scheduleFormValues(blog),
  coverImage: null,
});

/**
 * The request `blogFieldsSchema` reads: the text fields (the cover travels beside them), a
 * schedule time only when it differs from `blog`'s ('' clears it).
 */
const toBlogRequest = ({ coverImage: _cover, ...values }: BlogFormFields, blog: Blog | null) => ({
  ...withScheduleRequest(values, blog, ''),
  slug: values.slug.trim(),
});

/** A server path's input: its first segment (`tags.2` / `tags[2]` → `tags`). */
const fieldOf = (path: string): Path<BlogFormFields> | null => {
  const head = path.split(/[.[]/)[0] ?? '';
  return head in initialValues(null) ? (head as Path<BlogFormFields>) : null;
};

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
  const contentId = useId();
  const {
    form,
    submit,
    pending: saving,
    alert,
    dirty,
  } = useContractForm<BlogFormFields, typeof blogFieldsSchema>({
    schema: withScheduleRules(blogFieldsSchema, blog),
    defaultValues: initialValues(blog),
    toRequest: (values) => toBlogRequest(values, blog),
    fieldOf,
  });
  const { register, control, setValue, getValues, clearErrors, setError } = form;
  const { errors } = form.formState;
  const [title, countryId, stateId, placeId, excerpt, content, tags, metaTitle, metaDescription] =
    useWatch({
      control,
      name: [
        'title',
        'countryId',
        'stateId',
        'placeId',
        'excerpt',
        'content',
        'tags',
        'metaTitle',
        'metaDescription',
      ],
    });
  const coverFile = useWatch({ control, name: 'coverImage' });
  // A publish time keeps the blog a draft until then (issue 21): the button says it schedules.
  const [publishDate, publishTime] = useWatch({ control, name: ['publishDate', 'publishTime'] });
  const publishLater = Boolean(publishDate || publishTime);
  // A saved blog keeps its slug; a new one follows the title until the slug is edited by hand.
  const [slugEdited, setSlugEdited] = useState(isEdit);
  const [progress, setProgress] = useState<number | null>(null);
  const [pendingStatus, setPendingStatus] = useState<BlogStatus | null>(null);
  const [saveBlog] = useSaveBlogMutation();
  // Issue 21: saves send the version the form opened with; a stale one opens the conflict dialog.
  const versioned = useVersionedSave<BlogFormFields>({
    ...formSide(form, () => submitAs()),
    version: blog?.version,
    noun: 'blog',
    fields: blogConflictFields(blog),
    toValues: (current) => initialValues(current as unknown as Blog),
  });

  const handleLocationChange = (location: LocationValue): void => {
    setValue('countryId', location.countryId);
    setValue('stateId', location.stateId);
    setValue('placeId', location.placeId);
    clearErrors(['countryId', 'stateId', 'placeId']);
  };

  const submitAs = submit(
    async (request, idempotencyKey) => {
      const coverImage = getValues('coverImage');
      setProgress(coverImage ? 0 : null);
      try {
        await saveBlog({
          ...(blog ? { id: blog._id } : {}),
          values: { ...request, slug: request.slug ?? '' },
          coverImage,
          onProgress: setProgress,
          idempotencyKey,
          version: versioned.version(),
        }).unwrap();
      } finally {
        setProgress(null);
      }
      showToast('success', isEdit ? BLOG_MESSAGES.updated : BLOG_MESSAGES.added);
      onClose();
    },
    {
      failureMessage: (error) => getErrorMessage(error, SAVE_FAILED),
      // Every failure is also a toast; a taken slug (409) belongs under the slug.
      onError: (error) => {
        if (versioned.caught(error)) return true;
        showToast('error', getErrorMessage(error, SAVE_FAILED));
        if (getErrorStatus(error) !== 409) return false;
        setError('slug', {
          type: 'server',
          message: getErrorEnvelope(error)?.message ?? BLOG_MESSAGES.duplicateSlug,
        });
        return true;
      },
    },
  );

  /** Saves as a draft or published: the status the button names, then the form's submit. */
  const save = async (status: BlogStatus): Promise<void> => {
    if (saving) return;
    setValue('status', status);
    setPendingStatus(status);
    try {
      await submitAs();
    } finally {
      setPendingStatus(null);
    }
  };

  const errorOf = (field: keyof BlogFormFields) => errors[field]?.message;
  /** A counted text field (excerpt, meta title and description): label, counter and error. */
  const counted = (field: 'excerpt' | 'metaTitle' | 'metaDescription', length: number) => ({
    error: errorOf(field),
    counter: { length, max: BLOG_LIMITS[field] },
  });

  return (
    <Modal
      open
      dirty={dirty && !saving}
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
      actions={
        blog ? (
          <HistoryButton
            entity="blog"
            id={blog._id}
            name={blog.title}
            record={blog}
            onRestored={onClose}
          />
        ) : undefined
      }
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save(blog?.status ?? 'draft');
        }}
        className="space-y-5"
      >
        <EditingNote entity="blog" id={blog?._id} />
        <LazyBlogQuality
          title={title}
          content={content}
          hasCover={!!(coverFile ?? blog?.coverImage)}
        />
        <Section title="Article">
          <div className="grid gap-4 md:grid-cols-2">
            <TextField
              label="Title *"
              error={errorOf('title')}
              {...register('title', {
                onChange: (event: { target: { value: string } }) => {
                  if (slugEdited) return;
                  setValue('slug', slugify(event.target.value));
                  clearErrors('slug');
                },
              })}
              maxLength={BLOG_LIMITS.title}
              autoComplete="off"
              aria-required="true"
            />
            <FormField
              label="Slug"
              error={errorOf('slug')}
              hint={
                errorOf('slug')
                  ? undefined
                  : slugEdited
                    ? 'Lower-case letters, digits and hyphens. Leave empty to make one from the title.'
                    : 'Made from the title until you edit it.'
              }
            >
              {(control) => (
                <input
                  {...control}
                  {...register('slug', {
                    onChange: () => {
                      setSlugEdited(true);
                    },
                    onBlur: () => {
                      // Tidy what was typed ("My Slug " → "my-slug") without fighting the typing.
                      const slug = getValues('slug');
                      if (slug && slug !== slugify(slug)) setValue('slug', slugify(slug));
                    },
                  })}
                  maxLength={BLOG_LIMITS.slug}
                  autoComplete="off"
                  spellCheck={false}
                  className={`${control.className} font-mono`}
                />
              )}
            </FormField>
          </div>
          <FormField label="Excerpt" {...counted('excerpt', excerpt.length)}>
            {(control) => (
              <textarea
                {...control}
                {...register('excerpt')}
                maxLength={BLOG_LIMITS.excerpt}
                rows={3}
                placeholder="A short summary shown in lists and on the homepage"
                className={`${control.className} resize-y`}
              />
            )}
          </FormField>
          <LazyRichTextEditor
            id={contentId}
            label="Content"
            value={content}
            placeholder="Write the article…"
            error={errorOf('content')}
            disabled={saving}
            onChange={(html) => {
              setValue('content', html);
              clearErrors('content');
            }}
          />
        </Section>

        <Section title="Place">
          <div className="grid gap-4 md:grid-cols-3">
            <LocationFields
              value={{
                countryId,
                stateId,
                placeId,
              }}
              onChange={handleLocationChange}
              required
              disabled={saving}
              errors={{
                countryId: errorOf('countryId'),
                stateId: errorOf('stateId'),
                placeId: errorOf('placeId'),
              }}
            />
          </div>
        </Section>

        <Section title="Cover image and tags">
          <SingleImageField
            {...IMAGE_UPLOAD_PROPS}
            label="Cover Image"
            currentImage={blog?.coverImage ?? null}
            file={coverFile}
            onChange={(file) => {
              setValue('coverImage', file);
              clearErrors('coverImage');
            }}
            disabled={saving}
            error={errorOf('coverImage')}
          />
          {progress !== null ? (
            <ProgressBar value={progress} label="Uploading cover image" />
          ) : null}
          <TagsInput
            label="Tags"
            value={tags}
            onChange={(next) => {
              setValue('tags', next);
              clearErrors('tags');
            }}
            maxTags={BLOG_LIMITS.tags}
            maxLength={BLOG_LIMITS.tag}
            disabled={saving}
            error={errors.tags?.message ?? errors.tags?.find?.((tag) => tag?.message)?.message}
          />
        </Section>

        <Section title="SEO">
          <TextField
            label="Meta Title"
            {...counted('metaTitle', metaTitle.length)}
            {...register('metaTitle')}
            maxLength={BLOG_LIMITS.metaTitle}
            autoComplete="off"
            placeholder={title || 'Shown as the title in search results'}
          />
          <FormField
            label="Meta Description"
            {...counted('metaDescription', metaDescription.length)}
          >
            {(control) => (
              <textarea
                {...control}
                {...register('metaDescription')}
                maxLength={BLOG_LIMITS.metaDescription}
                rows={3}
                placeholder="Shown under the title in search results"
                className={`${control.className} resize-y`}
              />
            )}
          </FormField>
          <BlogSeoPreview control={control} blog={blog} />
        </Section>

        <Section title="Schedule">
          <ScheduleFields form={form} kind="blog" disabled={saving} />
        </Section>

        <FormError message={alert} />
        <FormFooter className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <CancelButton onCancel={onClose} disabled={saving} />
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
            {publishLater
              ? 'Schedule'
              : isEdit && blog.status === 'published'
                ? 'Update'
                : 'Publish'}
          </Button>
        </FormFooter>
      </form>
      {versioned.dialog}
    </Modal>
  );
};
