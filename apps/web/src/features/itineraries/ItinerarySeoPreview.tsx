import { useWatch, type Control } from 'react-hook-form';
import { API_PATHS, type Itinerary } from '@safarnama/contract';
import { useBranding } from '../../app/branding';
import { LazySeoPreview } from '../../components/seo/LazySeoPreview';
import type { ItineraryFormValues } from './itineraries.form';

interface ItinerarySeoPreviewProps {
  control: Control<ItineraryFormValues, unknown, unknown>;
  record: Itinerary | null;
}

/**
 * Issue 23, in the SEO Optimization section: how the itinerary would appear in a search result and
 * as a WhatsApp card, redrawn as the meta fields (else the title and the description) are typed.
 * The picture is the saved cover (the library's first image, else the gallery's first).
 */
export const ItinerarySeoPreview = ({ control, record }: ItinerarySeoPreviewProps) => {
  const [title, metaTitle, metaDescription, description] = useWatch({
    control,
    name: ['title', 'metaTitle', 'metaDescription', 'description'],
  });
  const branding = useBranding();
  return (
    <div className="mt-4">
      <LazySeoPreview
        texts={{ title, metaTitle, metaDescription, summary: '' }}
        bodyHtml={description}
        siteName={branding.productName}
        logoUrl={branding.logoUrl}
        crumbs={[]}
        image={record?.coverImage ?? record?.gallery[0] ?? null}
        structuredDataUrl={record ? API_PATHS.structuredData.itinerary(record._id) : undefined}
      />
    </div>
  );
};
