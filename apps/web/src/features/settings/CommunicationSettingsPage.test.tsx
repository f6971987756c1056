import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  API_PATHS,
  maskSecret,
  SETTINGS_MESSAGES,
  type CommunicationSettings,
  type CommunicationType,
  type PermissionKey,
} from '@safarnama/contract';
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

const ALL: PermissionKey[] = ['settings.view', 'settings.update'];
const MASKED = maskSecret('smtp-password-1234');

const emailSettings: CommunicationSettings = {
  type: 'email',
  isActive: true,
  configured: true,
  settings: {
    host: 'smtp.example.com',
    port: 587,
    security: 'starttls',
    user: 'mailer',
    password: MASKED,
    fromName: 'Safarnama',
    fromAddress: 'no-reply@example.com',
  },
  updatedAt: '2025-03-07T10:15:00.000Z',
  updatedBy: { _id: 'admin-1', name: 'Asha Verma' },
};

const notConfigured = (type: CommunicationType): CommunicationSettings => ({
  type,
  isActive: false,
  configured: false,
  settings: null,
  updatedAt: null,
  updatedBy: null,
});

interface Options {
  permissions?: PermissionKey[];
  other?: (call: RecordedCall) => Response | undefined;
}

const stubServer = ({ permissions = ALL, other }: Options = {}) =>
  stubFetch((call) => {
    if (call.url === API_PATHS.auth.profile) {
      return jsonResponse(okRecord(makeProfile({ permissions })));
    }
    if (call.url === API_PATHS.setting.communication) {
      const type = call.search.get('type') as CommunicationType;
      return jsonResponse(okRecord(type === 'email' ? emailSettings : notConfigured(type)));
    }
    return other?.(call) ?? jsonResponse(errorEnvelope(404, 'NOT_FOUND', 'Not found'));
  });

const open = async () => {
  renderRoutes(routes, '/settings/communication-setting');
  await screen.findByRole('heading', { name: 'Communication Settings', level: 1 });
  await screen.findByDisplayValue('smtp.example.com');
  return userEvent.setup();
};

const saved = (message = SETTINGS_MESSAGES.communicationSaved) =>
  jsonResponse(okEnvelope(null, 200, message));

const saveCalls = (calls: RecordedCall[]) =>
  calls.filter((call) => call.url === API_PATHS.setting.saveCommunication);

describe('CommunicationSettingsPage', () => {
  it('shows the stored secret masked and sends it back untouched, so the server keeps it', async () => {
    const calls = stubServer({
      other: (call) => (call.url === API_PATHS.setting.saveCommunication ? saved() : undefined),
    });
    const user = await open();
    const password = screen.getByLabelText('Password');
    expect(password).toHaveValue(MASKED);
    expect(password).toHaveAttribute('readonly');
    expect(screen.getByText(/by Asha Verma$/)).toBeInTheDocument();

    const fromName = screen.getByLabelText('From name');
    await user.clear(fromName);
    await user.type(fromName, 'Safarnama Travel');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(SETTINGS_MESSAGES.communicationSaved)).toBeInTheDocument();
    expect(saveCalls(calls)[0]?.body).toEqual({
      data: {
        type: 'email',
        isActive: true,
        settings: {
          host: 'smtp.example.com',
          port: 587,
          security: 'starttls',
          user: 'mailer',
          password: MASKED,
          fromName: 'Safarnama Travel',
          fromAddress: 'no-reply@example.com',
        },
      },
    });
  });

  it('"Replace" takes a new secret, and "Keep current" goes back to the stored one', async () => {
    const calls = stubServer({
      other: (call) => (call.url === API_PATHS.setting.saveCommunication ? saved() : undefined),
    });
    const user = await open();
    await user.click(screen.getByRole('button', { name: 'Replace password' }));
    const input = screen.getByLabelText('Password');
    expect(input).toHaveValue('');
    expect(input).toHaveAttribute('type', 'password');
    await user.type(input, 'new-secret');
    await user.click(screen.getByRole('button', { name: 'Keep current password' }));
    expect(screen.getByLabelText('Password')).toHaveValue(MASKED);

    await user.click(screen.getByRole('button', { name: 'Replace password' }));
    await user.type(screen.getByLabelText('Password'), 'brand-new-secret');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(SETTINGS_MESSAGES.communicationSaved);
    const body = saveCalls(calls)[0]?.body as { data: { settings: { password: string } } };
    expect(body.data.settings.password).toBe('brand-new-secret');
  });

  it('checks the fields with the contract before saving, and maps server field errors', async () => {
    const calls = stubServer({
      other: (call) =>
        call.url === API_PATHS.setting.saveCommunication
          ? jsonResponse(
              errorEnvelope(400, 'VALIDATION_ERROR', 'Validation failed', [
                { path: 'settings.host', message: 'Host not found' },
              ]),
            )
          : undefined,
    });
    const user = await open();
    await user.clear(screen.getByLabelText('SMTP host'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('SMTP host is required')).toBeInTheDocument();
    expect(saveCalls(calls)).toHaveLength(0);

    await user.type(screen.getByLabelText('SMTP host'), 'smtp.nowhere.test');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Host not found')).toBeInTheDocument();
    expect(saveCalls(calls)).toHaveLength(1);
  });

  it('sends a test and shows the provider’s answer, delivered or not', async () => {
    let delivered = true;
    const calls = stubServer({
      other: (call) =>
        call.url === API_PATHS.setting.testCommunication
          ? jsonResponse(
              okEnvelope(
                delivered
                  ? { delivered: true, providerResponse: '250 2.0.0 Ok: queued as 4F2A' }
                  : { delivered: false, providerResponse: '550 5.1.1 Mailbox unavailable' },
                200,
                delivered ? SETTINGS_MESSAGES.testSent : SETTINGS_MESSAGES.testFailed,
              ),
            )
          : undefined,
    });
    const user = await open();
    const box = screen.getByRole('form', { name: 'Send a test' });
    await user.type(within(box).getByLabelText('Recipient e-mail'), 'asha@example.com');
    await user.click(within(box).getByRole('button', { name: 'Send test' }));
    const answer = await screen.findByText('250 2.0.0 Ok: queued as 4F2A');
    expect(answer.closest('[role="status"]')).toHaveTextContent(SETTINGS_MESSAGES.testSent);
    expect(calls.find((call) => call.url === API_PATHS.setting.testCommunication)?.body).toEqual({
      data: { type: 'email', to: 'asha@example.com' },
    });

    delivered = false;
    await user.click(within(box).getByRole('button', { name: 'Send test' }));
    const failed = await screen.findByText('550 5.1.1 Mailbox unavailable');
    expect(failed.closest('[role="alert"]')).toHaveTextContent(SETTINGS_MESSAGES.testFailed);
  });

  it('keeps the test recipient typed while a save reloads the form', async () => {
    let current = emailSettings;
    const calls = stubFetch((call) => {
      if (call.url === API_PATHS.auth.profile) {
        return jsonResponse(okRecord(makeProfile({ permissions: ALL })));
      }
      if (call.url === API_PATHS.setting.communication) {
        const type = call.search.get('type') as CommunicationType;
        return jsonResponse(okRecord(type === 'email' ? current : notConfigured(type)));
      }
      if (call.url === API_PATHS.setting.saveCommunication) {
        const { settings } = (call.body as { data: { settings: Record<string, unknown> } }).data;
        current = {
          ...emailSettings,
          settings: { ...(settings as typeof emailSettings.settings & object) },
          updatedAt: '2025-03-08T09:00:00.000Z',
        };
        return saved();
      }
      return jsonResponse(errorEnvelope(404, 'NOT_FOUND', 'Not found'));
    });
    const user = await open();
    const lastSaved = screen.getByText(/^Last saved /).textContent;
    const fromName = screen.getByLabelText('From name');
    await user.clear(fromName);
    await user.type(fromName, 'Safarnama Travel Desk');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.type(
      within(screen.getByRole('form', { name: 'Send a test' })).getByLabelText('Recipient e-mail'),
      'asha@example.com',
    );
    // The saved version comes back and the form starts over from it …
    await waitFor(() => expect(screen.getByText(/^Last saved /).textContent).not.toBe(lastSaved));
    expect(saveCalls(calls)).toHaveLength(1);
    expect(screen.getByLabelText('From name')).toHaveValue('Safarnama Travel Desk');
    // … and the recipient is still there.
    expect(
      within(screen.getByRole('form', { name: 'Send a test' })).getByLabelText('Recipient e-mail'),
    ).toHaveValue('asha@example.com');
  });

  it('shows an error answer of the test inline', async () => {
    stubServer({
      other: (call) =>
        call.url === API_PATHS.setting.testCommunication
          ? jsonResponse(
              errorEnvelope(400, 'BAD_REQUEST', SETTINGS_MESSAGES.communicationNotConfigured),
            )
          : undefined,
    });
    const user = await open();
    const box = screen.getByRole('form', { name: 'Send a test' });
    await user.type(within(box).getByLabelText('Recipient e-mail'), 'asha@example.com');
    await user.click(within(box).getByRole('button', { name: 'Send test' }));
    const alert = await screen.findByText(SETTINGS_MESSAGES.communicationNotConfigured, {
      selector: 'p.font-mono',
    });
    expect(alert.closest('[role="alert"]')).not.toBeNull();
  });

  it('has an SMS tab per its schema, and a channel not set up yet cannot send a test', async () => {
    const calls = stubServer({
      other: (call) => (call.url === API_PATHS.setting.saveCommunication ? saved() : undefined),
    });
    const user = await open();
    await user.click(screen.getByRole('tab', { name: 'SMS' }));
    expect(await screen.findByText('Not set up yet.')).toBeInTheDocument();
    expect(screen.getByLabelText('Provider')).toHaveValue('twilio');
    expect(screen.getByLabelText('Account SID')).toBeInTheDocument();
    expect(screen.getByLabelText('Auth token')).not.toHaveAttribute('readonly');
    await user.selectOptions(screen.getByLabelText('Provider'), 'msg91');
    expect(screen.getByLabelText('Auth key')).toBeInTheDocument();
    expect(screen.getByText(SETTINGS_MESSAGES.communicationNotConfigured)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send test' })).toBeDisabled();

    await user.type(screen.getByLabelText('Account id'), 'acct-1');
    await user.type(screen.getByLabelText('Auth key'), 'key-123456789');
    await user.type(screen.getByLabelText('Sender id'), 'SAFRNM');
    await user.type(screen.getByLabelText('DLT entity id'), '1101');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      expect(saveCalls(calls)).toHaveLength(1);
    });
    expect(saveCalls(calls)[0]?.body).toEqual({
      data: {
        type: 'sms',
        // A channel not set up yet starts switched off.
        isActive: false,
        settings: {
          provider: 'msg91',
          accountId: 'acct-1',
          authToken: 'key-123456789',
          senderId: 'SAFRNM',
          dltEntityId: '1101',
          dltTemplateId: '',
        },
      },
    });
  });

  it('the WhatsApp tab takes template names as chips', async () => {
    const calls = stubServer({
      other: (call) => (call.url === API_PATHS.setting.saveCommunication ? saved() : undefined),
    });
    const user = await open();
    await user.click(screen.getByRole('tab', { name: 'WhatsApp' }));
    await user.type(await screen.findByLabelText('Phone number id'), '1234567890');
    await user.type(screen.getByLabelText('Access token'), 'EAAG-token');
    await user.type(
      screen.getByLabelText('Template names'),
      'trip_update{Enter}hello_world{Enter}',
    );
    await user.click(screen.getByRole('switch', { name: 'Channel active' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      expect(saveCalls(calls)).toHaveLength(1);
    });
    expect(saveCalls(calls)[0]?.body).toEqual({
      data: {
        type: 'whatsapp',
        isActive: true,
        settings: {
          phoneNumberId: '1234567890',
          accessToken: 'EAAG-token',
          templateNames: ['trip_update', 'hello_world'],
          templateLanguage: 'en',
        },
      },
    });
  });

  it('asks before activating a channel that has not passed a test send, then confirms it', async () => {
    const untested = () =>
      jsonResponse(errorEnvelope(409, 'CONFLICT', SETTINGS_MESSAGES.channelUntested));
    const calls = stubServer({
      other: (call) => {
        if (call.url !== API_PATHS.setting.saveCommunication) return undefined;
        const data = (call.body as { data: { confirmUntested?: boolean } }).data;
        return data.confirmUntested === true ? saved() : untested();
      },
    });
    const user = await open();
    const fromName = screen.getByLabelText('From name');
    await user.clear(fromName);
    await user.type(fromName, 'Ops Desk');

    // Refused as untested: the question, and Cancel sends nothing more.
    await user.click(screen.getByRole('button', { name: 'Save' }));
    let dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(SETTINGS_MESSAGES.channelUntestedConfirm);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => {
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    });
    expect(saveCalls(calls)).toHaveLength(1);

    // 'Activate anyway' sends the same save with confirmUntested.
    await user.click(screen.getByRole('button', { name: 'Save' }));
    dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Activate anyway' }));
    expect(await screen.findByText(SETTINGS_MESSAGES.communicationSaved)).toBeInTheDocument();
    const sent = saveCalls(calls).map((call) => call.body);
    expect(sent).toHaveLength(3);
    expect(sent[2]).toEqual({
      data: { ...(sent[1] as { data: object }).data, confirmUntested: true },
    });
    expect(sent[2]).toMatchObject({
      data: { type: 'email', isActive: true, settings: { fromName: 'Ops Desk' } },
    });
  });

  it('is read-only without settings.update', async () => {
    stubServer({ permissions: ['settings.view'] });
    await open();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('SMTP host')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Replace password' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Send test' })).toBeDisabled();
  });
});
