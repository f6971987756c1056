import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  API_PATHS,
  makePagination,
  SETTINGS_MESSAGES,
  type AllowedIp,
  type PermissionKey,
} from '@safarnama/contract';
import { routes } from '../../app/router';
import {
  errorEnvelope,
  idempotencyKeysOf,
  jsonResponse,
  makeProfile,
  networkDown,
  okEnvelope,
  renderRoutes,
  stubFetch,
  type RecordedCall,
  okRecord,
} from '../../test/utils';
import { isIpOrCidr } from './ipFormat';

const PROFILE = API_PATHS.auth.profile;
const ALL: PermissionKey[] = ['settings.view', 'settings.update'];
const CURRENT_IP = '198.51.100.23';

const entry = (n: number, ip: string, label = ''): AllowedIp => ({
  _id: `0190c0de-0000-7000-8000-${String(n).padStart(12, '0')}`,
  ip,
  label,
  createdAt: '2025-03-07T10:15:00.000Z',
  createdBy: { _id: 'admin-1', name: 'Asha Verma' },
});

interface Options {
  permissions?: PermissionKey[];
  ips?: AllowedIp[];
  other?: (call: RecordedCall) => Response | undefined;
}

const stubServer = ({ permissions = ALL, ips = [], other }: Options = {}) =>
  stubFetch((call) => {
    if (call.url === PROFILE) return jsonResponse(okRecord(makeProfile({ permissions })));
    if (call.url === API_PATHS.setting.listIps) {
      return jsonResponse(
        okEnvelope({ ips, pagination: makePagination(ips.length, 1, 10), currentIp: CURRENT_IP }),
      );
    }
    return other?.(call) ?? jsonResponse(errorEnvelope(404, 'NOT_FOUND', 'Not found'));
  });

const open = async () => {
  renderRoutes(routes, '/settings/ip-block');
  await screen.findByRole('heading', { name: 'Ip Blocking', level: 1 });
  return userEvent.setup();
};

const callsTo = (calls: RecordedCall[], url: string) => calls.filter((call) => call.url === url);

describe('isIpOrCidr', () => {
  it('accepts addresses and ranges of both families and nothing else', () => {
    for (const ok of [
      '203.0.113.7',
      '10.0.0.0/8',
      '0.0.0.0/0',
      '::1',
      '2001:db8::/32',
      'fe80::1',
    ]) {
      expect(isIpOrCidr(ok)).toBe(true);
    }
    for (const bad of [
      '',
      '256.1.1.1',
      '10.0.0/8',
      '10.0.0.0/33',
      '2001:db8::/129',
      'example.com',
      '1.2.3.4/8/1',
      ':::',
    ]) {
      expect(isIpOrCidr(bad)).toBe(false);
    }
  });
});

describe('IpBlockPage', () => {
  it('shows the current address and that an empty list allows everyone', async () => {
    stubServer();
    await open();
    expect(
      await screen.findByLabelText(`Your current IP address: ${CURRENT_IP}`),
    ).toHaveTextContent(CURRENT_IP);
    expect(screen.getByText('Open to every address')).toBeInTheDocument();
    expect(screen.getByText('No allowed addresses')).toBeInTheDocument();
    expect(screen.getByText('The list is empty, so every address is allowed.')).toBeInTheDocument();
  });

  it('lists the entries, marking the caller’s own address', async () => {
    stubServer({ ips: [entry(1, CURRENT_IP, 'My desk'), entry(2, '10.0.0.0/8', 'VPN')] });
    await open();
    const row = (await screen.findByText('My desk')).closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getByText('Your address')).toBeInTheDocument();
    expect(within(row).getByText('Asha Verma')).toBeInTheDocument();
    expect(screen.getByText('Restricted to 2 entries')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove 10.0.0.0/8' })).toBeInTheDocument();
  });

  it('checks the format before sending, then adds the entry', async () => {
    const calls = stubServer({
      other: (call) =>
        call.url === API_PATHS.setting.addIp
          ? jsonResponse(okRecord(entry(3, '203.0.113.0/24'), 201, SETTINGS_MESSAGES.ipAdded))
          : undefined,
    });
    const user = await open();
    const ip = await screen.findByLabelText('IP address or CIDR range');
    await user.type(ip, '203.0.113.0/33');
    expect(screen.getByText(/^Not a valid address yet\./)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add address' }));
    expect(await screen.findByText(SETTINGS_MESSAGES.ipInvalid)).toBeInTheDocument();
    expect(callsTo(calls, API_PATHS.setting.addIp)).toHaveLength(0);

    await user.clear(ip);
    await user.type(ip, '203.0.113.0/24');
    await user.type(screen.getByLabelText(/Label/), 'Head office');
    await user.click(screen.getByRole('button', { name: 'Add address' }));
    expect(await screen.findByText(SETTINGS_MESSAGES.ipAdded)).toBeInTheDocument();
    expect(callsTo(calls, API_PATHS.setting.addIp)[0]?.body).toEqual({
      data: { ip: '203.0.113.0/24', label: 'Head office' },
    });
    await waitFor(() => {
      expect(ip).toHaveValue('');
    });
  });

  it('an add sends an Idempotency-Key, the same on a retry after a failure, a new one next time', async () => {
    let answers = 0;
    const calls = stubServer({
      other: (call) => {
        if (call.url !== API_PATHS.setting.addIp) return undefined;
        answers += 1;
        return answers === 1
          ? networkDown()
          : jsonResponse(okRecord(entry(3, '203.0.113.7'), 201, SETTINGS_MESSAGES.ipAdded));
      },
    });
    const user = await open();
    const ip = await screen.findByLabelText('IP address or CIDR range');
    const form = screen.getByRole('form', { name: 'Add an allowed address' });
    await user.type(ip, '203.0.113.7');
    await user.click(screen.getByRole('button', { name: 'Add address' }));
    expect(await within(form).findByRole('alert')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add address' }));
    await waitFor(() => {
      expect(ip).toHaveValue('');
    });
    await user.type(ip, '203.0.113.8');
    await user.click(screen.getByRole('button', { name: 'Add address' }));
    await waitFor(() => {
      expect(idempotencyKeysOf(calls, API_PATHS.setting.addIp)).toHaveLength(3);
    });
    const keys = idempotencyKeysOf(calls, API_PATHS.setting.addIp);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it('"Use my address" fills in the caller’s address', async () => {
    stubServer();
    const user = await open();
    await screen.findByLabelText(`Your current IP address: ${CURRENT_IP}`);
    await user.click(await screen.findByRole('button', { name: 'Use my address' }));
    expect(screen.getByLabelText('IP address or CIDR range')).toHaveValue(CURRENT_IP);
  });

  it('shows the server’s lock-out refusal of an add, readably, in the form', async () => {
    const lockout = SETTINGS_MESSAGES.ipLockout(CURRENT_IP);
    stubServer({
      other: (call) =>
        call.url === API_PATHS.setting.addIp
          ? jsonResponse(errorEnvelope(409, 'CONFLICT', lockout))
          : undefined,
    });
    const user = await open();
    await user.type(await screen.findByLabelText('IP address or CIDR range'), '10.0.0.0/8');
    await user.click(screen.getByRole('button', { name: 'Add address' }));
    const form = screen.getByRole('form', { name: 'Add an allowed address' });
    expect(await within(form).findByRole('alert')).toHaveTextContent(lockout);
  });

  it('shows a duplicate under the field', async () => {
    stubServer({
      other: (call) =>
        call.url === API_PATHS.setting.addIp
          ? jsonResponse(errorEnvelope(409, 'CONFLICT', SETTINGS_MESSAGES.ipDuplicate))
          : undefined,
    });
    const user = await open();
    const ip = await screen.findByLabelText('IP address or CIDR range');
    await user.type(ip, '10.0.0.0/8');
    await user.click(screen.getByRole('button', { name: 'Add address' }));
    await waitFor(() => {
      expect(ip).toHaveAccessibleDescription(
        expect.stringContaining(SETTINGS_MESSAGES.ipDuplicate),
      );
    });
  });

  it('asks before removing, and shows a lock-out refusal above the list', async () => {
    const lockout = SETTINGS_MESSAGES.ipLockout(CURRENT_IP);
    const target = entry(2, '10.0.0.0/8', 'VPN');
    const calls = stubServer({
      ips: [entry(1, '192.0.2.0/24', 'Office'), target],
      other: (call) =>
        call.url === API_PATHS.setting.deleteIp
          ? jsonResponse(errorEnvelope(409, 'CONFLICT', lockout))
          : undefined,
    });
    const user = await open();
    await user.click(await screen.findByRole('button', { name: 'Remove 10.0.0.0/8' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove 10.0.0.0/8?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(calls, API_PATHS.setting.deleteIp)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Remove 10.0.0.0/8' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }),
    );
    expect(await screen.findByText(lockout)).toBeInTheDocument();
    expect(screen.getByText(lockout).closest('[role="alert"]')).not.toBeNull();
    expect(callsTo(calls, API_PATHS.setting.deleteIp)[0]?.body).toEqual({
      data: { id: target._id },
    });
  });

  it('removes an entry and reloads the list', async () => {
    let ips = [entry(1, '10.0.0.0/8', 'VPN')];
    const calls = stubFetch((call) => {
      if (call.url === PROFILE) return jsonResponse(okRecord(makeProfile({ permissions: ALL })));
      if (call.url === API_PATHS.setting.listIps) {
        return jsonResponse(
          okEnvelope({ ips, pagination: makePagination(ips.length, 1, 10), currentIp: CURRENT_IP }),
        );
      }
      if (call.url === API_PATHS.setting.deleteIp) {
        ips = [];
        return jsonResponse(okEnvelope(null, 200, SETTINGS_MESSAGES.ipDeleted));
      }
      return jsonResponse(errorEnvelope(404, 'NOT_FOUND', 'Not found'));
    });
    const user = await open();
    await user.click(await screen.findByRole('button', { name: 'Remove 10.0.0.0/8' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }),
    );
    expect(await screen.findByText(SETTINGS_MESSAGES.ipDeleted)).toBeInTheDocument();
    expect(await screen.findByText('No allowed addresses')).toBeInTheDocument();
    expect(callsTo(calls, API_PATHS.setting.listIps).length).toBeGreaterThanOrEqual(2);
  });

  it('forgets old errors after later actions: an edit, a removal, an add', async () => {
    const lockout = SETTINGS_MESSAGES.ipLockout(CURRENT_IP);
    let ips = [entry(1, '10.0.0.0/8', 'VPN'), entry(2, '192.0.2.0/24', 'Office')];
    let adds = 0;
    stubFetch((call) => {
      if (call.url === PROFILE) return jsonResponse(okRecord(makeProfile({ permissions: ALL })));
      if (call.url === API_PATHS.setting.listIps) {
        return jsonResponse(
          okEnvelope({ ips, pagination: makePagination(ips.length, 1, 10), currentIp: CURRENT_IP }),
        );
      }
      if (call.url === API_PATHS.setting.addIp) {
        adds += 1;
        if (adds === 1) return jsonResponse(errorEnvelope(409, 'CONFLICT', lockout));
        if (adds === 2) {
          return jsonResponse(errorEnvelope(409, 'CONFLICT', SETTINGS_MESSAGES.ipDuplicate));
        }
        return jsonResponse(okRecord(entry(3, '203.0.113.0/24'), 201, SETTINGS_MESSAGES.ipAdded));
      }
      if (call.url === API_PATHS.setting.deleteIp) {
        const id = (call.body as { data: { id: string } }).data.id;
        if (id === entry(2, '')._id) return jsonResponse(errorEnvelope(409, 'CONFLICT', lockout));
        ips = ips.filter((ip) => ip._id !== id);
        return jsonResponse(okEnvelope(null, 200, SETTINGS_MESSAGES.ipDeleted));
      }
      return jsonResponse(errorEnvelope(404, 'NOT_FOUND', 'Not found'));
    });
    const user = await open();
    const form = await screen.findByRole('form', { name: 'Add an allowed address' });
    const ip = within(form).getByLabelText('IP address or CIDR range');

    // A refused add's message goes with the next edit.
    await user.type(ip, '10.1.0.0/16');
    await user.click(within(form).getByRole('button', { name: 'Add address' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(lockout);
    await user.type(within(form).getByLabelText(/Label/), 'VPN');
    expect(within(form).queryByRole('alert')).toBeNull();

    // A duplicate under the field goes once the list changed (the entry was removed).
    await user.clear(ip);
    await user.type(ip, '10.0.0.0/8');
    await user.click(within(form).getByRole('button', { name: 'Add address' }));
    await waitFor(() => {
      expect(ip).toHaveAccessibleDescription(
        expect.stringContaining(SETTINGS_MESSAGES.ipDuplicate),
      );
    });
    await user.click(screen.getByRole('button', { name: 'Remove 10.0.0.0/8' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }),
    );
    await waitFor(() => {
      expect(ip).not.toHaveAccessibleDescription(
        expect.stringContaining(SETTINGS_MESSAGES.ipDuplicate),
      );
    });

    // A refused removal's message above the list goes with the next successful add.
    await user.click(await screen.findByRole('button', { name: 'Remove 192.0.2.0/24' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }),
    );
    expect(await screen.findByText(lockout)).toBeInTheDocument();
    await user.clear(ip);
    await user.type(ip, '203.0.113.0/24');
    await user.click(within(form).getByRole('button', { name: 'Add address' }));
    await waitFor(() => {
      expect(screen.queryByText(lockout)).toBeNull();
    });
  });

  it('hides the form and Remove without settings.update', async () => {
    stubServer({ permissions: ['settings.view'], ips: [entry(1, '10.0.0.0/8', 'VPN')] });
    await open();
    await screen.findByText('VPN');
    expect(screen.queryByRole('form', { name: 'Add an allowed address' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
  });
});
