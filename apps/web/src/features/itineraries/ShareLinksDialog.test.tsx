import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  API_PATHS,
  SHARE_LINK_MESSAGES,
  SHARE_LINK_TEXTS as T,
  type PermissionKey,
  type ShareLink,
  type ShareLinkCreated,
} from '@safarnama/contract';
import { formatDateTime } from '../../lib/format';
import {
  errorResponse,
  okResponse,
  recordResponse,
  renderWithStore,
  stubSignedIn,
  type RecordedCall,
} from '../../test/utils';
import { LazyShareLinksDialog } from './LazyShareLinksDialog';
import type { ShareableItinerary } from './ShareLinksDialog';

const GOA: ShareableItinerary = {
  _id: '0190c0de-0000-7000-8000-0000000000a1',
  title: 'Goa Beach Escape',
  isActive: true,
  visibility: 'public',
};
const TOKEN = 'Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0Z2FycGx5';
const URL_ONCE = `http://localhost:3000/trip/${TOKEN}`;

const link = (n: number, overrides: Partial<ShareLink> = {}): ShareLink => ({
  _id: `0190c0de-0000-7000-8000-00000000b${String(n).padStart(3, '0')}`,
  expiresAt: '2030-01-08T09:30:00.000Z',
  revokedAt: null,
  views: 0,
  lastViewedAt: null,
  createdAt: '2030-01-01T09:30:00.000Z',
  createdBy: { name: 'Asha Verma' },
  status: 'active',
  ...overrides,
});

const ALL: PermissionKey[] = ['itineraries.view', 'itineraries.update'];
const SHARE = API_PATHS.itineraryTools.share(GOA._id);

interface ServerOptions {
  permissions?: PermissionKey[];
  links?: ShareLink[];
  create?: (call: RecordedCall) => Response;
  list?: () => Response;
}

/** A server holding the itinerary's links: POST adds one (with its URL), DELETE revokes. */
const stubServer = ({ permissions = ALL, links = [], create, list }: ServerOptions = {}) => {
  const stored = [...links];
  const calls = stubSignedIn({ permissions }, (call) => {
    if (call.url === SHARE && call.method === 'GET') {
      return list ? list() : okResponse({ links: stored });
    }
    if (call.url === SHARE && call.method === 'POST') {
      if (create) return create(call);
      const made: ShareLinkCreated = { ...link(stored.length + 1, { views: 0 }), url: URL_ONCE };
      const { url: _url, ...listed } = made;
      stored.unshift(listed);
      return recordResponse(made, 201, SHARE_LINK_MESSAGES.created);
    }
    const revoking = stored.find(
      (l) => call.url === API_PATHS.itineraryTools.shareLink(GOA._id, l._id),
    );
    if (revoking && call.method === 'DELETE') {
      Object.assign(revoking, { status: 'revoked', revokedAt: '2030-01-02T10:00:00.000Z' });
      return recordResponse(revoking, 200, SHARE_LINK_MESSAGES.revoked);
    }
    return undefined;
  });
  return { calls, stored };
};

/** The dialog as a page would hold it: open for an itinerary until closed. */
const Harness = ({ itinerary }: { itinerary: ShareableItinerary }) => {
  const [open, setOpen] = useState<ShareableItinerary | null>(itinerary);
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setOpen(itinerary);
        }}
      >
        Open share
      </button>
      <LazyShareLinksDialog
        itinerary={open}
        onClose={() => {
          setOpen(null);
        }}
      />
    </>
  );
};

const openDialog = async (itinerary: ShareableItinerary = GOA) => {
  const user = userEvent.setup();
  renderWithStore(<Harness itinerary={itinerary} />);
  const dialog = await screen.findByRole('dialog', { name: T.title(itinerary.title) });
  return { user, dialog };
};

const posts = (calls: RecordedCall[]) =>
  calls.filter((call) => call.url === SHARE && call.method === 'POST');

describe('ShareLinksDialog (issue 22)', () => {
  it('creates a link (7 days by default), shows it once to copy or send on WhatsApp, and lists it', async () => {
    const { calls } = stubServer();
    const { user, dialog } = await openDialog();
    await within(dialog).findByText(T.empty);
    // The form shows once the admin's permissions (the profile) have loaded.
    const expiry = await within(dialog).findByLabelText(T.expiryLabel);
    expect(expiry).toHaveValue('7');
    expect(
      within(expiry)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['1 day', '7 days', '30 days', '90 days']);

    await user.click(within(dialog).getByRole('button', { name: T.create }));
    const shown = await within(dialog).findByLabelText(T.urlLabel, { selector: 'input' });
    expect(shown).toHaveValue(URL_ONCE);
    expect(posts(calls).map((call) => call.body)).toEqual([{ data: { expiresInDays: 7 } }]);
    expect(within(dialog).getByText(T.oneTimeNote)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: T.copy }));
    expect(await navigator.clipboard.readText()).toBe(URL_ONCE);
    expect(await screen.findByText(T.copied)).toBeInTheDocument();

    const whatsapp = within(dialog).getByRole('link', { name: T.whatsapp });
    expect(whatsapp).toHaveAttribute(
      'href',
      `https://wa.me/?text=${encodeURIComponent(`Goa Beach Escape\n${URL_ONCE}`)}`,
    );
    expect(whatsapp).toHaveAttribute('target', '_blank');
    expect(whatsapp).toHaveAttribute('rel', 'noopener noreferrer');

    // The list reloads with the new link: status, expiry in the app's format, views, creator.
    const list = await within(dialog).findByRole('list');
    await within(list).findByText(T.statusLabels.active);
    expect(list).toHaveTextContent(`${T.expires} ${formatDateTime('2030-01-08T09:30:00.000Z')}`);
    expect(list).toHaveTextContent('0 views');
    expect(list).toHaveTextContent(`${T.createdBy} Asha Verma`);
  });

  it('sends the expiry chosen', async () => {
    const { calls } = stubServer();
    const { user, dialog } = await openDialog();
    await user.selectOptions(await within(dialog).findByLabelText(T.expiryLabel), '30');
    await user.click(within(dialog).getByRole('button', { name: T.create }));
    await within(dialog).findByLabelText(T.urlLabel, { selector: 'input' });
    expect(posts(calls).map((call) => call.body)).toEqual([{ data: { expiresInDays: 30 } }]);
  });

  it('says the URL is shown only once: reopened, the list has the link but not its URL', async () => {
    stubServer();
    const { user, dialog } = await openDialog();
    await user.click(await within(dialog).findByRole('button', { name: T.create }));
    await within(dialog).findByDisplayValue(URL_ONCE);

    await user.keyboard('{Escape}');
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    await user.click(screen.getByRole('button', { name: 'Open share' }));
    const again = await screen.findByRole('dialog', { name: T.title(GOA.title) });
    await within(again).findByText(T.statusLabels.active);
    expect(within(again).getByText(T.noUrlNote)).toBeInTheDocument();
    expect(within(again).queryByDisplayValue(URL_ONCE)).toBeNull();
    expect(again).not.toHaveTextContent(TOKEN);
  });

  it('revokes a link after asking, and then shows it revoked', async () => {
    const { calls } = stubServer({
      links: [
        link(1, { views: 3, lastViewedAt: '2030-01-03T05:00:00.000Z' }),
        link(2, { status: 'expired' }),
      ],
    });
    const { user, dialog } = await openDialog();
    const list = await within(dialog).findByRole('list');
    await within(list).findByText(/^3 views/);
    expect(list).toHaveTextContent(`${T.lastViewed} ${formatDateTime('2030-01-03T05:00:00.000Z')}`);
    // Only the active link can be revoked (offered once the permissions have loaded).
    const revokeButtons = await within(list).findAllByRole('button', { name: /^Revoke/ });
    expect(revokeButtons).toHaveLength(1);

    await user.click(revokeButtons[0] as HTMLElement);
    const confirm = await screen.findByRole('alertdialog', { name: T.revokeTitle });
    expect(confirm).toHaveTextContent(T.revokeConfirm);
    await user.click(within(confirm).getByRole('button', { name: T.revoke }));

    expect(await screen.findByText(SHARE_LINK_MESSAGES.revoked)).toBeInTheDocument();
    const deletes = calls.filter((call) => call.method === 'DELETE');
    expect(deletes.map((call) => call.url)).toEqual([
      API_PATHS.itineraryTools.shareLink(GOA._id, link(1)._id),
    ]);
    await waitFor(() => {
      expect(within(list).queryAllByRole('button', { name: /^Revoke/ })).toHaveLength(0);
    });
    expect(within(list).getAllByText(T.statusLabels.revoked)).toHaveLength(1);
    expect(list).toHaveTextContent(`${T.revokedOn} ${formatDateTime('2030-01-02T10:00:00.000Z')}`);
  });

  it('shows the error envelope a create is refused with, and a list that failed to load', async () => {
    stubServer({
      create: () => errorResponse(409, 'CONFLICT', SHARE_LINK_MESSAGES.notShareable),
      list: () =>
        errorResponse(403, 'FORBIDDEN', 'You do not have permission to perform this action.'),
    });
    const { user, dialog } = await openDialog();
    await user.click(await within(dialog).findByRole('button', { name: T.create }));
    // The list's refusal may be shown before the create's: wait for both.
    await waitFor(() => {
      expect(
        within(dialog)
          .getAllByRole('alert')
          .map((a) => a.textContent),
      ).toEqual(
        expect.arrayContaining([
          SHARE_LINK_MESSAGES.notShareable,
          'You do not have permission to perform this action.',
        ]),
      );
    });
    expect(within(dialog).queryByLabelText(T.urlLabel, { selector: 'input' })).toBeNull();
  });

  it('follows the permissions: a viewer sees the links without Create or Revoke', async () => {
    const { calls } = stubServer({ permissions: ['itineraries.view'], links: [link(1)] });
    const { dialog } = await openDialog();
    await within(dialog).findByText(T.statusLabels.active);
    expect(within(dialog).getByText(T.noPermission)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: T.create })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: /^Revoke/ })).toBeNull();
    expect(posts(calls)).toEqual([]);
  });

  it('offers no Create for a private or inactive itinerary and says why', async () => {
    stubServer({ links: [link(1)] });
    const { dialog } = await openDialog({ ...GOA, visibility: 'private' });
    expect(within(dialog).getByText(T.notShareable)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: T.create })).toBeNull();
    // Its links can still be revoked.
    expect(await within(dialog).findByRole('button', { name: /^Revoke/ })).toBeInTheDocument();
  });
});
