import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  API_PATHS,
  DEFAULT_TIME_ZONE,
  SETTINGS_MESSAGES,
  type BasicSettings,
  type PermissionKey,
} from '@safarnama/contract';
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
  okRecord,
} from '../../test/utils';

const ALL: PermissionKey[] = ['settings.view', 'settings.update'];

const settings: BasicSettings = {
  productName: 'Safarnama',
  logoUrl: '/uploads/images/2025/03/logo-320.webp',
  supportEmail: 'help@example.com',
  supportPhone: '+91 98765 43210',
  timeZone: DEFAULT_TIME_ZONE,
  currencySymbol: '₹',
  sessionIdleMinutes: 480,
  maintenanceMode: false,
  maintenanceMessage: '',
  updatedAt: '2025-03-07T10:15:00.000Z',
};

const stubServer = (permissions: PermissionKey[] = ALL) =>
  stubFetch((call) => {
    if (call.url === API_PATHS.auth.profile) {
      return jsonResponse(okRecord(makeProfile({ permissions })));
    }
    if (call.url === API_PATHS.setting.basic) return jsonResponse(okRecord(settings));
    if (call.url === API_PATHS.common.serviceStatus) {
      return jsonResponse(okEnvelope({ active: true, message: '' }));
    }
    return jsonResponse(errorEnvelope(404, 'NOT_FOUND', 'Not found'));
  });

const stubSave = () =>
  stubXhr(() => ({
    status: 200,
    body: okRecord(settings, 200, SETTINGS_MESSAGES.basicSaved),
  }));

const open = async () => {
  renderRoutes(routes, '/settings/basic-settings');
  await screen.findByRole('heading', { name: 'Basic Settings', level: 1 });
  await screen.findByDisplayValue('Safarnama');
  return userEvent.setup();
};

describe('BasicSettingsPage', () => {
  it('shows the saved settings and saves every field as multipart', async () => {
    stubServer();
    const xhrs = stubSave();
    const user = await open();
    expect(screen.getByLabelText('Time zone')).toHaveValue('Asia/Kolkata');
    expect(screen.getByLabelText('Currency symbol')).toHaveValue('₹');
    expect(screen.getByLabelText('Session idle timeout (minutes)')).toHaveValue(480);
    // The logo field loads beside the page.
    expect(await screen.findByRole('img', { name: 'Current logo' })).toHaveAttribute(
      'src',
      settings.logoUrl,
    );
    expect(screen.getByRole('switch', { name: 'Maintenance mode' })).toHaveAttribute(
      'aria-checked',
      'false',
    );

    await user.selectOptions(screen.getByLabelText('Time zone'), 'Asia/Dubai');
    const idle = screen.getByLabelText('Session idle timeout (minutes)');
    await user.clear(idle);
    await user.type(idle, '60');
    await user.click(screen.getByRole('button', { name: 'Remove current logo' }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText(SETTINGS_MESSAGES.basicSaved)).toBeInTheDocument();
    expect(xhrs[0]?.url).toBe(API_PATHS.setting.updateBasic);
    expect(formEntries(xhrs[0]?.body)).toEqual([
      ['productName', 'Safarnama'],
      ['supportEmail', 'help@example.com'],
      ['supportPhone', '+91 98765 43210'],
      ['timeZone', 'Asia/Dubai'],
      ['currencySymbol', '₹'],
      ['sessionIdleMinutes', '60'],
      ['maintenanceMode', 'false'],
      ['maintenanceMessage', ''],
      ['removeLogo', 'true'],
    ]);
  });

  it('a save applies the new branding to this tab at once (issue 20)', async () => {
    let saved = settings;
    const calls = stubFetch((call) => {
      if (call.url === API_PATHS.auth.profile) {
        return jsonResponse(okRecord(makeProfile({ permissions: ALL })));
      }
      if (call.url === API_PATHS.setting.basic) return jsonResponse(okRecord(saved));
      if (call.url === API_PATHS.common.clientConfig) {
        const { productName, logoUrl, currencySymbol, timeZone } = saved;
        return jsonResponse(
          okEnvelope({ branding: { productName, logoUrl, currencySymbol, timeZone } }),
        );
      }
      return jsonResponse(errorEnvelope(404, 'NOT_FOUND', 'Not found'));
    });
    stubXhr(() => {
      saved = { ...settings, productName: 'Yatra Desk', currencySymbol: '$' };
      return { status: 200, body: okRecord(saved, 200, SETTINGS_MESSAGES.basicSaved) };
    });
    const user = await open();
    await waitFor(() => expect(document.title).toBe('Basic Settings · Safarnama'));
    // Shown in the configured zone with its name, like every date of the app.
    expect(screen.getByText('Last saved Mar 7, 2025, 3:45 PM IST')).toBeInTheDocument();
    const before = calls.filter((call) => call.url === API_PATHS.common.clientConfig).length;

    const name = screen.getByLabelText('Product name');
    await user.clear(name);
    await user.type(name, 'Yatra Desk');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(document.title).toBe('Basic Settings · Yatra Desk'));
    expect(
      calls.filter((call) => call.url === API_PATHS.common.clientConfig).length,
    ).toBeGreaterThan(before);
    const sidebar = document.getElementById('app-sidebar');
    expect(sidebar).toHaveTextContent('Yatra Desk');
  });

  it('checks the fields with the contract first', async () => {
    stubServer();
    const xhrs = stubSave();
    const user = await open();
    await user.clear(screen.getByLabelText('Product name'));
    const idle = screen.getByLabelText('Session idle timeout (minutes)');
    await user.clear(idle);
    await user.type(idle, '2');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Product name is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Session idle timeout (minutes)')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(xhrs).toHaveLength(0);
  });

  it('puts a 400 detail of the server under its field', async () => {
    stubServer();
    const xhrs = stubXhr(() => ({
      status: 400,
      body: errorEnvelope(400, 'VALIDATION_ERROR', 'Validation failed', [
        { path: 'supportPhone', message: 'Enter a valid phone number' },
      ]),
    }));
    const user = await open();
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    const phone = screen.getByLabelText('Support phone');
    await waitFor(() => {
      expect(phone).toHaveAttribute('aria-invalid', 'true');
    });
    expect(phone).toHaveAccessibleDescription('Enter a valid phone number');
    expect(screen.getByLabelText('Product name')).not.toHaveAttribute('aria-invalid');
    expect(xhrs).toHaveLength(1);
  });

  it('warns before turning maintenance mode on, and saves only when confirmed', async () => {
    stubServer();
    const xhrs = stubSave();
    const user = await open();
    await user.click(screen.getByRole('switch', { name: 'Maintenance mode' }));
    expect(screen.getByRole('note')).toHaveTextContent('Saving turns maintenance mode on.');
    await user.type(screen.getByLabelText('Maintenance message'), 'Back at 6 PM IST');

    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Turn maintenance mode on?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(xhrs).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Turn maintenance mode on?' });
    await user.click(within(dialog).getByRole('button', { name: 'Turn on and save' }));
    await waitFor(() => {
      expect(xhrs).toHaveLength(1);
    });
    const entries = Object.fromEntries(formEntries(xhrs[0]?.body));
    expect(entries.maintenanceMode).toBe('true');
    expect(entries.maintenanceMessage).toBe('Back at 6 PM IST');
  });

  it('is read-only without settings.update', async () => {
    stubServer(['settings.view']);
    await open();
    expect(screen.queryByRole('button', { name: 'Save settings' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Product name')).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Maintenance mode' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Remove current logo' })).not.toBeInTheDocument();
  });
});
