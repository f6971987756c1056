import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { PERMISSION_KEYS, type PermissionKey, type UserTypePermissions } from '@safarnama/contract';
import { openPage } from '../../test/app';
import {
  type RecordedCall,
  stubSignedIn,
  okResponse,
  recordResponse,
  errorResponse,
} from '../../test/utils';
import { CEILING_NOTE } from './PermissionMatrix';
import { makeUserType, page, permissionsAnswer, SELF_TYPE_ID } from './test-data';

const MANAGE = '/api/v1/admin/manage';
const PERMISSIONS = '/api/v1/admin/auth/getUserTypePermissions';

const editor = makeUserType(1, { name: 'Content Editor' });
const superAdmin = makeUserType(0, { name: 'Super Admin', isSuperAdmin: true });

interface Options {
  mine?: PermissionKey[];
  answer?: Partial<UserTypePermissions>;
  save?: (call: RecordedCall) => Response;
}

const stubServer = ({ mine = [...PERMISSION_KEYS], answer = {}, save }: Options = {}) =>
  stubSignedIn({ permissions: mine }, (call) => {
    if (call.url === `${MANAGE}/get-user-types-list`) {
      return okResponse({
        userTypes: [superAdmin, editor].map(({ _id, name, isSuperAdmin }) => ({
          _id,
          name,
          isSuperAdmin,
        })),
      });
    }
    if (call.url === PERMISSIONS) {
      return recordResponse(
        permissionsAnswer({
          userType: {
            _id: editor._id,
            name: 'Content Editor',
            isSuperAdmin: false,
            isActive: true,
          },
          grantable: mine,
          ...answer,
        }),
      );
    }
    if (call.url === `${MANAGE}/getAllUserTypePermissions`) {
      return okResponse(
        page('userTypes', [
          { ...superAdmin, permissions: [...PERMISSION_KEYS] },
          { ...editor, permissions: ['itineraries.view', 'itineraries.create'] },
        ]),
      );
    }
    if (call.url === `${MANAGE}/saveUserTypePermissions` && save) return save(call);
    return undefined;
  });

const open = async (path = `/add-role-permission?type=${editor._id}`) => {
  const { user } = await openPage(path, 'Add Permission');
  if (path.includes('type=')) await screen.findByRole('table', { name: /permissions by module/i });
  return user;
};

const box = (name: string) => screen.getByRole('checkbox', { name });

describe('RolePermissionsPage', () => {
  it('asks for a role first and loads the one chosen', async () => {
    const calls = stubServer();
    const user = await open('/add-role-permission');
    expect(screen.getByText('Choose a role to see and change its permissions.')).toBeVisible();
    await screen.findByRole('option', { name: 'Content Editor' });
    await user.selectOptions(screen.getByLabelText('Role'), 'Content Editor');
    await screen.findByRole('table', { name: /permissions by module/i });
    const asked = calls.find((call) => call.url === PERMISSIONS);
    expect(asked?.search.get('type')).toBe(editor._id);
  });

  it('draws modules × actions with no cell where a module lacks the action', async () => {
    stubServer({ answer: { permissions: ['itineraries.view'] } });
    await open();
    expect(box('Itineraries: view')).toBeChecked();
    expect(box('Itineraries: delete')).not.toBeChecked();
    expect(box('Dashboard: view')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Dashboard: create' })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('checkbox', { name: 'Homepage settings: delete' }),
    ).not.toBeInTheDocument();
    expect(
      screen.getByText('1 of ' + String(PERMISSION_KEYS.length) + ' permissions'),
    ).toBeVisible();
  });

  it('toggles cells, a row and a column, then saves the full set with a toast', async () => {
    const calls = stubServer({
      answer: { permissions: ['itineraries.view'] },
      save: () => recordResponse(permissionsAnswer(), 200, 'Permissions saved successfully'),
    });
    const user = await open();
    const save = screen.getByRole('button', { name: 'Save Permissions' });
    expect(save).toBeDisabled();

    // A cell: create brings view along (already held here).
    await user.click(box('Image libraries: create'));
    expect(box('Image libraries: create')).toBeChecked();
    expect(box('Image libraries: view')).toBeChecked();

    // A row: every action of Itineraries.
    await user.click(box('Itineraries: every action'));
    for (const action of ['view', 'create', 'update', 'delete']) {
      expect(box(`Itineraries: ${action}`)).toBeChecked();
    }
    // The row again: all off.
    await user.click(box('Itineraries: every action'));
    expect(box('Itineraries: view')).not.toBeChecked();
    await user.click(box('Itineraries: every action'));

    // A column: delete on every module that has it (and view with it).
    await user.click(box('Delete: every module'));
    expect(box('Travelpedia blogs: delete')).toBeChecked();
    expect(box('Travelpedia blogs: view')).toBeChecked();
    expect(box('Dashboard: view')).not.toBeChecked();
    expect(screen.getByText('Unsaved changes')).toBeVisible();

    await user.click(save);
    await screen.findByText('Permissions saved successfully');
    const body = calls.find((call) => call.url === `${MANAGE}/saveUserTypePermissions`)?.body as {
      data: { type: string; permissions: string[] };
    };
    expect(body.data.type).toBe(editor._id);
    expect(body.data.permissions).toContain('itineraries.update');
    expect(body.data.permissions).toContain('image-libraries.create');
    expect(body.data.permissions).toContain('marketing.delete');
    expect(body.data.permissions).not.toContain('dashboard.view');
    // In the contract's order.
    expect(body.data.permissions).toEqual(
      PERMISSION_KEYS.filter((key) => body.data.permissions.includes(key)),
    );
  });

  it('locks keys the editor does not hold, with the reason, and keeps them as held', async () => {
    const mine: PermissionKey[] = [
      'roles.view',
      'roles.update',
      'itineraries.view',
      'itineraries.create',
    ];
    const calls = stubServer({
      mine,
      answer: { permissions: ['itineraries.view', 'blogs.view'], grantable: mine },
      save: () => recordResponse(permissionsAnswer()),
    });
    const user = await open();
    const blogs = box('Travelpedia blogs: view');
    expect(blogs).toBeChecked();
    expect(blogs).toBeDisabled();
    expect(blogs).toHaveAccessibleDescription(CEILING_NOTE);
    expect(blogs.parentElement).toHaveAttribute('title', CEILING_NOTE);
    expect(box('Itineraries: delete')).toBeDisabled();
    expect(box('Itineraries: create')).toBeEnabled();
    expect(screen.getByText(/Locked boxes are permissions you do not hold/)).toBeVisible();

    // The row toggle only reaches what the editor holds.
    await user.click(box('Itineraries: every action'));
    expect(box('Itineraries: create')).toBeChecked();
    expect(box('Itineraries: delete')).not.toBeChecked();
    // A row with nothing changeable has a disabled toggle.
    expect(box('Dashboard: every action')).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Save Permissions' }));
    await waitFor(() => {
      expect(calls.some((call) => call.url === `${MANAGE}/saveUserTypePermissions`)).toBe(true);
    });
    const body = calls.find((call) => call.url === `${MANAGE}/saveUserTypePermissions`)?.body as {
      data: { permissions: string[] };
    };
    expect(body.data.permissions).toEqual(['blogs.view', 'itineraries.view', 'itineraries.create']);
  });

  it('ticks and locks what a permission needs, says why, and sends it', async () => {
    const calls = stubServer({
      answer: { permissions: [] },
      save: () => recordResponse(permissionsAnswer()),
    });
    const user = await open();
    await user.click(box('Itineraries: create'));
    for (const name of [
      'Itineraries: view',
      'Countries, states & places: view',
      'Image libraries: view',
    ]) {
      expect(box(name)).toBeChecked();
      expect(box(name)).toBeDisabled();
    }
    expect(box('Countries, states & places: view')).toHaveAccessibleDescription(
      'Needed by Itineraries · Create',
    );
    expect(box('Countries, states & places: view').parentElement).toHaveAttribute(
      'title',
      'Needed by Itineraries · Create',
    );
    const needed = screen.getByRole('list', { name: 'Permissions needed by others' });
    expect(needed).toBeVisible();
    expect(needed).toHaveTextContent(
      'Countries, states & places · View: Needed by Itineraries · Create',
    );

    // A second key that needs it is named too.
    await user.click(box('Travelpedia blogs: create'));
    expect(box('Countries, states & places: view')).toHaveAccessibleDescription(
      'Needed by Travelpedia blogs · Create, Itineraries · Create',
    );

    await user.click(screen.getByRole('button', { name: 'Save Permissions' }));
    await waitFor(() => {
      expect(calls.some((call) => call.url === `${MANAGE}/saveUserTypePermissions`)).toBe(true);
    });
    const body = calls.find((call) => call.url === `${MANAGE}/saveUserTypePermissions`)?.body as {
      data: { permissions: string[] };
    };
    expect(body.data.permissions).toEqual([
      'geography.view',
      'blogs.view',
      'blogs.create',
      'itineraries.view',
      'itineraries.create',
      'image-libraries.view',
    ]);
  });

  it('frees a needed key once nothing ticked needs it', async () => {
    stubServer({
      answer: {
        permissions: [
          'geography.view',
          'itineraries.view',
          'itineraries.create',
          'image-libraries.view',
        ],
      },
    });
    const user = await open();
    expect(box('Image libraries: view')).toBeDisabled();
    await user.click(box('Itineraries: create'));
    expect(box('Image libraries: view')).toBeEnabled();
    expect(box('Image libraries: view')).toBeChecked();
    expect(
      screen.queryByRole('list', { name: 'Permissions needed by others' }),
    ).not.toBeInTheDocument();
    await user.click(box('Image libraries: view'));
    expect(box('Image libraries: view')).not.toBeChecked();
  });

  it('shows the server refusal readably', async () => {
    stubServer({
      save: () => errorResponse(403, 'FORBIDDEN', 'You cannot grant permissions you do not hold'),
    });
    const user = await open();
    await user.click(box('Dashboard: view'));
    await user.click(screen.getByRole('button', { name: 'Save Permissions' }));
    const alerts = await screen.findAllByText('You cannot grant permissions you do not hold');
    expect(alerts.length).toBeGreaterThan(0);
    expect(box('Dashboard: view')).toBeChecked();
  });

  it('is read-only with a note for the Super Admin', async () => {
    stubServer({
      answer: {
        userType: { _id: superAdmin._id, name: 'Super Admin', isSuperAdmin: true, isActive: true },
        permissions: [...PERMISSION_KEYS],
        editable: false,
      },
    });
    await open(`/add-role-permission?type=${superAdmin._id}`);
    expect(screen.getByText(/holds every permission\. It cannot be changed/)).toBeVisible();
    for (const cell of screen.getAllByRole('checkbox')) {
      expect(cell).toBeDisabled();
      expect(cell).toBeChecked();
    }
    expect(screen.queryByRole('checkbox', { name: /every/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save Permissions' })).not.toBeInTheDocument();
  });

  it('is read-only for your own role', async () => {
    stubServer({
      answer: {
        userType: {
          _id: SELF_TYPE_ID,
          name: 'Content Editor',
          isSuperAdmin: false,
          isActive: true,
        },
        editable: false,
      },
    });
    await open(`/add-role-permission?type=${SELF_TYPE_ID}`);
    expect(screen.getByText(/This is your own role/)).toBeVisible();
    expect(box('Itineraries: view')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save Permissions' })).not.toBeInTheDocument();
  });

  it('without roles.update the matrix is read-only', async () => {
    stubServer({ mine: ['roles.view'], answer: { grantable: [] } });
    await open();
    expect(screen.getByText('You can see these permissions but not change them.')).toBeVisible();
    expect(box('Itineraries: view')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save Permissions' })).not.toBeInTheDocument();
  });

  it("lists every role's permissions below, and opens one from there", async () => {
    stubServer();
    const user = await open('/add-role-permission');
    const overview = await screen.findByRole('region', { name: 'Permissions of every role' });
    const list = await within(overview).findByRole('list', { name: 'Content Editor permissions' });
    expect(within(list).getByText('Itineraries')).toBeInTheDocument();
    expect(list).toHaveTextContent('Itineraries: view, create');
    expect(within(overview).getByText('Every permission')).toBeInTheDocument();
    await user.click(within(overview).getByRole('button', { name: 'Open Content Editor' }));
    await screen.findByRole('table', { name: /permissions by module/i });
    expect(screen.getByLabelText('Role')).toHaveValue(editor._id);
  });
});
