import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routes } from '../../app/router';
import {
  errorEnvelope,
  formEntries,
  jsonResponse,
  makeProfile,
  okEnvelope,
  renderRoutes,
  stubFetch,
  stubXhr,
  type RecordedCall,
  okRecord,
} from '../../test/utils';

const AUTH = '/api/v1/admin/auth';
const PROFILE = `${AUTH}/get-profile-details`;

const profile = makeProfile({
  name: 'Asha Verma',
  email: 'asha@example.com',
  phone: '+91 98765 43210',
  avatarUrl: '/uploads/avatar-1.webp',
  twoFactorEnabled: false,
  lastLoginAt: '2026-03-01T10:00:00.000Z',
});

const stubServer = (extra: (call: RecordedCall) => Response | undefined = () => undefined) => {
  let current = profile;
  const calls = stubFetch((call) => {
    if (call.url === PROFILE) return jsonResponse(okRecord(current));
    return extra(call) ?? jsonResponse(errorEnvelope(404, 'NOT_FOUND', 'Not found'));
  });
  return {
    calls,
    setProfile: (next: typeof profile) => {
      current = next;
    },
  };
};

beforeEach(() => {
  Object.defineProperty(URL, 'createObjectURL', {
    configurable: true,
    value: vi.fn((file: File) => `blob:test/${file.name}`),
  });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: vi.fn() });
});

const openPage = async () => {
  const view = renderRoutes(routes, '/profile-details');
  await screen.findByRole('heading', { name: 'Profile', level: 1 });
  return { ...view, user: userEvent.setup() };
};

describe('Profile page', () => {
  it('shows the details, the role and the two-factor state', async () => {
    stubServer();
    await openPage();
    expect(screen.getByRole('heading', { name: 'Asha Verma' })).toBeInTheDocument();
    expect(screen.getByText('asha@example.com')).toBeInTheDocument();
    expect(screen.getByText('+91 98765 43210')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: "Asha Verma's photo" })).toHaveAttribute(
      'src',
      '/uploads/avatar-1.webp',
    );
    expect(screen.getByRole('link', { name: 'Turn on' })).toHaveAttribute('href', '/authenticator');
  });

  it('edits name and phone as multipart, without the e-mail when it did not change', async () => {
    const { setProfile } = stubServer();
    const xhrs = stubXhr(() => {
      setProfile({ ...profile, name: 'Asha V. Rao' });
      return {
        status: 200,
        body: okRecord({ ...profile, name: 'Asha V. Rao' }, 200, 'Profile updated successfully'),
      };
    });
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Edit profile' }));
    const form = screen.getByRole('form', { name: 'Edit profile' });
    await user.clear(within(form).getByLabelText('Name'));
    await user.type(within(form).getByLabelText('Name'), 'Asha V. Rao');
    expect(within(form).queryByLabelText('Current password')).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Asha V. Rao' })).toBeInTheDocument();
    expect(xhrs[0]?.url).toBe(`${AUTH}/update-profile-details`);
    expect(xhrs[0]?.method).toBe('POST');
    expect(formEntries(xhrs[0]?.body)).toEqual([
      ['name', 'Asha V. Rao'],
      ['phone', '+91 98765 43210'],
    ]);
  });

  it('asks for the current password when the e-mail changes and shows its error', async () => {
    stubServer();
    const xhrs = stubXhr(() => ({
      status: 400,
      body: errorEnvelope(400, 'VALIDATION_ERROR', 'The current password is not correct', [
        { path: 'currentPassword', message: 'The current password is not correct' },
      ]),
    }));
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Edit profile' }));
    const form = screen.getByRole('form', { name: 'Edit profile' });
    const email = within(form).getByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'asha.verma@example.com');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    // Refused before the call without the password.
    expect(
      within(form).getByLabelText('Current password', { selector: 'input' }),
    ).toHaveAccessibleDescription(
      expect.stringContaining('Enter your current password to change your e-mail address'),
    );
    expect(xhrs).toHaveLength(0);

    await user.type(within(form).getByLabelText('Current password', { selector: 'input' }), 'x');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => {
      expect(
        within(form).getByLabelText('Current password', { selector: 'input' }),
      ).toHaveAttribute('aria-invalid', 'true');
    });
    expect(formEntries(xhrs[0]?.body)).toEqual([
      ['name', 'Asha Verma'],
      ['phone', '+91 98765 43210'],
      ['email', 'asha.verma@example.com'],
      ['currentPassword', 'x'],
    ]);
  });

  it('uploads a new photo with a preview, or removes the current one', async () => {
    stubServer();
    const xhrs = stubXhr(() => ({ status: 200, body: okRecord(profile, 200, 'Saved') }));
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Edit profile' }));
    await user.click(screen.getByRole('button', { name: 'Remove current photo' }));
    expect(screen.getByText('The photo will be removed when you save.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByRole('button', { name: 'Edit profile' });
    expect(formEntries(xhrs[0]?.body)).toContainEqual(['removeAvatar', 'true']);

    await user.click(screen.getByRole('button', { name: 'Edit profile' }));
    const photo = new File([new Uint8Array(2048)], 'me.png', { type: 'image/png' });
    await user.upload(await screen.findByLabelText('Choose an image file'), photo);
    expect(await screen.findByRole('img', { name: 'Preview of me.png' })).toHaveAttribute(
      'src',
      'blob:test/me.png',
    );
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByRole('button', { name: 'Edit profile' });
    expect(formEntries(xhrs[1]?.body)).toContainEqual(['avatar', 'file:me.png']);
    expect(formEntries(xhrs[1]?.body)).not.toContainEqual(['removeAvatar', 'true']);
  });

  it('checks name and phone with the contract before sending', async () => {
    stubServer();
    const xhrs = stubXhr(() => ({ status: 200, body: okRecord(profile) }));
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Edit profile' }));
    await user.clear(screen.getByLabelText('Name'));
    await user.clear(screen.getByLabelText('Phone'));
    await user.type(screen.getByLabelText('Phone'), 'call me');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid phone number')).toBeInTheDocument();
    expect(xhrs).toHaveLength(0);
  });
});

describe('Change password', () => {
  it('needs the current password, a strong new one and the same confirmation', async () => {
    const { calls } = stubServer((call) =>
      call.url === `${AUTH}/change-password`
        ? jsonResponse(
            okEnvelope(null, 200, 'Password changed. Your other sessions have been signed out.'),
          )
        : undefined,
    );
    const { user } = await openPage();
    const form = screen.getByRole('form', { name: 'Change password' });
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(within(form).getByText('Enter your current password')).toBeInTheDocument();
    expect(within(form).getByText('Password must be at least 12 characters')).toBeInTheDocument();

    await user.type(within(form).getByLabelText('Current password'), 'Old-Password-2025');
    await user.type(within(form).getByLabelText('New password'), 'Backwaters-Houseboat-7');
    await user.type(within(form).getByLabelText('Confirm new password'), 'Backwaters-Houseboat-7');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));

    expect(
      await screen.findByText('Password changed. Your other sessions have been signed out.'),
    ).toBeInTheDocument();
    expect(calls.find((call) => call.url === `${AUTH}/change-password`)?.body).toEqual({
      data: { currentPassword: 'Old-Password-2025', newPassword: 'Backwaters-Houseboat-7' },
    });
    expect(within(form).getByLabelText('New password')).toHaveValue('');
  });

  it('shows a wrong current password at its field, and stays signed in', async () => {
    stubServer((call) =>
      call.url === `${AUTH}/change-password`
        ? jsonResponse(
            errorEnvelope(400, 'VALIDATION_ERROR', 'The current password is not correct', [
              { path: 'currentPassword', message: 'The current password is not correct' },
            ]),
          )
        : undefined,
    );
    const { user, router } = await openPage();
    const form = screen.getByRole('form', { name: 'Change password' });
    await user.type(within(form).getByLabelText('Current password'), 'wrong');
    await user.type(within(form).getByLabelText('New password'), 'Backwaters-Houseboat-7');
    await user.type(within(form).getByLabelText('Confirm new password'), 'Backwaters-Houseboat-7');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(
      await within(form).findByText('The current password is not correct'),
    ).toBeInTheDocument();
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile-details');
  });
});
