import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MANAGE_MESSAGES, type PermissionKey } from '@safarnama/contract';
import { openPage } from '../../test/app';
import {
  idempotencyKeysOf,
  networkDown,
  type RecordedCall,
  stubSignedIn,
  okResponse,
  errorResponse,
} from '../../test/utils';
import { makeAdmin, makeUserType, page, SELF_ID, SELF_TYPE_ID } from './test-data';

const MANAGE = '/api/v1/admin/manage';
const ALL: PermissionKey[] = ['admins.view', 'admins.create', 'admins.update', 'roles.view'];

const editorType = makeUserType(1, { name: 'Content Editor' });
const self = makeAdmin(0, {
  _id: SELF_ID,
  id: SELF_ID,
  name: 'Asha Verma',
  email: 'asha@example.com',
  userType: { _id: SELF_TYPE_ID, name: 'Super Admin', isSuperAdmin: true },
  twoFactorEnabled: true,
  lastLoginAt: '2025-03-07T10:15:00.000Z',
});
const ravi = makeAdmin(1, { name: 'Ravi Kumar', email: 'ravi@example.com' });
const meera = makeAdmin(2, { name: 'Meera Pillai', invitationPending: true, isActive: true });

interface Options {
  permissions?: PermissionKey[];
  other?: (call: RecordedCall) => Response | undefined;
}

const stubServer = ({ permissions = ALL, other }: Options = {}) =>
  stubSignedIn({ permissions }, (call) => {
    if (call.url === `${MANAGE}/get-users`) {
      return okResponse(page('users', [self, ravi, meera]));
    }
    if (call.url === `${MANAGE}/get-user-types-list`) {
      return okResponse({
        userTypes: [{ _id: editorType._id, name: 'Content Editor', isSuperAdmin: false }],
      });
    }
    return other?.(call);
  });

const open = async () => (await openPage('/add-user', 'Add User')).user;

const rowOf = async (name: string) => {
  const link = await screen.findByRole('link', { name });
  const row = link.closest('tr');
  if (!row) throw new Error('no row');
  return within(row);
};

const bodyOf = (calls: RecordedCall[], path: string) =>
  calls.find((call) => call.url === `${MANAGE}/${path}`)?.body;

describe('AdminUsersPage', () => {
  it('lists admins with role, 2FA, last sign-in, status and the invitation badge', async () => {
    stubServer();
    await open();
    const headers = (await screen.findAllByRole('columnheader')).map((th) => th.textContent);
    expect(headers).toEqual(['Name', 'E-mail', 'Role', '2FA', 'Last sign-in', 'Status', 'Actions']);

    const me = await rowOf('Asha Verma');
    expect(me.getByText('You')).toBeInTheDocument();
    expect(me.getByText('On')).toBeInTheDocument();
    expect(me.getByText(/Mar 7, 2025/)).toBeInTheDocument();
    // Nobody disables themselves: a badge, not a switch.
    expect(me.getByText('Active')).toBeInTheDocument();
    expect(me.queryByRole('button', { name: /deactivate/ })).not.toBeInTheDocument();

    const row = await rowOf('Ravi Kumar');
    expect(row.getByRole('link', { name: 'Ravi Kumar' })).toHaveAttribute(
      'href',
      `/admin/user/${ravi._id}`,
    );
    expect(row.getByText('Off')).toBeInTheDocument();
    expect(row.getByText('Never')).toBeInTheDocument();
    expect(row.getByRole('button', { name: 'Active: deactivate Ravi Kumar' })).toBeEnabled();
    expect(row.queryByRole('button', { name: /Resend/ })).not.toBeInTheDocument();

    const pending = await rowOf('Meera Pillai');
    expect(pending.getByText('Invitation pending')).toBeInTheDocument();
    expect(
      pending.getByRole('button', { name: 'Resend invitation to Meera Pillai' }),
    ).toBeInTheDocument();
  });

  it('hides invite, edit, resend and the switches without the keys', async () => {
    stubServer({ permissions: ['admins.view'] });
    await open();
    const row = await rowOf('Ravi Kumar');
    expect(screen.queryByRole('button', { name: 'Invite Admin' })).not.toBeInTheDocument();
    expect(row.queryByRole('button')).not.toBeInTheDocument();
    expect(
      (await rowOf('Meera Pillai')).queryByRole('button', { name: /Resend/ }),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
  });

  it('invites an admin with a role; the contract rules check the form first', async () => {
    const calls = stubServer({
      other: (call) =>
        call.url === `${MANAGE}/add-user`
          ? okResponse(
              { data: makeAdmin(9), invitationSent: true },
              201,
              MANAGE_MESSAGES.userCreated,
            )
          : undefined,
    });
    const user = await open();
    await user.click(screen.getByRole('button', { name: 'Invite Admin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite Admin' });
    await user.type(within(dialog).getByLabelText('E-mail *'), 'not-an-address');
    await user.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose a role')).toBeInTheDocument();
    expect(bodyOf(calls, 'add-user')).toBeUndefined();

    await user.type(within(dialog).getByLabelText('Name *'), ' Kiran Rao ');
    const email = within(dialog).getByLabelText('E-mail *');
    await user.clear(email);
    await user.type(email, 'kiran@example.com');
    await user.type(within(dialog).getByLabelText('Phone'), '+91 98765 43210');
    await within(dialog).findByRole('option', { name: 'Content Editor' });
    await user.selectOptions(within(dialog).getByLabelText('Role *'), 'Content Editor');
    await user.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    await screen.findByText(MANAGE_MESSAGES.userCreated);
    expect(bodyOf(calls, 'add-user')).toEqual({
      data: {
        name: 'Kiran Rao',
        email: 'kiran@example.com',
        phone: '+91 98765 43210',
        userTypeId: editorType._id,
      },
    });
  });

  it('an invitation sends an Idempotency-Key, the same one when retried after a failure', async () => {
    let answers = 0;
    const calls = stubServer({
      other: (call) => {
        if (call.url !== `${MANAGE}/add-user`) return undefined;
        answers += 1;
        return answers === 1
          ? networkDown()
          : okResponse(
              { data: makeAdmin(9), invitationSent: true },
              201,
              MANAGE_MESSAGES.userCreated,
            );
      },
    });
    const user = await open();
    await user.click(screen.getByRole('button', { name: 'Invite Admin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite Admin' });
    await user.type(within(dialog).getByLabelText('Name *'), 'Kiran Rao');
    await user.type(within(dialog).getByLabelText('E-mail *'), 'kiran@example.com');
    await within(dialog).findByRole('option', { name: 'Content Editor' });
    await user.selectOptions(within(dialog).getByLabelText('Role *'), 'Content Editor');
    await user.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    expect(await within(dialog).findByRole('alert')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    await screen.findByText(MANAGE_MESSAGES.userCreated);
    const keys = idempotencyKeysOf(calls, `${MANAGE}/add-user`);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('puts a 400 detail under its field; an empty phone travels as an empty string', async () => {
    const calls = stubServer({
      other: (call) =>
        call.url === `${MANAGE}/update-admin-user`
          ? errorResponse(400, 'VALIDATION_ERROR', 'Validation failed', [
              { path: 'name', message: 'Name is not allowed' },
            ])
          : undefined,
    });
    const user = await open();
    await user.click((await rowOf('Ravi Kumar')).getByRole('button', { name: 'Edit Ravi Kumar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Admin' });
    await waitFor(() => {
      expect(within(dialog).getByLabelText('Role *')).toBeEnabled();
    });
    await user.clear(within(dialog).getByLabelText('Phone'));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    const name = within(dialog).getByLabelText('Name *');
    await waitFor(() => {
      expect(name).toHaveAccessibleDescription('Name is not allowed');
    });
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(bodyOf(calls, 'update-admin-user')).toEqual({
      data: {
        id: ravi._id,
        name: 'Ravi Kumar',
        email: 'ravi@example.com',
        phone: '',
        userTypeId: ravi.userType._id,
      },
    });
  });

  it('shows a taken e-mail under the field', async () => {
    stubServer({
      other: (call) =>
        call.url === `${MANAGE}/update-admin-user`
          ? errorResponse(409, 'CONFLICT', MANAGE_MESSAGES.emailTaken)
          : undefined,
    });
    const user = await open();
    await user.click((await rowOf('Ravi Kumar')).getByRole('button', { name: 'Edit Ravi Kumar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Admin' });
    expect(within(dialog).getByLabelText('Name *')).toHaveValue('Ravi Kumar');
    // The role select waits for the role options (a busy machine answers them after the dialog).
    await waitFor(() => {
      expect(within(dialog).getByLabelText('Role *')).toBeEnabled();
    });
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText(MANAGE_MESSAGES.emailTaken)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('E-mail *')).toHaveAttribute('aria-invalid', 'true');
  });

  it('editing yourself keeps your role locked', async () => {
    stubServer();
    const user = await open();
    await user.click((await rowOf('Asha Verma')).getByRole('button', { name: 'Edit Asha Verma' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Admin' });
    const role = within(dialog).getByLabelText('Role *');
    expect(role).toBeDisabled();
    expect(role).toHaveAccessibleDescription(MANAGE_MESSAGES.ownUserTypeChange);
  });

  it('asks before disabling, then sends the status', async () => {
    const calls = stubServer({
      other: (call) =>
        call.url === `${MANAGE}/admin-update-status`
          ? okResponse({ data: ravi }, 200, MANAGE_MESSAGES.userStatus)
          : undefined,
    });
    const user = await open();
    await user.click(
      (await rowOf('Ravi Kumar')).getByRole('button', { name: 'Active: deactivate Ravi Kumar' }),
    );
    const confirm = await screen.findByRole('alertdialog', { name: 'Deactivate Ravi Kumar?' });
    expect(confirm).toHaveTextContent('signed out of every session at once');
    await user.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    await screen.findByText(MANAGE_MESSAGES.userStatus);
    expect(bodyOf(calls, 'admin-update-status')).toEqual({
      data: { id: ravi._id, isActive: false },
    });
  });

  it('resends an invitation', async () => {
    const calls = stubServer({
      other: (call) =>
        call.url === `${MANAGE}/resend-invitation`
          ? okResponse({ data: meera, invitationSent: true }, 200, MANAGE_MESSAGES.invitationSent)
          : undefined,
    });
    const user = await open();
    await user.click(
      (await rowOf('Meera Pillai')).getByRole('button', {
        name: 'Resend invitation to Meera Pillai',
      }),
    );
    await screen.findByText(MANAGE_MESSAGES.invitationSent);
    await waitFor(() => {
      expect(bodyOf(calls, 'resend-invitation')).toEqual({ data: { id: meera._id } });
    });
  });
});
