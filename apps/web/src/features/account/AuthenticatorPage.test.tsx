import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routes } from '../../app/router';
import {
  errorEnvelope,
  jsonResponse,
  makeProfile,
  okEnvelope,
  renderRoutes,
  stubFetch,
  type RecordedCall,
  okRecord,
} from '../../test/utils';
import { groupKey, recoveryCodesText } from './AuthenticatorPage';

const AUTH = '/api/v1/admin/auth';
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const CODES = Array.from({ length: 10 }, (_, i) => `code${i}-abcd${i}`);

const stubServer = (
  twoFactorEnabled: boolean,
  extra: (call: RecordedCall) => Response | undefined = () => undefined,
) => {
  let enabled = twoFactorEnabled;
  return stubFetch((call) => {
    if (call.url === `${AUTH}/get-profile-details`) {
      return jsonResponse(okRecord(makeProfile({ twoFactorEnabled: enabled })));
    }
    if (call.url === `${AUTH}/generate-2fa-secret`) {
      return jsonResponse(
        okEnvelope({
          secret: SECRET,
          otpauthUrl: `otpauth://totp/Safarnama:asha%40example.com?secret=${SECRET}`,
          qrCode: 'data:image/png;base64,iVBORw0KGgo=',
        }),
      );
    }
    const answer = extra(call);
    if (answer) {
      if (answer.ok && call.url === `${AUTH}/verify-2fa-enable-otp`) enabled = true;
      if (answer.ok && call.url === `${AUTH}/disable-2fa`) enabled = false;
      return answer;
    }
    return jsonResponse(errorEnvelope(404, 'NOT_FOUND', 'Not found'));
  });
};

beforeEach(() => {
  Object.defineProperty(URL, 'createObjectURL', {
    configurable: true,
    value: vi.fn(() => 'blob:test/codes'),
  });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: vi.fn() });
});

describe('Authenticator page', () => {
  it('turns two-factor on: QR code and key, a code, then the recovery codes once', async () => {
    const calls = stubServer(false, (call) => {
      if (call.url !== `${AUTH}/verify-2fa-enable-otp`) return undefined;
      const { otp } = (call.body as { data: { otp: string } }).data;
      return otp === '246810'
        ? jsonResponse(okEnvelope({ recoveryCodes: CODES }))
        : jsonResponse(
            errorEnvelope(400, 'VALIDATION_ERROR', 'The code is not valid.', [
              {
                path: 'otp',
                message: 'The code is not valid. Try the current code from your app.',
              },
            ]),
          );
    });
    renderRoutes(routes, '/authenticator');
    const user = userEvent.setup();
    expect(await screen.findByText('Off')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Turn on' }));

    expect(
      await screen.findByRole('img', { name: 'QR code for your authenticator app' }),
    ).toHaveAttribute('src', 'data:image/png;base64,iVBORw0KGgo=');
    expect(screen.getByLabelText('Manual key')).toHaveTextContent(groupKey(SECRET));
    await user.click(screen.getByRole('button', { name: 'Copy key' }));
    // user-event stands in for the clipboard.
    expect(await navigator.clipboard.readText()).toBe(SECRET);

    const code = screen.getByLabelText('2. Enter the 6-digit code the app shows');
    await user.type(code, '111111');
    await user.click(screen.getByRole('button', { name: 'Verify and turn on' }));
    expect(
      await screen.findByText('The code is not valid. Try the current code from your app.'),
    ).toBeInTheDocument();

    await user.type(code, '246810');
    await user.click(screen.getByRole('button', { name: 'Verify and turn on' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    expect(
      calls.filter((call) => call.url === `${AUTH}/verify-2fa-enable-otp`).at(-1)?.body,
    ).toEqual({
      data: { otp: '246810' },
    });
    // The state above already says On; the codes stay until acknowledged.
    expect(await screen.findByText('On')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Copy codes' }));
    expect(await navigator.clipboard.readText()).toBe(CODES.join('\n'));
    await user.click(screen.getByRole('button', { name: 'Download (.txt)' }));
    expect(URL.createObjectURL).toHaveBeenCalled();

    const done = screen.getByRole('button', { name: 'Done' });
    expect(done).toBeDisabled();
    await user.click(screen.getByLabelText('I have saved my recovery codes'));
    await user.click(done);
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'Turn off two-factor authentication' }),
    ).toBeInTheDocument();
  });

  it('turns two-factor off with the password', async () => {
    const calls = stubServer(true, (call) =>
      call.url === `${AUTH}/disable-2fa`
        ? jsonResponse(okEnvelope(null, 200, 'Two-factor authentication is off'))
        : undefined,
    );
    renderRoutes(routes, '/authenticator');
    const user = userEvent.setup();
    expect(await screen.findByText('On')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn on' })).not.toBeInTheDocument();
    await user.click(screen.getByLabelText('My password'));
    await user.type(screen.getByLabelText('Password'), 'My-Secret-Pass-2026');
    await user.click(screen.getByRole('button', { name: 'Turn off two-factor authentication' }));
    expect(await screen.findByText('Two-factor authentication is off')).toBeInTheDocument();
    expect(await screen.findByText('Off')).toBeInTheDocument();
    expect(calls.find((call) => call.url === `${AUTH}/disable-2fa`)?.body).toEqual({
      data: { password: 'My-Secret-Pass-2026' },
    });
  });

  it('turns two-factor off with a code, showing a wrong one at the field', async () => {
    stubServer(true, (call) =>
      call.url === `${AUTH}/disable-2fa`
        ? jsonResponse(
            errorEnvelope(400, 'VALIDATION_ERROR', 'The code is not valid.', [
              {
                path: 'otp',
                message: 'The code is not valid. Try the current code from your app.',
              },
            ]),
          )
        : undefined,
    );
    renderRoutes(routes, '/authenticator');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Code'), '12');
    await user.click(screen.getByRole('button', { name: 'Turn off two-factor authentication' }));
    expect(screen.getByText('Enter the 6-digit code or a recovery code')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Code'));
    await user.type(screen.getByLabelText('Code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn off two-factor authentication' }));
    expect(
      await screen.findByText('The code is not valid. Try the current code from your app.'),
    ).toBeInTheDocument();
    expect(screen.getByText('On')).toBeInTheDocument();
  });

  it('writes the recovery codes file and groups the key', () => {
    expect(groupKey('ABCDEFGHIJ')).toBe('ABCD EFGH IJ');
    const text = recoveryCodesText(['aaaaa-11111', 'bbbbb-22222'], 'asha@example.com');
    expect(text).toContain('Account: asha@example.com');
    expect(text).toContain('aaaaa-11111\nbbbbb-22222');
  });
});
