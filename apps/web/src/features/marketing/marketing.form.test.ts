import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MARKETING_LIMITS, MARKETING_MESSAGES } from '@safarnama/contract';
import { formEntries } from '../../test/utils';
import {
  buildNotificationFormData,
  duplicateFormValues,
  fieldOfPath,
  initialFormValues,
  notificationFormSchema,
  toNotificationRequest,
  type NotificationFormValues,
} from './marketing.form';
import { makeNotification } from './test-data';

// 21 Nov 2026, 15:00:00 IST.
const NOW = Date.parse('2026-11-21T09:30:00.000Z');

const valid: NotificationFormValues = {
  ...initialFormValues(null, NOW),
  title: '  Monsoon offers  ',
  message: 'Kerala at half price',
  link: '/services/itineraries',
  channels: ['sms', 'email'],
  audienceType: 'all_admins',
  userTypeId: '',
  date: '2026-11-21',
  time: '15:30:00',
};

/** The form checked as `useContractForm` checks it: errors by path, or the request. */
const check = (values: NotificationFormValues) => {
  const result = notificationFormSchema.safeParse(toNotificationRequest(values));
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) errors[issue.path.join('.')] ??= issue.message;
  return { fields: result.success ? result.data : null, errors };
};

describe('notificationFormSchema over toNotificationRequest', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers the trimmed text fields with the time as an instant at +05:30', () => {
    expect(check(valid)).toEqual({
      errors: {},
      fields: {
        title: 'Monsoon offers',
        message: 'Kerala at half price',
        link: '/services/itineraries',
        // In the contract's channel order.
        channels: ['email', 'sms'],
        audienceType: 'all_admins',
        userTypeId: '',
        scheduledAt: '2026-11-21T15:30:00+05:30',
      },
    });
  });

  it('refuses a time in the past, to the second, with the contract text', () => {
    expect(check({ ...valid, time: '15:00:00' }).errors).toEqual({
      scheduledAt: MARKETING_MESSAGES.inPast,
    });
    expect(check({ ...valid, time: '14:59:59' }).fields).toBeNull();
    expect(check({ ...valid, time: '15:00:01' }).errors).toEqual({});
  });

  it('names every wrong field at once', () => {
    const { fields, errors } = check({
      ...valid,
      title: '   ',
      message: '',
      link: 'http://insecure.example.com',
      channels: [],
      audienceType: 'user_type',
      userTypeId: '',
      date: '2026-02-30',
    });
    expect(fields).toBeNull();
    expect(errors).toEqual({
      title: 'Title is required',
      message: 'Message is required',
      link: 'Link must be an in-app path (/…) or an https:// URL',
      channels: 'Choose at least one channel',
      userTypeId: MARKETING_MESSAGES.userTypeRequired,
      scheduledAt: 'Choose a valid date and time',
    });
  });

  it('holds the contract limits', () => {
    expect(
      check({ ...valid, title: 'x'.repeat(MARKETING_LIMITS.title + 1) }).errors.title,
    ).toBeTruthy();
    expect(check({ ...valid, title: 'x'.repeat(MARKETING_LIMITS.title) }).errors).toEqual({});
    expect(check({ ...valid, link: 'https://example.com/offer?x=1' }).errors).toEqual({});
  });

  it('sends the user type only for a user-type audience', () => {
    const chosen = check({ ...valid, audienceType: 'user_type', userTypeId: 'type-1' });
    expect(chosen.fields?.userTypeId).toBe('type-1');
    expect(check({ ...valid, userTypeId: 'type-1' }).fields?.userTypeId).toBe('');
  });
});

describe('buildNotificationFormData', () => {
  const fields = {
    title: 'Monsoon offers',
    message: 'Kerala at half price',
    link: '',
    channels: ['push', 'email', 'whatsapp'] as const,
    audienceType: 'user_type' as const,
    userTypeId: 'type-1',
    scheduledAt: '2026-11-21T15:30:00+05:30',
  };

  it('sends channels as channels[i] and the image last', () => {
    const image = new File(['x'.repeat(200)], 'offer.png', { type: 'image/png' });
    expect(
      formEntries(
        buildNotificationFormData({ ...fields, channels: [...fields.channels] }, { image }),
      ),
    ).toEqual([
      ['title', 'Monsoon offers'],
      ['message', 'Kerala at half price'],
      ['link', ''],
      ['channels[0]', 'push'],
      ['channels[1]', 'email'],
      ['channels[2]', 'whatsapp'],
      ['audienceType', 'user_type'],
      ['userTypeId', 'type-1'],
      ['scheduledAt', '2026-11-21T15:30:00+05:30'],
      ['image', 'file:offer.png'],
    ]);
  });

  it('puts the id first on update and says whether the saved image goes', () => {
    const update = formEntries(
      buildNotificationFormData(
        { ...fields, channels: ['email'], audienceType: 'all_admins', userTypeId: '' },
        { id: 'n-1', removeImage: true },
      ),
    );
    expect(update[0]).toEqual(['id', 'n-1']);
    expect(update.map(([name]) => name)).not.toContain('userTypeId');
    expect(update).toContainEqual(['removeImage', 'true']);
    // A new image replaces the old one: nothing to remove.
    const replaced = formEntries(
      buildNotificationFormData(
        { ...fields, channels: ['email'] },
        {
          id: 'n-1',
          removeImage: true,
          image: new File(['y'.repeat(200)], 'new.jpg', { type: 'image/jpeg' }),
        },
      ),
    );
    expect(replaced).toContainEqual(['removeImage', 'false']);
    expect(replaced.at(-1)).toEqual(['image', 'file:new.jpg']);
  });

  it("asks an add to copy a duplicated notification's image, unless a file or no image was chosen", () => {
    const names = (options: Parameters<typeof buildNotificationFormData>[1]) =>
      formEntries(buildNotificationFormData({ ...fields, channels: ['email'] }, options));
    expect(names({ copyImageFrom: 'n-7' })).toContainEqual(['copyImageFrom', 'n-7']);
    const file = new File(['z'.repeat(200)], 'other.png', { type: 'image/png' });
    expect(names({ copyImageFrom: 'n-7', image: file }).map(([name]) => name)).not.toContain(
      'copyImageFrom',
    );
    expect(names({ copyImageFrom: 'n-7', removeImage: true }).map(([name]) => name)).not.toContain(
      'copyImageFrom',
    );
    // Never on an update.
    expect(names({ id: 'n-1', copyImageFrom: 'n-7' }).map(([name]) => name)).not.toContain(
      'copyImageFrom',
    );
  });
});

describe('form helpers', () => {
  it('maps server error paths onto the fields', () => {
    expect(fieldOfPath('channels.1')).toBe('channels');
    expect(fieldOfPath('channels[0]')).toBe('channels');
    expect(fieldOfPath('scheduledAt')).toBe('scheduledAt');
    expect(fieldOfPath('removeImage')).toBe('image');
    expect(fieldOfPath('copyImageFrom')).toBe('image');
    expect(fieldOfPath('id')).toBeNull();
  });

  it('opens an existing notification at its IST date and time', () => {
    const values = initialFormValues(
      makeNotification(1, {
        scheduledAt: '2026-11-21T10:00:05.000Z',
        channels: ['sms', 'push'],
        audience: { type: 'user_type', userType: { _id: 'type-9', name: 'Editors' } },
        link: null,
      }),
    );
    expect(values).toMatchObject({
      date: '2026-11-21',
      time: '15:30:05',
      channels: ['sms', 'push'],
      audienceType: 'user_type',
      userTypeId: 'type-9',
      link: '',
    });
    expect(initialFormValues(null, NOW)).toMatchObject({
      date: '2026-11-21',
      time: '16:00:00',
      audienceType: 'all_admins',
      channels: [],
    });
  });

  it('duplicates a notification at a new time, keeping what it says and whom it is for', () => {
    const source = makeNotification(1, {
      title: 'Diwali greetings',
      message: 'Happy Diwali',
      link: '/services/itineraries',
      scheduledAt: '2026-11-01T04:30:00.000Z',
      status: 'sent',
      channels: ['push', 'sms'],
      audience: { type: 'user_type', userType: { _id: 'type-9', name: 'Editors' } },
    });
    expect(duplicateFormValues(source, NOW)).toEqual({
      ...initialFormValues(null, NOW),
      title: 'Diwali greetings',
      message: 'Happy Diwali',
      link: '/services/itineraries',
      channels: ['push', 'sms'],
      audienceType: 'user_type',
      userTypeId: 'type-9',
    });
  });
});
