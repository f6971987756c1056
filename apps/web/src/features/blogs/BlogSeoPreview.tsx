import { useWatch, type Control } from 'react-hook-form';
import { API_PATHS, type Blog } from '@safarnama/contract';
import { useBranding } from '../../app/branding';
import { LazySeoPreview } from '../../components/seo/LazySeoPreview';
import type { BlogFormFields } from './BlogFormModal';

interface BlogSeoPreviewProps {
  control: Control<BlogFormFields, unknown, unknown>;
  blog: Blog | null;
}

/**
 * Issue 23, under the blog's SEO fields: the search result (the meta fields, else the title and
 * the excerpt, else the text; the slug as the address) and the WhatsApp card with the cover just
 * picked or the saved one, redrawn while typing.
 */
export const BlogSeoPreview = ({ control, blog }: BlogSeoPreviewProps) => {
  const [title, slug, excerpt, content, metaTitle, metaDescription, coverFile] = useWatch({
    control,
    name: ['title', 'slug', 'excerpt', 'content', 'metaTitle', 'metaDescription', 'coverImage'],
  });
  const branding = useBranding();
  return (
    <LazySeoPreview
      texts={{ title, metaTitle, metaDescription, summary: excerpt }}
      bodyHtml={content}
      siteName={branding.productName}
      logoUrl={branding.logoUrl}
      crumbs={slug.trim() ? [slug.trim()] : []}
      image={coverFile ?? blog?.coverImage ?? null}
      structuredDataUrl={blog ? API_PATHS.structuredData.blog(blog.id) : undefined}
    />
  );
};
