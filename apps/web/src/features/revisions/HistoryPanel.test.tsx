import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  API_PATHS,
  makePagination,
  type RevisionDetail,
  type RevisionSummary,
} from '@safarnama/contract';
import { Providers } from '../../app/Providers';
import { makeStore } from '../../app/store';
import {
  jsonResponse,
  okResponse,
  recordResponse,
  stubSignedIn,
  type RecordedCall,
} from '../../test/utils';
import { useUnsavedChanges } from '../../lib/useUnsavedChanges';
import { makeImage } from '../image-libraries/test-data';
import { makeItinerary } from '../itineraries/test-data';
import { HISTORY_TEXTS, HistoryPanel } from './HistoryPanel';

const R = API_PATHS.revisions;
const kept = makeImage(1, { altText: 'Calangute beach at dusk' });
const added = makeImage(2, { altText: 'Fort Aguada' });
const itinerary = makeItinerary(1, {
  title: 'Goa Beach Escape',
  imageLibraryId: 'lib-1',
  imageLibrary: { _id: 'lib-1', title: 'Goa photos' },
  gallery: [kept, added],
});

const revisionId = (n: number) => `0190c0de-0000-7000-8000-0000000r${String(n).padStart(4, '0')}`;

const summary = (version: number, overrides: Partial<RevisionSummary> = {}): RevisionSummary => ({
  _id: revisionId(version),
  entity: 'itinerary',
  entityId: itinerary._id,
  version,
  action: 'update',
  changedFields: [],
  admin: { _id: 'a1', name: 'Priya Shah' },
  restoredFrom: null,
  ip: '127.0.0.1',
  createdAt: '2025-03-07T10:00:00.000Z',
  ...overrides,
});

const v1 = summary(1, { action: 'create', changedFields: ['title', 'pricePerPerson'] });
const v2 = summary(2, {
  changedFields: ['pricePerPerson', 'description', 'images', 'languages'],
  admin: { _id: 'a2', name: 'Ravi Kumar' },
  createdAt: '2025-03-08T04:30:00.000Z',
});
const v3 = summary(3, {
  action: 'restore',
  changedFields: ['pricePerPerson'],
  restoredFrom: v1._id,
});

const detailOf = (revision: RevisionSummary, extra: Partial<RevisionDetail>): RevisionDetail => ({
  ...revision,
  snapshot: { title: 'Goa Beach Escape', countryId: 'c1', stateId: 's1', placeId: 'p1' },
  previousId: null,
  diff: [],
  ...extra,
});

const details: Record<string, RevisionDetail> = {
  [v3._id]: detailOf(v3, {
    previousId: v2._id,
    diff: [{ field: 'pricePerPerson', from: 130_000, to: 125_000 }],
  }),
  [v2._id]: detailOf(v2, {
    previousId: v1._id,
    diff: [
      { field: 'pricePerPerson', from: 125_000, to: 130_000 },
      {
        field: 'description',
        from: '<p>Sun and <strong>sand</strong> in North Goa</p>',
        to: '<p>Sun, sea and <strong>sand</strong> in North Goa</p><ul><li>Sunset cruise</li></ul>',
      },
      {
        field: 'images',
        from: [{ _id: kept._id, kind: 'itinerary-gallery', altText: 'Calangute beach at dusk' }],
        to: [
          { _id: kept._id, kind: 'itinerary-gallery', altText: 'Calangute beach at dusk' },
          { _id: added._id, kind: 'itinerary-gallery', altText: 'Fort Aguada' },
        ],
      },
      { field: 'languages', from: ['English'], to: ['English', 'Hindi'] },
      { field: 'imageLibraryId', from: null, to: 'lib-1' },
    ],
  }),
  [v1._id]: detailOf(v1, {
    diff: [
      { field: 'title', from: null, to: 'Goa Beach Escape' },
      { field: 'pricePerPerson', from: null, to: 125_000 },
    ],
  }),
};

type Restore = (call: RecordedCall) => Response;

const stubServer = ({
  permissions = ['itineraries.view', 'itineraries.update'],
  revisions = [v3, v2, v1],
  totalPages = 1,
  restore = () => okResponse({ revision: summary(4, { action: 'restore' }), version: 4 }),
}: {
  permissions?: string[];
  revisions?: RevisionSummary[];
  totalPages?: number;
  restore?: Restore;
} = {}) =>
  stubSignedIn({ permissions }, (call) => {
    if (call.url === R.list) {
      return okResponse({
        revisions,
        pagination: makePagination(totalPages * 10, Number(call.search.get('page')), 10),
      });
    }
    const restoreOf = Object.keys(details).find((id) => call.url === R.restore(id));
    if (restoreOf && call.method === 'POST') return restore(call);
    const one = Object.keys(details).find((id) => call.url === R.one(id));
    return one ? recordResponse(details[one]) : undefined;
  });

/** A form beside the panel that holds unsaved changes. */
const DirtyForm = () => {
  useUnsavedChanges(true);
  return null;
};

const renderPanel = ({ dirty = false } = {}) => {
  const onClose = vi.fn();
  const onRestored = vi.fn();
  render(
    <Providers store={makeStore()}>
      {dirty ? <DirtyForm /> : null}
      <HistoryPanel
        entity="itinerary"
        id={itinerary._id}
        name={itinerary.title}
        record={itinerary}
        onClose={onClose}
        onRestored={onRestored}
      />
    </Providers>,
  );
  return { onClose, onRestored, user: userEvent.setup() };
};

const versionsList = () => screen.findByRole('list', { name: HISTORY_TEXTS.versions });
const versionButton = async (name: RegExp) =>
  within(await versionsList()).getByRole('button', { name });
const fieldSection = (label: string) => screen.findByRole('region', { name: label });

describe('HistoryPanel', () => {
  it('lists the versions newest first: who, when (app format), changed fields, restored from', async () => {
    const calls = stubServer();
    renderPanel();
    const dialog = await screen.findByRole('dialog', { name: 'History' });
    expect(dialog).toHaveTextContent('Saved versions of “Goa Beach Escape”, newest first.');
    const items = within(await versionsList()).getAllByRole('button');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^v3 · RestoredCurrent/),
      expect.stringMatching(/^v2 · Edited/),
      expect.stringMatching(/^v1 · Created/),
    ]);
    expect(items[1]).toHaveTextContent('Ravi Kumar · Mar 8, 2025, 10:00 AM IST');
    expect(items[1]).toHaveTextContent('Price per person, Tour description, Images, Languages');
    expect(items[0]).toHaveTextContent('Restored from v1');
    const list = calls.find((call) => call.url === R.list);
    expect(Object.fromEntries(list?.search ?? [])).toEqual({
      entity: 'itinerary',
      id: itinerary._id,
      page: '1',
      limit: '10',
    });
    // The newest is chosen first, and it is current: nothing to restore.
    expect(items[0]).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText(HISTORY_TEXTS.isCurrent)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: HISTORY_TEXTS.restore })).toBeNull();
  });

  it('shows a version’s changes side by side: money, rich text as text, images as thumbnails, names', async () => {
    stubServer();
    const { user } = renderPanel();
    await user.click(await versionButton(/^v2/));

    const price = await fieldSection('Price per person');
    expect(price).toHaveTextContent('Before₹1,25,000');
    expect(price).toHaveTextContent('After₹1,30,000');

    // Rich text compared as text: no tags, the words that went and came marked.
    const description = await fieldSection('Tour description');
    expect(description.innerHTML).not.toContain('&lt;p&gt;');
    expect(description).not.toHaveTextContent('<strong>');
    const removed = [...description.querySelectorAll('del')].map((del) => del.textContent);
    const inserted = [...description.querySelectorAll('ins')].map((ins) => ins.textContent);
    expect(removed).toEqual(['removed: Sun']);
    expect(inserted).toEqual(['added: Sun, sea', 'added: • Sunset cruise']);

    // Images: thumbnails of the stored images (the record's gallery), the new one marked.
    const gallery = await fieldSection('Gallery');
    const thumbnails = gallery.querySelectorAll('img');
    expect(thumbnails).toHaveLength(3);
    expect(thumbnails[2]?.getAttribute('src')).toBe(added.variants[0]?.url);
    expect(gallery).toHaveTextContent('Fort Aguada');
    expect(gallery).toHaveTextContent('Added');

    const languages = await fieldSection('Languages');
    expect(within(languages).getByText('Hindi').closest('li')).toHaveTextContent('added: Hindi');

    // An id shown by the name the record has.
    expect(await fieldSection('Image library')).toHaveTextContent('AfterGoa photos');
  });

  it('restores a version after the confirm, toasts and tells the form', async () => {
    const calls = stubServer();
    const { user, onRestored, onClose } = renderPanel();
    await user.click(await versionButton(/^v2/));
    await user.click(await screen.findByRole('button', { name: HISTORY_TEXTS.restore }));

    const confirm = await screen.findByRole('alertdialog', { name: HISTORY_TEXTS.confirmTitle });
    expect(confirm).toHaveTextContent(
      'Restore version 2? The current version stays in the history.',
    );
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: HISTORY_TEXTS.confirm }));

    expect(await screen.findByText('Version 2 restored. It is now version 4.')).toBeInTheDocument();
    const posted = calls.filter((call) => call.method === 'POST');
    expect(posted.map((call) => call.url)).toEqual([R.restore(v2._id)]);
    expect(onRestored).toHaveBeenCalledWith(4);
    expect(onClose).toHaveBeenCalled();
  });

  it('warns in the confirm that unsaved changes of the form will be discarded', async () => {
    stubServer();
    const { user } = renderPanel({ dirty: true });
    await user.click(await versionButton(/^v1/));
    await user.click(await screen.findByRole('button', { name: HISTORY_TEXTS.restore }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(
      `Restore version 1? The current version stays in the history. ${HISTORY_TEXTS.unsavedNote}`,
    );
  });

  it('says what is missing when the version refers to deleted things (409)', async () => {
    const calls = stubServer({
      restore: (call) =>
        (call.body as { data?: { withoutMissingImages?: boolean } }).data?.withoutMissingImages
          ? okResponse({ revision: summary(4), version: 4 })
          : jsonResponse(
              {
                status: 409,
                success: false,
                code: 'CONFLICT',
                message: 'This version refers to things that no longer exist',
                data: {
                  missing: [
                    { kind: 'image library', id: 'lib-1' },
                    { kind: 'place', id: '0190c0de-aaaa-7000-8000-000000000009' },
                  ],
                },
              },
              409,
            ),
    });
    const { user, onRestored } = renderPanel();
    await user.click(await versionButton(/^v2/));
    await user.click(await screen.findByRole('button', { name: HISTORY_TEXTS.restore }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Restore' }),
    );

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'This version cannot be restored: it refers to things that no longer exist (the image library “Goa photos”, a deleted place (0190c0de)).',
    );
    // Not only images are gone: no way around it.
    expect(screen.queryByRole('button', { name: HISTORY_TEXTS.withoutImages })).toBeNull();
    expect(onRestored).not.toHaveBeenCalled();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('offers to restore without the missing images when only images are gone', async () => {
    const calls = stubServer({
      restore: (call) =>
        (call.body as { data?: { withoutMissingImages?: boolean } }).data?.withoutMissingImages
          ? okResponse({ revision: summary(4), version: 4 })
          : jsonResponse(
              {
                status: 409,
                success: false,
                code: 'CONFLICT',
                message: 'This version refers to things that no longer exist',
                data: {
                  missing: [
                    { kind: 'image (itinerary-gallery)', id: 'i1' },
                    { kind: 'image (itinerary-gallery)', id: 'i2' },
                  ],
                },
              },
              409,
            ),
    });
    const { user, onRestored } = renderPanel();
    await user.click(await versionButton(/^v2/));
    await user.click(await screen.findByRole('button', { name: HISTORY_TEXTS.restore }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Restore' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('(2 gallery images)');
    await user.click(screen.getByRole('button', { name: HISTORY_TEXTS.withoutImages }));
    await waitFor(() => {
      expect(onRestored).toHaveBeenCalledWith(4);
    });
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { data: {} },
      { data: { withoutMissingImages: true } },
    ]);
  });

  it('has no restore button without the update permission', async () => {
    stubServer({ permissions: ['itineraries.view'] });
    const { user } = renderPanel();
    await user.click(await versionButton(/^v2/));
    expect(await fieldSection('Price per person')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: HISTORY_TEXTS.restore })).toBeNull();
  });

  it('shows the first version’s values alone, and pages through a long history', async () => {
    const calls = stubServer({ totalPages: 2 });
    const { user } = renderPanel();
    await user.click(await versionButton(/^v1/));
    const title = await fieldSection('Title');
    expect(title).toHaveTextContent('Version 1Goa Beach Escape');
    expect(title).not.toHaveTextContent('Before');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => {
      expect(calls.some((call) => call.url === R.list && call.search.get('page') === '2')).toBe(
        true,
      );
    });
  });

  it('says so when there is no history yet', async () => {
    stubServer({ revisions: [] });
    renderPanel();
    expect(await screen.findByText(HISTORY_TEXTS.empty)).toBeInTheDocument();
  });

  it('shows an error with Retry when the list fails', async () => {
    stubSignedIn({ permissions: ['itineraries.view'] }, (call) =>
      call.url === R.list
        ? jsonResponse(
            { status: 403, success: false, code: 'FORBIDDEN', message: 'Access denied' },
            403,
          )
        : undefined,
    );
    renderPanel();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(`${HISTORY_TEXTS.loadFailed} Access denied`);
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
