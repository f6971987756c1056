import { useId, useMemo, type ReactNode } from 'react';
import { SEO_PREVIEW_TEXTS as T, plainTextOf, type SeoTexts } from '@safarnama/contract';
import { SearchPreview, type SearchPreviewProps } from './SearchPreview';
import { ShareCard, type ShareCardProps } from './ShareCard';
import { StructuredDataPanel } from './StructuredDataPanel';

export type SeoPreviewProps = Omit<SearchPreviewProps, 'texts'> &
  Pick<ShareCardProps, 'image'> & {
    /** The meta fields and the record's title and summary, as typed (the summary may be empty). */
    texts: SeoTexts;
    /** Rich text whose plain text is the summary when `texts.summary` is empty (the record's body). */
    bodyHtml?: string;
    /** A saved record's structured-data address: 'View structured data' is offered. */
    structuredDataUrl?: string;
  };

const Part = ({ title, children }: { title: string; children: ReactNode }) => {
  const id = useId();
  return (
    <section aria-labelledby={id} className="min-w-0">
      <h4 id={id} className="mb-2 text-sm font-medium text-slate-700 dark:text-slate-300">
        {title}
      </h4>
      {children}
    </section>
  );
};

/**
 * Issue 23: the search result (as wide as a results column, so its ~580 px title fits one line)
 * and the link card under it.
 * The plain text of `bodyHtml` is made here, in this lazy chunk, so the forms carry none of it.
 */
export const SeoPreview = ({
  image,
  texts,
  bodyHtml = '',
  structuredDataUrl,
  ...search
}: SeoPreviewProps) => {
  const body = useMemo(() => plainTextOf(bodyHtml), [bodyHtml]);
  const shown = { ...texts, summary: texts.summary.trim() || body };
  return (
    <div className="space-y-4">
      <Part title={T.searchHeading}>
        <SearchPreview texts={shown} {...search} />
      </Part>
      <Part title={T.cardHeading}>
        <ShareCard texts={shown} siteName={search.siteName} image={image} />
      </Part>
      {structuredDataUrl ? <StructuredDataPanel url={structuredDataUrl} /> : null}
    </div>
  );
};
