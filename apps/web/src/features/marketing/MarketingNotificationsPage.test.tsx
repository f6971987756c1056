import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  API_PATHS,
  IDEMPOTENCY_HEADER,
  MARKETING_MESSAGES,
  SOCKET_EVENTS,
  type PermissionKey,
  type ScheduledNotification,
} from '@safarnama/contract';
import { serverEmit } from '../../test/fakeSocket';
import { openPage, type TestUser } from '../../test/app';
import {
  formEntries,
  okEnvelope,
  stubXhr,
  type RecordedCall,
  stubSignedIn,
  stubObjectUrls,
  okResponse,
  errorResponse,
} from '../../test/utils';
import { formatIst } from '../../lib/ist';
import { listAnswer, makeNotification } from './test-data';

const USER_TYPES = API_PATHS.manage.userTypeOptions;
const PATHS = API_PATHS.marketing;
const ALL: PermissionKey[] = [
  'marketing.view',
  'marketing.create',
  'marketing.update',
  'marketing.delete',
];

const scheduled = makeNotification(1, {
  title: 'Monsoon offers',
  message: 'Kerala at half price this July',
  channels: ['push', 'email'],
  audience: { type: 'user_type', userType: { _id: 'type-1', name: 'Editors' } },
  scheduledAt: '2030-11-21T10:00:15.000Z',
  link: '/services/itineraries',
});
const sent = makeNotification(2, {
  title: 'Diwali greetings',
  channels: ['email', 'sms'],
  status: 'sent',
  counts: { email: { sent: 3, failed: 1 }, sms: { sent: 2, failed: 0 } },
  scheduledAt: '2026-11-01T04:30:00.000Z',
  sentAt: '2026-11-01T04:30:05.000Z',
});
const failed = makeNotification(3, {
  title: 'Winter sale',
  status: 'failed',
  counts: { email: { sent: 0, failed: 4 } },
});

interface Options {
  permissions?: PermissionKey[];
  /** The list answer for each call (by call index); the last one repeats. */
  lists?: ScheduledNotification[][];
  other?: (call: RecordedCall) => Response | Promise<Response> | undefined;
}

const stubServer = ({ permissions = ALL, lists = [[scheduled, sent, failed]], other }: Options) => {
  let listed = 0;
  return stubSignedIn({ permissions }, (call) => {
    if (call.url === PATHS.list) {
      const rows = lists[Math.min(listed, lists.length - 1)] ?? [];
      listed += 1;
      return okResponse(listAnswer(rows), 200, MARKETING_MESSAGES.list);
    }
    if (call.url === USER_TYPES) {
      return okResponse({
        userTypes: [
          { _id: 'type-1', name: 'Editors', isSuperAdmin: false },
          { _id: 'type-2', name: 'Marketing', isSuperAdmin: false },
        ],
      });
    }
    return other?.(call);
  });
};

const listCalls = (calls: RecordedCall[]) => calls.filter((call) => call.url === PATHS.list);

const open = async () =>
  (await openPage('/marketing/notification', { name: 'Add Notification', level: 1 })).user;

const rowOf = async (title: string) => {
  const cell = await screen.findByText(title);
  const row = cell.closest('tr');
  if (!row) throw new Error(`no row for ${title}`);
  return within(row);
};

const openForm = async (user: TestUser, button = 'Add Notification') => {
  await user.click(await screen.findByRole('button', { name: button }));
  const name = button === 'Add Notification' ? 'Add Notification' : 'Edit Notification';
  return within(await screen.findByRole('dialog', { name }));
};

const setDateTime = (dialog: ReturnType<typeof within>, date: string, time: string) => {
  fireEvent.change(dialog.getByLabelText('Date (IST)'), { target: { value: date } });
  fireEvent.change(dialog.getByLabelText('Time (IST)'), { target: { value: time } });
};

const ORIGINAL_TZ = process.env.TZ;

beforeEach(() => {
  stubObjectUrls();
});

afterEach(() => {
  if (ORIGINAL_TZ === undefined) delete process.env.TZ;
  else process.env.TZ = ORIGINAL_TZ;
});

describe('MarketingNotificationsPage', () => {
  it('lists title and message, channels, audience, the IST time, status and delivery counts', async () => {
    process.env.TZ = 'America/New_York';
    stubServer({});
    await open();
    const headers = (await screen.findAllByRole('columnheader')).map((th) => th.textContent);
    expect(headers).toEqual([
      'Notification',
      'Channels',
      'Audience',
      'Scheduled (IST)',
      'Status',
      'Delivery',
      'Actions',
    ]);

    const first = await rowOf('Monsoon offers');
    expect(first.getByText('Kerala at half price this July')).toBeVisible();
    expect(first.getByText('Push')).toBeVisible();
    expect(first.getByText('E-mail')).toBeVisible();
    expect(first.getByText('Admins of Editors')).toBeVisible();
    // 10:00:15 UTC is 3:30:15 PM in India, whatever the browser's own zone (the app's format).
    const time = first.getByText('3:30:15 PM IST').closest('time');
    expect(time).toHaveAttribute('datetime', '2030-11-21T10:00:15.000Z');
    expect(time).toHaveTextContent(/^Nov 21, 20303:30:15 PM IST$/);
    expect(first.getByText('Scheduled')).toBeVisible();
    expect(first.getByRole('button', { name: 'Edit Monsoon offers' })).toBeVisible();
    expect(first.getByRole('button', { name: 'Delete Monsoon offers' })).toBeVisible();

    const done = await rowOf('Diwali greetings');
    expect(done.getByText('Sent')).toBeVisible();
    expect(done.getByText('All admins')).toBeVisible();
    expect(done.getByRole('listitem', { name: 'E-mail: 3 sent, 1 failed' })).toBeVisible();
    expect(done.getByRole('listitem', { name: 'SMS: 2 sent, 0 failed' })).toBeVisible();
    // Only scheduled notifications can still be changed; the others are viewed or duplicated.
    expect(done.getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual([
      'View Diwali greetings',
      'Duplicate Diwali greetings',
    ]);
    const lost = await rowOf('Winter sale');
    expect(lost.getByText('Failed')).toBeVisible();
    expect(lost.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'View',
      'Duplicate',
    ]);
  });

  it('hides Add, Edit, Delete and Duplicate without their keys; View stays', async () => {
    stubServer({ permissions: ['marketing.view'] });
    await open();
    const row = await rowOf('Monsoon offers');
    expect(row.getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual([
      'View Monsoon offers',
    ]);
    expect((await rowOf('Diwali greetings')).getAllByRole('button')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Add Notification' })).not.toBeInTheDocument();
  });

  it('View shows a sent notification read-only: every field, the times and the deliveries', async () => {
    process.env.TZ = 'America/New_York';
    const withImage = {
      ...sent,
      message: 'Happy Diwali!\nOffers inside.',
      imageUrl: '/uploads/images/2026/11/diwali-768.webp',
      link: 'https://example.com/diwali',
      audience: { type: 'user_type' as const, userType: { _id: 'type-2', name: 'Marketing' } },
    };
    stubServer({ lists: [[scheduled, withImage]] });
    const user = await open();
    const view = (await rowOf('Diwali greetings')).getByRole('button', {
      name: 'View Diwali greetings',
    });
    await user.click(view);
    const dialog = within(await screen.findByRole('dialog', { name: 'View Notification' }));
    const field = (term: string) => {
      const dt = dialog.getByText(term, { selector: 'dt' });
      return dt.nextElementSibling as HTMLElement;
    };
    expect(dialog.getByText('Sent', { selector: 'span' })).toBeVisible();
    expect(field('Title')).toHaveTextContent('Diwali greetings');
    expect(field('Message')).toHaveTextContent('Happy Diwali! Offers inside.');
    expect(within(field('Image')).getByRole('img', { name: 'Notification image' })).toHaveAttribute(
      'src',
      withImage.imageUrl,
    );
    expect(field('Link')).toHaveTextContent('https://example.com/diwali');
    expect(
      within(field('Channels'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['E-mail', 'SMS']);
    expect(field('Audience')).toHaveTextContent('Admins of Marketing');
    // The app's date format, India Standard Time whatever the browser's zone.
    expect(field('Scheduled for')).toHaveTextContent(formatIst(sent.scheduledAt));
    expect(field('Scheduled for')).toHaveTextContent(/IST$/);
    expect(field('Sent')).toHaveTextContent(formatIst(sent.sentAt));
    expect(field('Scheduled by')).toHaveTextContent('Asha Verma');
    const deliveries = within(dialog.getByRole('table', { name: 'Deliveries per channel' }));
    expect(
      deliveries
        .getAllByRole('row')
        .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent)),
    ).toEqual([
      ['Channel', 'Sent', 'Failed'],
      ['E-mail', '3', '1'],
      ['SMS', '2', '0'],
      ['Total', '5', '1'],
    ]);
    // Read-only: nothing to type in or tick, no save; Close gives focus back to the row.
    expect(dialog.queryAllByRole('textbox')).toHaveLength(0);
    expect(dialog.queryAllByRole('checkbox')).toHaveLength(0);
    expect(dialog.queryAllByRole('combobox')).toHaveLength(0);
    expect(dialog.queryByRole('button', { name: /Save|Schedule/ })).not.toBeInTheDocument();
    // 'Close' (the footer's button; the × in the corner is named 'Close' too).
    await user.click(dialog.getAllByRole('button', { name: 'Close' }).at(-1) as HTMLElement);
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    await waitFor(() => {
      expect(view).toHaveFocus();
    });
  });

  it('Duplicate from the view: the add form filled from it, saved as a new one with its image copied', async () => {
    const original = {
      ...sent,
      imageUrl: '/uploads/images/2026/11/diwali-768.webp',
      link: '/services/itineraries',
      channels: ['push' as const, 'email' as const],
      audience: { type: 'user_type' as const, userType: { _id: 'type-2', name: 'Marketing' } },
    };
    const calls = stubServer({
      lists: [[original]],
      other: (call) =>
        call.url === PATHS.add
          ? okResponse({ data: { ...original, _id: 'new' } }, 201, MARKETING_MESSAGES.created)
          : undefined,
    });
    const user = await open();
    const viewButton = (await rowOf('Diwali greetings')).getByRole('button', {
      name: 'View Diwali greetings',
    });
    await user.click(viewButton);
    const view = within(await screen.findByRole('dialog', { name: 'View Notification' }));
    await user.click(view.getByRole('button', { name: 'Duplicate' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Add Notification' }));
    expect(dialog.getByText(/A copy of "Diwali greetings"/)).toBeInTheDocument();
    expect(dialog.getByLabelText('Title *')).toHaveValue('Diwali greetings');
    expect(dialog.getByLabelText('Message *')).toHaveValue(original.message);
    expect(dialog.getByLabelText('Link')).toHaveValue('/services/itineraries');
    expect(dialog.getByRole('checkbox', { name: 'Push' })).toBeChecked();
    expect(dialog.getByRole('checkbox', { name: 'E-mail' })).toBeChecked();
    expect(dialog.getByRole('checkbox', { name: 'SMS' })).not.toBeChecked();
    expect(dialog.getByLabelText('Audience *')).toHaveValue('user_type');
    await within(dialog.getByLabelText('User type *')).findByRole('option', { name: 'Marketing' });
    expect(dialog.getByLabelText('User type *')).toHaveValue('type-2');
    // A new time in the future (the original's has passed).
    const at = Date.parse(
      `${(dialog.getByLabelText('Date (IST)') as HTMLInputElement).value}T${(dialog.getByLabelText('Time (IST)') as HTMLInputElement).value}+05:30`,
    );
    expect(at).toBeGreaterThan(Date.now());
    expect(dialog.getByText(/The image of the original is copied with it/)).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Remove current image' })).toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Schedule Notification' }));
    expect(await screen.findByText(MARKETING_MESSAGES.created)).toBeVisible();
    // An add (with its Idempotency-Key), never an update of the original.
    expect(calls.some((call) => call.url === PATHS.update)).toBe(false);
    const save = calls.find((call) => call.url === PATHS.add);
    expect(save?.headers.get(IDEMPOTENCY_HEADER)).toMatch(/^[0-9a-f-]{36}$/);
    const entries = formEntries(save?.body);
    expect(entries).not.toContainEqual(['id', expect.anything()]);
    expect(entries).toContainEqual(['title', 'Diwali greetings']);
    expect(entries).toContainEqual(['channels[0]', 'push']);
    expect(entries).toContainEqual(['channels[1]', 'email']);
    expect(entries).toContainEqual(['userTypeId', 'type-2']);
    expect(entries).toContainEqual(['copyImageFrom', original._id]);
    // Focus goes back to the row the view was opened from.
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    await waitFor(() => {
      expect(viewButton).toHaveFocus();
    });
  });

  it('Duplicate from the row without the image: no copyImageFrom', async () => {
    const original = { ...failed, imageUrl: '/uploads/images/2026/11/winter-768.webp' };
    const calls = stubServer({
      lists: [[original]],
      other: (call) =>
        call.url === PATHS.add
          ? okResponse({ data: original }, 201, MARKETING_MESSAGES.created)
          : undefined,
    });
    const user = await open();
    await user.click(
      (await rowOf('Winter sale')).getByRole('button', { name: 'Duplicate Winter sale' }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Notification' }));
    await user.click(dialog.getByRole('button', { name: 'Remove current image' }));
    await user.click(dialog.getByRole('button', { name: 'Schedule Notification' }));
    expect(await screen.findByText(MARKETING_MESSAGES.created)).toBeVisible();
    const entries = formEntries(calls.find((call) => call.url === PATHS.add)?.body);
    expect(entries.map(([name]) => name)).not.toContain('copyImageFrom');
    expect(entries.map(([name]) => name)).not.toContain('removeImage');
  });

  it('shows Edit with marketing.update alone', async () => {
    stubServer({ permissions: ['marketing.view', 'marketing.update'] });
    await open();
    const row = await rowOf('Monsoon offers');
    expect(row.getByRole('button', { name: 'Edit Monsoon offers' })).toBeVisible();
    expect(row.queryByRole('button', { name: 'Delete Monsoon offers' })).not.toBeInTheDocument();
  });

  it('shows Delete with marketing.delete alone', async () => {
    stubServer({ permissions: ['marketing.view', 'marketing.delete'] });
    await open();
    const row = await rowOf('Monsoon offers');
    expect(row.getByRole('button', { name: 'Delete Monsoon offers' })).toBeVisible();
    expect(row.queryByRole('button', { name: 'Edit Monsoon offers' })).not.toBeInTheDocument();
  });

  it('filters by status and searches, back on page 1', async () => {
    const calls = stubServer({});
    const user = await open();
    await rowOf('Monsoon offers');
    expect(listCalls(calls)[0]?.search.toString()).toBe('page=1&limit=10');
    await user.selectOptions(screen.getByLabelText('Status'), 'Sent');
    await waitFor(() => {
      expect(listCalls(calls).at(-1)?.search.get('status')).toBe('sent');
    });
    await user.type(screen.getByRole('searchbox', { name: 'Search notifications' }), 'diwali');
    await waitFor(() => {
      expect(listCalls(calls).at(-1)?.search.toString()).toBe(
        'page=1&limit=10&search=diwali&status=sent',
      );
    });
  });

  it('schedules a notification as a multipart form with channels[i] and the IST time', async () => {
    const calls = stubServer({
      other: (call) =>
        call.url === PATHS.add
          ? okResponse({ data: scheduled }, 201, MARKETING_MESSAGES.created)
          : undefined,
    });
    const user = await open();
    await rowOf('Monsoon offers');
    const dialog = await openForm(user);
    await user.type(dialog.getByLabelText('Title *'), 'Monsoon offers');
    expect(dialog.getByText('14/100')).toBeInTheDocument();
    await user.type(dialog.getByLabelText('Message *'), 'Kerala at half price');
    expect(dialog.getByText('20/1000')).toBeInTheDocument();
    await user.type(dialog.getByLabelText('Link'), '/services/itineraries');
    await user.click(dialog.getByRole('checkbox', { name: 'WhatsApp' }));
    await user.click(dialog.getByRole('checkbox', { name: 'E-mail' }));
    expect(dialog.getByLabelText('Audience *')).toHaveValue('all_admins');
    expect(dialog.queryByLabelText('User type *')).not.toBeInTheDocument();
    setDateTime(dialog, '2030-11-21', '15:30:45');

    // The preview follows the form.
    const preview = within(dialog.getByRole('region', { name: 'Preview' }));
    expect(preview.getAllByText('Monsoon offers')).toHaveLength(2);
    expect(preview.getByText('Open /services/itineraries')).toBeInTheDocument();
    expect(preview.getByText('Goes out Nov 21, 2030, 3:30:45 PM IST.')).toBeInTheDocument();

    const before = listCalls(calls).length;
    await user.click(dialog.getByRole('button', { name: 'Schedule Notification' }));
    expect(await screen.findByText(MARKETING_MESSAGES.created)).toBeVisible();
    const save = calls.find((call) => call.url === PATHS.add);
    expect(save?.method).toBe('POST');
    expect(formEntries(save?.body)).toEqual([
      ['title', 'Monsoon offers'],
      ['message', 'Kerala at half price'],
      ['link', '/services/itineraries'],
      // In the contract's channel order, whatever order they were ticked in.
      ['channels[0]', 'email'],
      ['channels[1]', 'whatsapp'],
      ['audienceType', 'all_admins'],
      ['scheduledAt', '2030-11-21T15:30:45+05:30'],
    ]);
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    // The list loads again.
    await waitFor(() => {
      expect(listCalls(calls).length).toBeGreaterThan(before);
    });
  });

  it('checks the form before sending: required fields, link, channels, user type, past time', async () => {
    const calls = stubServer({});
    const user = await open();
    const dialog = await openForm(user);
    await user.type(dialog.getByLabelText('Link'), 'http://example.com');
    await user.selectOptions(dialog.getByLabelText('Audience *'), 'Admins of a user type');
    setDateTime(dialog, '2020-01-01', '10:00:00');
    await user.click(dialog.getByRole('button', { name: 'Schedule Notification' }));

    expect(dialog.getByLabelText('Title *')).toHaveAccessibleDescription('Title is required');
    expect(dialog.getByLabelText('Message *')).toHaveAccessibleDescription('Message is required');
    expect(dialog.getByLabelText('Link')).toHaveAccessibleDescription(
      'Link must be an in-app path (/…) or an https:// URL',
    );
    expect(dialog.getByRole('group', { name: 'Channels *' })).toHaveAccessibleDescription(
      'Choose at least one channel',
    );
    expect(dialog.getByLabelText('User type *')).toHaveAccessibleDescription(
      MARKETING_MESSAGES.userTypeRequired,
    );
    expect(
      dialog.getByRole('group', { name: 'Send at (India Standard Time) *' }),
    ).toHaveAccessibleDescription(expect.stringContaining(MARKETING_MESSAGES.inPast));
    expect(dialog.getByRole('alert')).toHaveTextContent('Please correct the highlighted fields.');
    expect(calls.some((call) => call.url === PATHS.add)).toBe(false);

    // An impossible date is not a time at all.
    setDateTime(dialog, '2030-02-30', '10:00:00');
    await user.click(dialog.getByRole('button', { name: 'Schedule Notification' }));
    expect(
      dialog.getByRole('group', { name: 'Send at (India Standard Time) *' }),
    ).toHaveAccessibleDescription(expect.stringContaining('Choose a valid date and time'));

    // The summary goes once every highlighted field is put right.
    await user.type(dialog.getByLabelText('Title *'), 'Flash sale');
    await user.type(dialog.getByLabelText('Message *'), 'Today only');
    await user.clear(dialog.getByLabelText('Link'));
    await user.click(dialog.getByRole('checkbox', { name: 'E-mail' }));
    await user.selectOptions(dialog.getByLabelText('Audience *'), 'All admins');
    expect(dialog.getByRole('alert')).toBeInTheDocument();
    setDateTime(dialog, '2030-02-28', '10:00:00');
    // The form checks again as the time changes (asynchronously: the schema runs in a resolver).
    await waitFor(() => {
      expect(dialog.queryByRole('alert')).not.toBeInTheDocument();
    });
  });

  it('offers the active user types for "Admins of a user type" and sends the chosen one', async () => {
    const calls = stubServer({
      other: (call) =>
        call.url === PATHS.add
          ? okResponse({ data: scheduled }, 201, MARKETING_MESSAGES.created)
          : undefined,
    });
    const user = await open();
    const dialog = await openForm(user);
    await user.type(dialog.getByLabelText('Title *'), 'For editors');
    await user.type(dialog.getByLabelText('Message *'), 'Hello');
    await user.click(dialog.getByRole('checkbox', { name: 'Push' }));
    await user.selectOptions(dialog.getByLabelText('Audience *'), 'Admins of a user type');
    const select = dialog.getByLabelText('User type *');
    await within(select).findByRole('option', { name: 'Marketing' });
    await user.selectOptions(select, 'Marketing');
    setDateTime(dialog, '2030-11-21', '09:00:00');
    await user.click(dialog.getByRole('button', { name: 'Schedule Notification' }));
    await screen.findByText(MARKETING_MESSAGES.created);
    const entries = formEntries(calls.find((call) => call.url === PATHS.add)?.body);
    expect(entries).toContainEqual(['audienceType', 'user_type']);
    expect(entries).toContainEqual(['userTypeId', 'type-2']);
    expect(entries).toContainEqual(['channels[0]', 'push']);
  });

  it("puts the server's field errors under the fields and keeps the form open", async () => {
    stubServer({
      other: (call) =>
        call.url === PATHS.add
          ? errorResponse(400, 'VALIDATION_ERROR', 'Validation failed', [
              { path: 'channels.0', message: 'SMS is not configured' },
              { path: 'scheduledAt', message: MARKETING_MESSAGES.inPast },
            ])
          : undefined,
    });
    const user = await open();
    const dialog = await openForm(user);
    await user.type(dialog.getByLabelText('Title *'), 'Flash sale');
    await user.type(dialog.getByLabelText('Message *'), 'Today only');
    await user.click(dialog.getByRole('checkbox', { name: 'SMS' }));
    setDateTime(dialog, '2030-11-21', '09:00:00');
    await user.click(dialog.getByRole('button', { name: 'Schedule Notification' }));
    await waitFor(() => {
      expect(dialog.getByRole('group', { name: 'Channels *' })).toHaveAccessibleDescription(
        'SMS is not configured',
      );
    });
    expect(
      dialog.getByRole('group', { name: 'Send at (India Standard Time) *' }),
    ).toHaveAccessibleDescription(expect.stringContaining(MARKETING_MESSAGES.inPast));
    expect(screen.getByRole('dialog', { name: 'Add Notification' })).toBeInTheDocument();
  });

  it('shows any other refusal as an alert in the form', async () => {
    stubServer({
      other: (call) =>
        call.url === PATHS.add
          ? errorResponse(500, 'INTERNAL_ERROR', 'Something went wrong on our side')
          : undefined,
    });
    const user = await open();
    const dialog = await openForm(user);
    await user.type(dialog.getByLabelText('Title *'), 'Flash sale');
    await user.type(dialog.getByLabelText('Message *'), 'Today only');
    await user.click(dialog.getByRole('checkbox', { name: 'E-mail' }));
    setDateTime(dialog, '2030-11-21', '09:00:00');
    await user.click(dialog.getByRole('button', { name: 'Schedule Notification' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Something went wrong on our side');
  });

  it('never schedules twice: a double click sends once, a retry sends the same Idempotency-Key', async () => {
    let answerFirst: (response: Response) => void = () => undefined;
    let adds = 0;
    const calls = stubServer({
      other: (call) => {
        if (call.url !== PATHS.add) return undefined;
        adds += 1;
        if (adds > 1) {
          return okResponse({ data: scheduled }, 201, MARKETING_MESSAGES.created);
        }
        // The first add is still on its way while the second click lands.
        return new Promise<Response>((resolve) => {
          answerFirst = resolve;
        });
      },
    });
    const user = await open();
    const dialog = await openForm(user);
    await user.type(dialog.getByLabelText('Title *'), 'Flash sale');
    await user.type(dialog.getByLabelText('Message *'), 'Today only');
    await user.click(dialog.getByRole('checkbox', { name: 'E-mail' }));
    setDateTime(dialog, '2030-11-21', '09:00:00');
    const addCalls = () => calls.filter((call) => call.url === PATHS.add);
    await user.dblClick(dialog.getByRole('button', { name: 'Schedule Notification' }));
    await waitFor(() => {
      expect(addCalls()).toHaveLength(1);
    });
    expect(dialog.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    await user.dblClick(dialog.getByRole('button', { name: 'Saving...' }));
    expect(addCalls()).toHaveLength(1);

    answerFirst(errorResponse(500, 'INTERNAL_ERROR', 'Try again shortly'));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Try again shortly');
    await user.click(dialog.getByRole('button', { name: 'Schedule Notification' }));
    expect(await screen.findByText(MARKETING_MESSAGES.created)).toBeVisible();
    const keys = addCalls().map((call) => call.headers.get(IDEMPOTENCY_HEADER));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('edits a scheduled notification with its id, a new image over XHR, and the saved values', async () => {
    stubServer({});
    const xhrs = stubXhr(() => ({
      status: 200,
      body: okEnvelope({ data: scheduled }, 200, MARKETING_MESSAGES.updated),
    }));
    const user = await open();
    const dialog = await openForm(user, 'Edit Monsoon offers');
    expect(dialog.getByLabelText('Title *')).toHaveValue('Monsoon offers');
    expect(dialog.getByLabelText('Date (IST)')).toHaveValue('2030-11-21');
    expect(dialog.getByLabelText('Time (IST)')).toHaveValue('15:30:15');
    expect(dialog.getByRole('checkbox', { name: 'Push' })).toBeChecked();
    expect(dialog.getByRole('checkbox', { name: 'E-mail' })).toBeChecked();
    expect(dialog.getByRole('checkbox', { name: 'SMS' })).not.toBeChecked();
    const userType = dialog.getByLabelText('User type *');
    await within(userType).findByRole('option', { name: 'Editors' });
    expect(userType).toHaveValue('type-1');

    await user.clear(dialog.getByLabelText('Title *'));
    await user.type(dialog.getByLabelText('Title *'), 'Monsoon offers, extended');
    const file = new File(['x'.repeat(500)], 'offer.png', { type: 'image/png' });
    await user.upload(dialog.getByLabelText('Choose an image file'), file);
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText(MARKETING_MESSAGES.updated)).toBeVisible();
    expect(xhrs).toHaveLength(1);
    expect(xhrs[0]?.url).toBe(PATHS.update);
    // An update is not a create: no Idempotency-Key.
    expect(xhrs[0]?.headers[IDEMPOTENCY_HEADER]).toBeUndefined();
    const entries = formEntries(xhrs[0]?.body);
    expect(entries[0]).toEqual(['id', scheduled._id]);
    expect(entries).toContainEqual(['title', 'Monsoon offers, extended']);
    expect(entries).toContainEqual(['channels[0]', 'push']);
    expect(entries).toContainEqual(['channels[1]', 'email']);
    expect(entries).toContainEqual(['userTypeId', 'type-1']);
    expect(entries).toContainEqual(['scheduledAt', '2030-11-21T15:30:15+05:30']);
    expect(entries).toContainEqual(['removeImage', 'false']);
    expect(entries.at(-1)).toEqual(['image', 'file:offer.png']);
  });

  it('says so when the notification started sending meanwhile (409), and reloads the list', async () => {
    const calls = stubServer({
      lists: [[scheduled], [{ ...scheduled, status: 'sending' }]],
      other: (call) =>
        call.url === PATHS.update
          ? errorResponse(409, 'CONFLICT', MARKETING_MESSAGES.notEditable)
          : undefined,
    });
    const user = await open();
    const dialog = await openForm(user, 'Edit Monsoon offers');
    await user.type(dialog.getByLabelText('Title *'), '!');
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(MARKETING_MESSAGES.notEditable);
    await waitFor(() => {
      expect(listCalls(calls)).toHaveLength(2);
    });
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    const row = await rowOf('Monsoon offers');
    expect(await row.findByText('Sending')).toBeVisible();
    expect(row.queryByRole('button', { name: 'Edit Monsoon offers' })).not.toBeInTheDocument();
  });

  it('says what the IST time is in the browser zone, when that differs', async () => {
    process.env.TZ = 'Europe/Berlin';
    stubServer({});
    const user = await open();
    const dialog = await openForm(user);
    setDateTime(dialog, '2030-11-21', '15:30:00');
    expect(
      dialog.getByText(
        'Asia/Kolkata, UTC+05:30. That is Nov 21, 2030, 11:00:00 AM GMT+1 your time.',
      ),
    ).toBeInTheDocument();
  });

  it('says nothing more when the browser is in India', async () => {
    process.env.TZ = 'Asia/Kolkata';
    stubServer({});
    const user = await open();
    const dialog = await openForm(user);
    setDateTime(dialog, '2030-11-21', '15:30:00');
    expect(dialog.getByText('Asia/Kolkata, UTC+05:30. Seconds are allowed.')).toBeInTheDocument();
    expect(dialog.queryByText(/your time/)).not.toBeInTheDocument();
  });

  it('closes with Cancel without saving', async () => {
    const calls = stubServer({});
    const user = await open();
    const dialog = await openForm(user);
    await user.type(dialog.getByLabelText('Title *'), 'Never mind');
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    expect(calls.some((call) => call.url === PATHS.add)).toBe(false);
  });

  it('deletes after confirming, and refreshes the list', async () => {
    const calls = stubServer({
      lists: [[scheduled, sent], [sent]],
      other: (call) =>
        call.url === PATHS.delete ? okResponse(null, 200, MARKETING_MESSAGES.deleted) : undefined,
    });
    const user = await open();
    const row = await rowOf('Monsoon offers');
    await user.click(row.getByRole('button', { name: 'Delete Monsoon offers' }));
    const confirm = within(
      await screen.findByRole('alertdialog', { name: 'Delete scheduled notification?' }),
    );
    expect(confirm.getByText(/"Monsoon offers" will not be sent/)).toBeVisible();
    // Cancel first: nothing happens.
    await user.click(confirm.getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.url === PATHS.delete)).toBe(false);

    await user.click(row.getByRole('button', { name: 'Delete Monsoon offers' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText(MARKETING_MESSAGES.deleted)).toBeVisible();
    expect(calls.find((call) => call.url === PATHS.delete)?.body).toEqual({
      data: { id: scheduled._id },
    });
    await waitFor(() => {
      expect(screen.queryByText('Monsoon offers')).not.toBeInTheDocument();
    });
  });

  it('reloads every few seconds while a notification is sending, until it is done', async () => {
    const sending = makeNotification(4, {
      title: 'Going out now',
      status: 'sending',
      scheduledAt: new Date().toISOString(),
      counts: { email: { sent: 1, failed: 0 } },
    });
    const done = {
      ...sending,
      status: 'sent' as const,
      counts: { email: { sent: 5, failed: 0 } },
    };
    const calls = stubServer({ lists: [[sending], [done]] });
    await open();
    const row = await rowOf('Going out now');
    expect(row.getByText('Sending')).toBeVisible();
    expect(await row.findByText('Sent')).toBeVisible();
    expect(row.getByRole('listitem', { name: 'E-mail: 5 sent, 0 failed' })).toBeVisible();
    const count = listCalls(calls).length;
    expect(count).toBe(2);
    // Nothing left to watch: no more reloads.
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    expect(listCalls(calls)).toHaveLength(count);
  });

  it("reloads when the socket brings a 'marketing' in-app notification", async () => {
    const calls = stubServer({ lists: [[scheduled], [{ ...scheduled, status: 'cancelled' }]] });
    await open();
    const row = await rowOf('Monsoon offers');
    expect(listCalls(calls)).toHaveLength(1);
    // Another type changes nothing here.
    serverEmit(SOCKET_EVENTS.notification, {
      notification: {
        _id: 'n-1',
        type: 'security',
        title: 'New sign-in',
        message: '',
        link: null,
        isRead: false,
        readAt: null,
        createdAt: new Date().toISOString(),
      },
      unreadCount: 1,
    });
    serverEmit(SOCKET_EVENTS.notification, {
      notification: {
        _id: 'n-2',
        type: 'marketing',
        title: 'Scheduled notification was sent',
        message: '"Monsoon offers": 3 delivered, 0 failed.',
        link: '/marketing/notification',
        isRead: false,
        readAt: null,
        createdAt: new Date().toISOString(),
      },
      unreadCount: 2,
    });
    expect(await row.findByText('Cancelled')).toBeVisible();
    expect(listCalls(calls)).toHaveLength(2);
  });
});
