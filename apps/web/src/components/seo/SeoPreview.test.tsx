import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { API_PATHS, SEO_PREVIEW_TEXTS as T } from '@safarnama/contract';
import {
  errorResponse,
  okResponse,
  recordResponse,
  renderWithStore,
  stubFetch,
  stubObjectUrls,
} from '../../test/utils';
import {
  initialItineraryValues,
  type ItineraryFormValues,
} from '../../features/itineraries/itineraries.form';
import { ItinerarySeoPreview } from '../../features/itineraries/ItinerarySeoPreview';
import { SeoPreview } from './SeoPreview';
import { StructuredDataPanel } from './StructuredDataPanel';

const texts = {
  title: 'Kerala Backwaters',
  metaTitle: 'Kerala houseboat tour',
  metaDescription: 'Five days on the backwaters.',
  summary: 'Houseboats and tea hills.',
};
const region = (name: string) => screen.getByRole('region', { name });

describe('SeoPreview', () => {
  it('shows the meta title and description as a search result and a share card', () => {
    const urls = stubObjectUrls();
    render(
      <SeoPreview
        texts={texts}
        siteName="Safarnama Travels"
        logoUrl={null}
        crumbs={['kerala-houseboat-tour']}
        image={new File(['jpeg'], 'cover.jpg', { type: 'image/jpeg' })}
      />,
    );
    const search = within(region(T.searchHeading));
    expect(search.getByText('Safarnama Travels')).toBeInTheDocument();
    expect(search.getByText('› kerala-houseboat-tour')).toBeInTheDocument();
    expect(search.getByText('Kerala houseboat tour')).toBeInTheDocument();
    expect(search.getByText('Five days on the backwaters.')).toBeInTheDocument();
    expect(search.queryByText(`(${T.fromRecord})`)).not.toBeInTheDocument();
    const card = within(region(T.cardHeading));
    expect(card.getByText('Kerala houseboat tour')).toBeInTheDocument();
    expect(card.getByRole('presentation')).toHaveAttribute('src', 'blob:test/cover.jpg');
    expect(urls.created).toEqual(['blob:test/cover.jpg']);
  });

  it("falls back to the record's title and summary, and says so", () => {
    render(
      <SeoPreview
        texts={{ ...texts, metaTitle: '', metaDescription: ' ' }}
        siteName="Safarnama"
        logoUrl={null}
        crumbs={[]}
        image={null}
      />,
    );
    const search = within(region(T.searchHeading));
    expect(search.getByText('Kerala Backwaters')).toBeInTheDocument();
    expect(search.getByText('Houseboats and tea hills.')).toBeInTheDocument();
    expect(search.getAllByText(`(${T.fromRecord})`)).toHaveLength(2);
    expect(within(region(T.cardHeading)).getByText(T.noImage)).toBeInTheDocument();
  });

  it('asks for the texts when there are none', () => {
    render(
      <SeoPreview
        texts={{ title: '', metaTitle: '', metaDescription: '', summary: '' }}
        siteName="Safarnama"
        logoUrl={null}
        crumbs={[]}
        image={null}
      />,
    );
    const search = within(region(T.searchHeading));
    expect(search.getByText(T.noTitle)).toBeInTheDocument();
    expect(search.getByText(T.noDescription)).toBeInTheDocument();
  });
});

describe('ItinerarySeoPreview', () => {
  const Harness = () => {
    const form = useForm<ItineraryFormValues>({ defaultValues: initialItineraryValues(null) });
    return (
      <>
        <input aria-label="Title" {...form.register('title')} />
        <input aria-label="Meta Title" {...form.register('metaTitle')} />
        <textarea aria-label="Meta Description" {...form.register('metaDescription')} />
        <ItinerarySeoPreview control={form.control} record={null} />
      </>
    );
  };

  it('redraws while typing and cuts a long title with an ellipsis', async () => {
    stubFetch(({ url }) =>
      url === API_PATHS.common.clientConfig
        ? okResponse({
            branding: {
              productName: 'Safarnama Travels',
              logoUrl: null,
              currencySymbol: '₹',
              timeZone: 'Asia/Kolkata',
            },
          })
        : errorResponse(404, 'NOT_FOUND', 'Not found'),
    );
    const user = userEvent.setup();
    renderWithStore(<Harness />);
    await user.type(screen.getByLabelText('Title'), 'Kerala Backwaters');
    const search = within(await screen.findByRole('region', { name: T.searchHeading }));
    expect(await search.findByText('Kerala Backwaters')).toBeInTheDocument();
    expect(await search.findByText('Safarnama Travels')).toBeInTheDocument();

    await user.type(
      screen.getByLabelText('Meta Title'),
      'Kerala backwaters houseboat tour with tea estates and spice gardens',
    );
    const title = search.getByText(/^Kerala backwaters houseboat tour/);
    expect(title.textContent).toBe('Kerala backwaters houseboat tour with tea estates and spice…');
    expect(title).toHaveAttribute('data-cut', 'true');

    await user.type(screen.getByLabelText('Meta Description'), 'Five days afloat.');
    expect(search.getByText('Five days afloat.')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: T.cardHeading })).getByText('Five days afloat.'),
    ).toBeInTheDocument();
  });
});

describe('StructuredDataPanel', () => {
  it("fetches the saved record's JSON-LD when opened and copies it", async () => {
    const url = API_PATHS.structuredData.itinerary('0197a3c4-1111-7000-8000-000000000001');
    const doc = {
      '@context': 'https://schema.org',
      '@graph': [{ '@type': 'TouristTrip', name: 'Kerala Backwaters' }],
    };
    const calls = stubFetch((call) =>
      call.url === url ? recordResponse(doc) : errorResponse(404, 'NOT_FOUND', 'Not found'),
    );
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    renderWithStore(<StructuredDataPanel url={url} />);
    expect(calls).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: T.viewStructuredData }));
    const panel = await screen.findByRole('region', { name: T.structuredDataTitle });
    expect(await within(panel).findByText(/"@type": "TouristTrip"/)).toBeInTheDocument();
    expect(calls.map((call) => call.url)).toEqual([url]);

    await user.click(screen.getByRole('button', { name: T.copy }));
    expect(writeText).toHaveBeenCalledWith(JSON.stringify(doc, null, 2));
    expect(await screen.findByText(T.copied)).toBeInTheDocument();
  });
});
