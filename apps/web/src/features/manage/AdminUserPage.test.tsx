import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { makePagination } from '@safarnama/contract';
import { renderApp } from '../../test/app';
import { type RecordedCall, stubSignedIn, okResponse, errorResponse } from '../../test/utils';
import { makeActivity, makeAdmin, makeLoginActivity } from './test-data';

const MANAGE = '/api/v1/admin/manage';

const stubServer = (
  handler?: (call: RecordedCall) => Response | undefined,
  permissions = ['activity.view', 'admins.view', 'admins.update'],
) => stubSignedIn({ permissions }, handler);

describe('AdminUserPage', () => {
  const admin = makeAdmin(1, {
    name: 'Ravi Kumar',
    email: 'ravi@example.com',
    phone: '+91 98765 43210',
    twoFactorEnabled: true,
    lastLoginAt: '2025-03-07T09:00:00.000Z',
  });

  it('shows the profile and pages sign-ins and actions independently', async () => {
    const calls = stubServer((call) => {
      if (call.url !== `${MANAGE}/get-admin-user-by-id`) return undefined;
      const loginPage = Number(call.search.get('loginPage'));
      const adminPage = Number(call.search.get('adminPage'));
      return okResponse({
        admin,
        loginActivity: {
          activities: [
            makeLoginActivity(loginPage, {
              browser: `Chrome ${loginPage}`,
              result: loginPage === 1 ? 'success' : 'failed',
              location: {
                ip: '198.51.100.4',
                lat: 0,
                long: 0,
                address: {
                  country: 'India',
                  state: 'Kerala',
                  city: 'Kochi',
                  pinCode: '682001',
                  complete_display_address: 'Kochi, Kerala, India',
                },
              },
            }),
          ],
          pagination: makePagination(25, loginPage, 10),
        },
        activities: {
          activities: [makeActivity(adminPage, { summary: `Action page ${adminPage}` })],
          pagination: makePagination(12, adminPage, 10),
        },
      });
    });
    const { user } = renderApp(`/admin/user/${admin._id}`);
    await screen.findByRole('heading', { name: 'Admin User Info' });
    expect(screen.getByRole('heading', { name: 'Ravi Kumar' })).toBeVisible();
    expect(screen.getByText('ravi@example.com')).toBeVisible();
    expect(screen.getByText('+91 98765 43210')).toBeVisible();
    expect(within(screen.getByRole('main')).getByText('Content Editor')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Active: deactivate Ravi Kumar' })).toBeEnabled();
    expect(screen.getByText('Chrome 1 on Linux')).toBeVisible();
    expect(screen.getByText('Kochi, Kerala, India')).toBeVisible();
    expect(screen.getByText('Signed in')).toBeVisible();
    expect(screen.getByText('Action page 1')).toBeVisible();
    const first = calls.find((call) => call.url === `${MANAGE}/get-admin-user-by-id`);
    expect(first?.search.toString()).toBe(
      `id=${admin._id}&loginPage=1&loginLimit=10&adminPage=1&adminLimit=10`,
    );

    const logins = screen.getByRole('navigation', { name: 'Login activity pagination' });
    await user.click(within(logins).getByRole('button', { name: 'Page 3' }));
    await screen.findByText('Chrome 3 on Linux');
    expect(screen.getByText('Wrong password')).toBeVisible();
    expect(screen.getByText('Action page 1')).toBeVisible();

    const actions = screen.getByRole('navigation', { name: 'Actions pagination' });
    await user.click(within(actions).getByRole('button', { name: 'Next' }));
    await screen.findByText('Action page 2');
    expect(screen.getByText('Chrome 3 on Linux')).toBeVisible();
    expect(calls.at(-1)?.search.toString()).toBe(
      `id=${admin._id}&loginPage=3&loginLimit=10&adminPage=2&adminLimit=10`,
    );
  });

  it('answers an unknown admin with a not-found screen', async () => {
    stubServer((call) =>
      call.url === `${MANAGE}/get-admin-user-by-id`
        ? errorResponse(404, 'NOT_FOUND', 'Admin user not found')
        : undefined,
    );
    renderApp(`/admin/user/${admin._id}`);
    expect(await screen.findByText('Admin user not found')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to Add User' })).toHaveAttribute(
      'href',
      '/add-user',
    );
  });

  it('shows the 403 screen without admins.view', async () => {
    stubServer(undefined, ['activity.view']);
    renderApp(`/admin/user/${admin._id}`);
    expect(await screen.findByText('Access Denied')).toBeVisible();
  });
});
