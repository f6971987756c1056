import { beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import {
  makePagination,
  UNSAVED_CHANGES_TEXTS as T,
  type PermissionKey,
} from '@safarnama/contract';
import { renderApp } from '../../test/app';
import {
  type RecordedCall,
  okResponse,
  recordResponse,
  stubObjectUrls,
  stubSignedIn,
} from '../../test/utils';
import { makeCountry } from './test-data';

// Issue 20, "lost work": a form modal with unsaved changes asks before it closes.

const SERVICE = '/api/v1/admin/service';
const ALL: PermissionKey[] = ['geography.view', 'geography.create', 'geography.update'];
const india = makeCountry(1, { name: 'India', shortName: 'IN' });

let calls: RecordedCall[];

beforeEach(() => {
  stubObjectUrls();
  calls = stubSignedIn({ permissions: ALL }, (call) => {
    if (call.url === `${SERVICE}/get-all-countries`) {
      return okResponse({ countries: [india], pagination: makePagination(1, 1, 10) });
    }
    if (call.url === `${SERVICE}/add-new-country`) return recordResponse(india, 201);
    return undefined;
  });
});

const openAddCountry = async () => {
  const view = renderApp('/services/addCountries');
  await view.user.click(await screen.findByRole('button', { name: 'Add Country' }));
  return { ...view, dialog: await screen.findByRole('dialog', { name: 'Add Country' }) };
};

const closed = () =>
  waitFor(() => {
    expect(screen.queryByRole('dialog')).toBeNull();
  });

const confirm = () => screen.findByRole('alertdialog', { name: T.title });

describe('a form modal with unsaved changes', () => {
  it('closes at once while nothing was changed (Escape, X, Cancel)', async () => {
    const { user } = await openAddCountry();
    await user.keyboard('{Escape}');
    await closed();

    await user.click(screen.getByRole('button', { name: 'Add Country' }));
    await user.click(await screen.findByRole('button', { name: 'Close' }));
    await closed();

    await user.click(screen.getByRole('button', { name: 'Add Country' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await closed();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('asks before Escape, X and Cancel close it; Keep editing keeps what was typed', async () => {
    const { user, dialog } = await openAddCountry();
    const name = within(dialog).getByLabelText('Name *');
    await user.type(name, 'Bhutan');

    for (const close of [
      () => user.keyboard('{Escape}'),
      () => user.click(within(dialog).getByRole('button', { name: 'Close' })),
      () => user.click(within(dialog).getByRole('button', { name: 'Cancel' })),
    ]) {
      await close();
      const question = await confirm();
      expect(question).toHaveTextContent(T.message);
      await user.click(within(question).getByRole('button', { name: T.keepEditing }));
      await waitFor(() => {
        expect(screen.queryByRole('alertdialog')).toBeNull();
      });
      expect(screen.getByRole('dialog', { name: 'Add Country' })).toBeInTheDocument();
      expect(within(dialog).getByLabelText('Name *')).toHaveValue('Bhutan');
    }

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(within(await confirm()).getByRole('button', { name: T.discard }));
    await closed();
    expect(calls.some((call) => call.url.endsWith('/add-new-country'))).toBe(false);
  });

  it('is clean again when the change is undone', async () => {
    const { user, dialog } = await openAddCountry();
    const name = within(dialog).getByLabelText('Name *');
    await user.type(name, 'X');
    await user.clear(name);
    await user.keyboard('{Escape}');
    await closed();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('counts a chosen flag image (set without a keystroke) as a change', async () => {
    const { user, dialog } = await openAddCountry();
    await user.upload(
      within(dialog).getByLabelText('Choose an image file'),
      new File([new Uint8Array(2048)], 'flag.png', { type: 'image/png' }),
    );
    await user.keyboard('{Escape}');
    expect(await confirm()).toBeInTheDocument();
  });

  it('closes without asking after a successful save', async () => {
    const { user, dialog } = await openAddCountry();
    await user.type(within(dialog).getByLabelText('Name *'), 'India');
    await user.type(within(dialog).getByLabelText('Short Name *'), 'IN');
    await user.click(within(dialog).getByRole('button', { name: 'Save Country' }));
    await closed();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls.some((call) => call.url.endsWith('/add-new-country'))).toBe(true);
  });

  it('a route change while it is dirty asks too', async () => {
    const { user, dialog, router } = await openAddCountry();
    await user.type(within(dialog).getByLabelText('Name *'), 'Bhutan');
    act(() => {
      void router.navigate('/services/addStates');
    });
    await user.click(within(await confirm()).getByRole('button', { name: T.keepEditing }));
    expect(router.state.location.pathname).toBe('/services/addCountries');
    expect(within(dialog).getByLabelText('Name *')).toHaveValue('Bhutan');
  });

  it("keeps Save and Cancel in view: the modal's footer is sticky", async () => {
    const { dialog } = await openAddCountry();
    const footer = within(dialog).getByRole('button', { name: 'Save Country' }).parentElement;
    expect(footer).toHaveClass('sticky');
  });
});
