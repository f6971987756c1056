import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API_PATHS, QUALITY_MESSAGES, type PermissionKey } from '@safarnama/contract';
import { Providers } from '../../app/Providers';
import { makeStore } from '../../app/store';
import { openPage } from '../../test/app';
import { stubLayoutForEditor } from '../../test/layout';
import { okResponse, stubFetch, stubObjectUrls, stubSignedIn } from '../../test/utils';
import { makeImage } from '../image-libraries/test-data';
import { ItineraryFormModal } from './ItineraryFormModal';
import { listAnswer, makeItinerary } from './test-data';

const ALL: PermissionKey[] = ['itineraries.view', 'itineraries.update'];
const shortTitle = {
  issues: [{ code: 'meta-title-length', message: QUALITY_MESSAGES['meta-title-length'] }],
};
const goa = makeItinerary(1, { title: 'Goa Beach Escape', quality: shortTitle });
const ladakh = makeItinerary(2, { title: 'Ladakh Ride', quality: { issues: [] } });

beforeEach(() => {
  stubObjectUrls();
});

describe('itineraries list: Needs attention (issue 23)', () => {
  const stubList = () =>
    stubSignedIn({ permissions: ALL }, (call) => {
      if (call.url !== API_PATHS.service.listItineraries) return undefined;
      const filtered = call.search.get('needsAttention') === 'true';
      return okResponse({ ...listAnswer(filtered ? [goa] : [goa, ladakh]), needsAttention: 1 });
    });

  it('shows the count, notes the failing row, and filters through the URL parameter', async () => {
    const calls = stubList();
    await openPage('/services/itineraries', { name: 'Itinerary Management', level: 1 });
    const filter = await screen.findByRole('button', { name: 'Needs attention 1' });
    expect(filter).toHaveAttribute('aria-pressed', 'false');
    const goaRow = (await screen.findByText('Goa Beach Escape')).closest('tr');
    expect(goaRow && within(goaRow).getByText('1 issue')).toBeInTheDocument();
    const ladakhRow = screen.getByText('Ladakh Ride').closest('tr');
    expect(ladakhRow && within(ladakhRow).queryByText(/issue/)).toBeNull();
    expect(calls.at(-1)?.search.get('needsAttention')).toBeNull();

    await userEvent.setup().click(filter);
    await waitFor(() => {
      expect(screen.queryByText('Ladakh Ride')).toBeNull();
    });
    expect(screen.getByRole('button', { name: 'Needs attention 1' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const lists = calls.filter((call) => call.url === API_PATHS.service.listItineraries);
    expect(lists.at(-1)?.search.get('needsAttention')).toBe('true');
    expect(lists.at(-1)?.search.get('page')).toBe('1');
  });

  it('opens filtered when the URL says so', async () => {
    const calls = stubList();
    await openPage('/services/itineraries?needsAttention=true', {
      name: 'Itinerary Management',
      level: 1,
    });
    expect(await screen.findByRole('button', { name: /Needs attention/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const lists = calls.filter((call) => call.url === API_PATHS.service.listItineraries);
    expect(lists[0]?.search.get('needsAttention')).toBe('true');
  });
});

describe('itinerary form: live quality checks (issue 23)', () => {
  it('lists the failing rules and drops one as the admin types', async () => {
    stubLayoutForEditor();
    stubFetch(() => okResponse({ countries: [], states: [], places: [] }));
    const record = makeItinerary(3, {
      metaTitle: 'Goa',
      gallery: [makeImage(1, { altText: '' })],
    });
    render(
      <Providers store={makeStore()}>
        <ItineraryFormModal record={record} onClose={vi.fn()} />
      </Providers>,
    );
    const panel = await screen.findByRole('region', { name: 'Quality checks' });
    const items = () =>
      within(panel)
        .queryAllByRole('listitem')
        .map((li) => li.textContent);
    expect(items()).toEqual([
      QUALITY_MESSAGES['meta-title-length'],
      QUALITY_MESSAGES['meta-description-length'],
      QUALITY_MESSAGES['alt-text-missing'],
    ]);
    const user = userEvent.setup();
    const title = screen.getByRole('textbox', { name: 'Meta Title' });
    await user.clear(title);
    await user.type(title, 'Goa beaches, forts and markets');
    expect(items()).toEqual([
      QUALITY_MESSAGES['meta-description-length'],
      QUALITY_MESSAGES['alt-text-missing'],
    ]);
    // Private: no SEO asked for.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Visibility *' }), 'private');
    expect(items()).toEqual([QUALITY_MESSAGES['alt-text-missing']]);
  });
});
