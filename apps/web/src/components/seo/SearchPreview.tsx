import {
  SEO_LIMITS,
  SEO_PREVIEW_TEXTS as T,
  searchPreview,
  type SeoTexts,
} from '@safarnama/contract';

export interface SearchPreviewProps {
  texts: SeoTexts;
  /** The business name (Basic Settings): the result's site line. */
  siteName: string;
  /** The site's logo as the result's icon; null: its initial. */
  logoUrl: string | null;
  /** The page's address after the site, e.g. a blog's slug; none: the site line only. */
  crumbs: readonly string[];
}

const FromRecord = () => (
  <span className="ml-1 text-xs font-normal text-slate-500 dark:text-slate-400">
    ({T.fromRecord})
  </span>
);

/**
 * A Google-like result (issue 23): site line, the title cut at ~60 characters / ~580 px and the
 * description at ~160 (contract `searchPreview`), the record's own title and summary when the
 * meta fields are empty, as search engines do.
 */
export const SearchPreview = ({ texts, siteName, logoUrl, crumbs }: SearchPreviewProps) => {
  const preview = searchPreview(texts);
  const initial = [...siteName.trim()][0]?.toUpperCase() ?? '·';
  return (
    <div className="max-w-[40rem] min-w-0 rounded-lg border border-slate-200 bg-white p-4 font-[Arial,sans-serif] dark:border-slate-700 dark:bg-[#202124]">
      <div className="flex items-center gap-3">
        {logoUrl ? (
          <img
            src={logoUrl}
            alt=""
            className="size-7 rounded-full border border-slate-200 bg-white object-contain p-0.5 dark:border-slate-600"
          />
        ) : (
          <span
            aria-hidden="true"
            className="flex size-7 items-center justify-center rounded-full bg-slate-200 text-xs font-semibold text-slate-700 dark:bg-slate-700 dark:text-slate-100"
          >
            {initial}
          </span>
        )}
        <div className="min-w-0 leading-tight">
          <p className="truncate text-sm text-[#202124] dark:text-[#dadce0]">{siteName}</p>
          {crumbs.length > 0 ? (
            <p className="truncate text-xs text-[#4d5156] dark:text-[#bdc1c6]">
              {crumbs.map((crumb) => `› ${crumb}`).join(' ')}
            </p>
          ) : null}
        </div>
      </div>
      <p
        className="mt-2 text-xl leading-snug text-[#1a0dab] dark:text-[#8ab4f8]"
        data-seo="title"
        data-cut={preview.title.cut || undefined}
        title={
          preview.title.cut
            ? `Search engines show about ${SEO_LIMITS.titleChars} characters`
            : undefined
        }
      >
        {preview.title.text || (
          <span className="text-slate-500 italic dark:text-slate-400">{T.noTitle}</span>
        )}
        {preview.title.text && preview.titleFromRecord ? <FromRecord /> : null}
      </p>
      <p
        data-seo="description"
        className="mt-1 text-sm leading-relaxed text-[#4d5156] dark:text-[#bdc1c6]"
      >
        {preview.description.text || <span className="italic">{T.noDescription}</span>}
        {preview.description.text && preview.descriptionFromRecord ? <FromRecord /> : null}
      </p>
    </div>
  );
};
