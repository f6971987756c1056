import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MANAGE_MESSAGES, makePagination, type PermissionKey } from '@safarnama/contract';
import { openPage } from '../../test/app';
import {
  idempotencyKeysOf,
  type RecordedCall,
  stubSignedIn,
  okResponse,
  errorResponse,
} from '../../test/utils';
import { makeUserType, page } from './test-data';

const MANAGE = '/api/v1/admin/manage';
const ALL: PermissionKey[] = ['roles.view', 'roles.create', 'roles.update', 'admins.view'];

const superAdmin = makeUserType(0, {
  name: 'Super Admin',
  isSuperAdmin: true,
  description: 'Everything',
  adminCount: 1,
});
const editor = makeUserType(1, {
  name: 'Content Editor',
  description: 'Itineraries and libraries',
  adminCount: 3,
});
const viewer = makeUserType(2, { name: 'Viewer', isActive: false, adminCount: 0 });

interface Options {
  permissions?: PermissionKey[];
  list?: (call: RecordedCall) => Response;
  other?: (call: RecordedCall) => Response | undefined;
}

const stubServer = ({ permissions = ALL, list, other }: Options = {}) =>
  stubSignedIn({ permissions }, (call) => {
    if (call.url === `${MANAGE}/get-user-types`) {
      return list ? list(call) : okResponse(page('userTypes', [superAdmin, editor, viewer]));
    }
    return other?.(call);
  });

const listCalls = (calls: RecordedCall[]) =>
  calls.filter((call) => call.url === `${MANAGE}/get-user-types`);

const open = async () => (await openPage('/add-user-type', 'Add Role')).user;

const rowOf = async (name: string) => {
  const cell = await screen.findByText(name, { selector: 'td > span' });
  const row = cell.closest('tr');
  if (!row) throw new Error('no row');
  return within(row);
};

afterEach(() => {
  vi.useRealTimers();
});

describe('UserTypesPage', () => {
  it('lists the roles with their admins and status; the Super Admin row is locked', async () => {
    const calls = stubServer();
    await open();
    const headers = (await screen.findAllByRole('columnheader')).map((th) => th.textContent);
    expect(headers).toEqual(['Name', 'Description', 'Admins', 'Status', 'Actions']);

    const locked = await rowOf('Super Admin');
    expect(locked.getByText('Built-in')).toBeInTheDocument();
    expect(locked.getByText('1 admin')).toBeInTheDocument();
    expect(locked.getByText('Locked')).toBeInTheDocument();
    expect(locked.queryByRole('button')).not.toBeInTheDocument();
    expect(locked.getByText('Active')).toBeInTheDocument();

    const row = await rowOf('Content Editor');
    expect(row.getByText('3 admins')).toBeInTheDocument();
    expect(row.getByRole('button', { name: 'Active: deactivate Content Editor' })).toBeEnabled();
    expect(row.getByRole('button', { name: 'Edit Content Editor' })).toBeInTheDocument();
    expect(row.getByRole('link', { name: 'Permissions of Content Editor' })).toHaveAttribute(
      'href',
      `/add-role-permission?type=${editor._id}`,
    );
    const off = await rowOf('Viewer');
    expect(off.getByRole('button', { name: 'Inactive: activate Viewer' })).toBeInTheDocument();
    expect(listCalls(calls)[0]?.search.toString()).toBe('page=1&limit=10');
  });

  it('hides New Role, Edit and the switch without the keys', async () => {
    stubServer({ permissions: ['roles.view'] });
    await open();
    const row = await rowOf('Content Editor');
    expect(screen.queryByRole('button', { name: 'New Role' })).not.toBeInTheDocument();
    expect(row.queryByRole('button', { name: 'Edit Content Editor' })).not.toBeInTheDocument();
    expect(row.queryByRole('button', { name: /deactivate/ })).not.toBeInTheDocument();
    expect(row.getByText('Active')).toBeInTheDocument();
  });

  it('debounces the search by 500 ms and goes back to page 1', async () => {
    const calls = stubServer({
      list: (call) =>
        okResponse({
          userTypes: [editor],
          pagination: makePagination(25, Number(call.search.get('page') ?? 1), 10),
        }),
    });
    const user = await open();
    await rowOf('Content Editor');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => {
      expect(listCalls(calls).at(-1)?.search.get('page')).toBe('2');
    });
    vi.useFakeTimers();
    fireEvent.change(screen.getByLabelText('Search roles'), { target: { value: 'edi' } });
    act(() => {
      vi.advanceTimersByTime(499);
    });
    expect(listCalls(calls).some((call) => call.search.get('search') === 'edi')).toBe(false);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    vi.useRealTimers();
    await waitFor(() => {
      expect(listCalls(calls).at(-1)?.search.toString()).toBe('page=1&limit=10&search=edi');
    });
  });

  it('creates a role (retrying with the same Idempotency-Key) and shows a taken name at the field', async () => {
    let attempts = 0;
    const calls = stubServer({
      other: (call) => {
        if (call.url !== `${MANAGE}/add-user-types`) return undefined;
        attempts += 1;
        return attempts === 1
          ? errorResponse(409, 'CONFLICT', MANAGE_MESSAGES.userTypeNameTaken)
          : okResponse({ data: editor }, 201, MANAGE_MESSAGES.userTypeCreated);
      },
    });
    const user = await open();
    await user.click(screen.getByRole('button', { name: 'New Role' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Role' });
    await user.click(within(dialog).getByRole('button', { name: 'Save Role' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Name *'), '  Editors ');
    await user.type(within(dialog).getByLabelText('Description'), 'Writes');
    await user.click(within(dialog).getByRole('button', { name: 'Save Role' }));
    expect(await within(dialog).findByText(MANAGE_MESSAGES.userTypeNameTaken)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Name *')).toHaveAttribute('aria-invalid', 'true');
    await user.click(within(dialog).getByRole('button', { name: 'Save Role' }));
    await screen.findByText(MANAGE_MESSAGES.userTypeCreated);
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    const body = calls.find((call) => call.url === `${MANAGE}/add-user-types`)?.body;
    expect(body).toEqual({ data: { name: 'Editors', description: 'Writes' } });
    const keys = idempotencyKeysOf(calls, `${MANAGE}/add-user-types`);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('puts a 400 detail under its field', async () => {
    stubServer({
      other: (call) =>
        call.url === `${MANAGE}/update-user-type`
          ? errorResponse(400, 'VALIDATION_ERROR', 'Validation failed', [
              { path: 'description', message: 'Description must not be blank' },
            ])
          : undefined,
    });
    const user = await open();
    await user.click(
      (await rowOf('Content Editor')).getByRole('button', { name: 'Edit Content Editor' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit Role' });
    await user.click(within(dialog).getByRole('button', { name: 'Save Role' }));
    expect(await within(dialog).findByText('Description must not be blank')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Description')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText('Name *')).not.toHaveAttribute('aria-invalid');
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Please correct the highlighted fields.',
    );
  });

  it('edits a role by id', async () => {
    const calls = stubServer({
      other: (call) =>
        call.url === `${MANAGE}/update-user-type`
          ? okResponse({ data: editor }, 200, MANAGE_MESSAGES.userTypeUpdated)
          : undefined,
    });
    const user = await open();
    await user.click(
      (await rowOf('Content Editor')).getByRole('button', { name: 'Edit Content Editor' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit Role' });
    const name = within(dialog).getByLabelText('Name *');
    await user.clear(name);
    await user.type(name, 'Editors');
    await user.click(within(dialog).getByRole('button', { name: 'Save Role' }));
    await screen.findByText(MANAGE_MESSAGES.userTypeUpdated);
    expect(calls.find((call) => call.url === `${MANAGE}/update-user-type`)?.body).toEqual({
      data: { id: editor._id, name: 'Editors', description: 'Itineraries and libraries' },
    });
  });

  it('switches a role off, and explains a refusal because admins use it', async () => {
    const inUse = MANAGE_MESSAGES.userTypeInUse(3);
    const calls = stubServer({
      other: (call) =>
        call.url === `${MANAGE}/update-user-type-status`
          ? errorResponse(409, 'CONFLICT', inUse)
          : undefined,
    });
    const user = await open();
    await user.click(
      (await rowOf('Content Editor')).getByRole('button', {
        name: 'Active: deactivate Content Editor',
      }),
    );
    const alert = await screen.findByRole('alertdialog', { name: 'Content Editor is in use' });
    expect(alert).toHaveTextContent(inUse);
    expect(calls.find((call) => call.url === `${MANAGE}/update-user-type-status`)?.body).toEqual({
      data: { id: editor._id, isActive: false },
    });
    await user.click(within(alert).getByRole('button', { name: 'Go to Add User' }));
    await screen.findByRole('heading', { name: 'Add User' });
  });
});
