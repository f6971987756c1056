import { readFile } from 'node:fs/promises';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  DASHBOARD_UPCOMING_LIMIT,
  MARKETING_MESSAGES as M,
  type Dashboard,
  type ScheduledNotification,
  type ScheduledNotificationList,
} from '@safarnama/contract';
import { adminActivities, images, scheduledNotifications } from '../../db/schema/index.js';
import { imageFileKeys } from '../../media/pipeline.js';
import { dataOf, errorOf, imagePart, record, sendForm, storedFiles } from '../../test/api.js';
import { makeUserType } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { makeJpeg, makePng } from '../../test/images.js';
import { fakeMailer, fakeRealtime, postData, signedInWith } from '../../test/manage.js';
import type { FormPart } from '../../test/images.js';
import { IMAGE_OWNER } from './marketing.service.js';

const P = API_PATHS.marketing;
const HOUR = 3_600_000;

/** The form of add/update: text fields, `channels[i]`, optional image. */
const formOf = (
  fields: Record<string, string | undefined>,
  channels: string[] = ['email'],
  image?: Buffer,
): FormPart[] => [
  ...Object.entries(fields).flatMap(([name, value]) =>
    value === undefined ? [] : [{ name, value }],
  ),
  ...channels.map((value, i) => ({ name: `channels[${i}]`, value })),
  ...(image ? [imagePart('image', image)] : []),
];

const future = (ms = HOUR) => new Date(Date.now() + ms).toISOString();

describe('scheduled notifications: add, list, update, delete', () => {
  let t: TestApp;
  let editor: Record<string, string>;
  let editorId: string;
  let viewer: Record<string, string>;

  const fields = (overrides: Record<string, string | undefined> = {}) => ({
    title: 'Monsoon offers',
    message: 'Kerala backwaters at 20% off this July.',
    link: '/itineraries',
    audienceType: 'all_admins',
    scheduledAt: future(),
    ...overrides,
  });
  const add = (parts: FormPart[], headers = editor) =>
    sendForm(t.app, 'POST', P.add, parts, headers);
  const update = (parts: FormPart[], headers = editor) =>
    sendForm(t.app, 'POST', P.update, parts, headers);
  const remove = (id: string, headers = editor) => postData(t.app, P.delete, { id }, headers);
  const list = async (query: Record<string, string> = {}, headers = editor) =>
    dataOf<ScheduledNotificationList>(
      await t.app.inject({ method: 'GET', url: P.list, query, headers }),
    );
  const created = async (overrides: Record<string, string | undefined> = {}, channels?: string[]) =>
    record<ScheduledNotification>(await add(formOf(fields(overrides), channels)), 201);
  const setStatus = (id: string, status: 'sending' | 'sent') =>
    t.database.db
      .update(scheduledNotifications)
      .set({ status, claimedAt: new Date(), claimedBy: 'other-node' })
      .where(eq(scheduledNotifications.id, id));

  beforeAll(async () => {
    t = await createTestApp({
      rateLimitMax: 100_000,
      mailer: fakeMailer().mailer,
      realtime: fakeRealtime().realtime,
    });
    const made = await signedInWith(t.database.db, t.hasher, [
      'marketing.view',
      'marketing.create',
      'marketing.update',
      'marketing.delete',
    ]);
    editor = made.headers;
    editorId = made.admin.id;
    viewer = (await signedInWith(t.database.db, t.hasher, ['marketing.view'])).headers;
  });
  afterAll(() => t.close());

  it('schedules a notification and answers it (201, data.data)', async () => {
    const at = future(2 * HOUR);
    const res = await add(formOf(fields({ scheduledAt: at }), ['email', 'sms', 'email']));
    expect(res.json()).toMatchObject({ message: M.created });
    const saved = record<ScheduledNotification>(res, 201);
    expect(saved).toMatchObject({
      _id: saved.id,
      title: 'Monsoon offers',
      message: 'Kerala backwaters at 20% off this July.',
      link: '/itineraries',
      imageUrl: null,
      channels: ['email', 'sms'],
      audience: { type: 'all_admins', userType: null },
      status: 'scheduled',
      counts: {},
      sentAt: null,
      createdBy: { _id: editorId },
    });
    expect(new Date(saved.scheduledAt).getTime()).toBe(new Date(at).getTime());
  });

  it('refuses a time in the past, allowing a few seconds of clock skew', async () => {
    const past = errorOf(await add(formOf(fields({ scheduledAt: future(-60_000) }))), 400);
    expect(past.details).toEqual([{ path: 'scheduledAt', message: M.inPast }]);
    // Two seconds behind (a browser clock running late) still counts as now.
    await created({ scheduledAt: future(-2_000) });
  });

  it('checks the fields: channels, title, time format, unknown fields', async () => {
    const none = errorOf(await add(formOf(fields(), [])), 400);
    expect(none.details).toContainEqual({
      path: 'channels',
      message: 'Choose at least one channel',
    });
    const bad = errorOf(await add(formOf(fields({ title: '  ', scheduledAt: 'tomorrow' }))), 400);
    expect((bad.details ?? []).map((d) => d.path).sort()).toEqual(['scheduledAt', 'title']);
    const fax = errorOf(await add(formOf(fields(), ['fax'])), 400);
    expect(fax.details?.[0]?.path).toBe('channels[0]');
    const unknown = errorOf(await add(formOf(fields({ status: 'sent' }))), 400);
    expect(unknown.details).toEqual([{ path: 'status', message: 'Unknown field' }]);
    const link = errorOf(await add(formOf(fields({ link: 'javascript:alert(1)' }))), 400);
    expect(link.details?.[0]?.path).toBe('link');
  });

  it('needs an existing, active user type for the user-type audience', async () => {
    const missing = errorOf(await add(formOf(fields({ audienceType: 'user_type' }))), 400);
    expect(missing.details).toEqual([{ path: 'userTypeId', message: M.userTypeRequired }]);
    const unknownId = '0190a0a0-0000-7000-8000-00000000abcd';
    const unknown = errorOf(
      await add(formOf(fields({ audienceType: 'user_type', userTypeId: unknownId }))),
      400,
    );
    expect(unknown.details).toEqual([{ path: 'userTypeId', message: M.unknownUserType }]);
    const disabled = await makeUserType(t.database.db, { isActive: false });
    const off = errorOf(
      await add(formOf(fields({ audienceType: 'user_type', userTypeId: disabled.id }))),
      400,
    );
    expect(off.message).toBe(M.unknownUserType);

    const guides = await makeUserType(t.database.db, { name: 'Tour guides' });
    const saved = await created({ audienceType: 'user_type', userTypeId: guides.id });
    expect(saved.audience).toEqual({
      type: 'user_type',
      userType: { _id: guides.id, name: 'Tour guides' },
    });
    // Another audience drops a user type that was sent along.
    const all = await created({ audienceType: 'all_admins', userTypeId: guides.id });
    expect(all.audience.userType).toBeNull();
  });

  it('stores an image through the media pipeline and leaves no orphan file', async () => {
    const before = await storedFiles(t.uploadsDir);
    const saved = record<ScheduledNotification>(
      await add(formOf(fields(), ['push'], await makeJpeg(1200, 800))),
      201,
    );
    expect(saved.imageUrl).toMatch(/^\/uploads\/images\/.+-768\.webp$/);
    const firstFiles = (await storedFiles(t.uploadsDir)).filter((f) => !before.includes(f));
    expect(firstFiles.length).toBeGreaterThan(1);
    const [row] = await t.database.db
      .select()
      .from(scheduledNotifications)
      .where(eq(scheduledNotifications.id, saved.id));
    const [image] = await t.database.db
      .select()
      .from(images)
      .where(eq(images.id, row?.imageId ?? ''));
    expect(image).toMatchObject({ ownerType: IMAGE_OWNER, ownerId: saved.id });

    // A new image replaces the old one: the old files go.
    const replaced = record<ScheduledNotification>(
      await update(formOf({ ...fields(), id: saved.id }, ['push'], await makePng(500, 400))),
    );
    expect(replaced.imageUrl).not.toBe(saved.imageUrl);
    const afterReplace = await storedFiles(t.uploadsDir);
    for (const file of firstFiles) expect(afterReplace).not.toContain(file);

    // removeImage drops it (row, column and files).
    const cleared = record<ScheduledNotification>(
      await update(formOf({ ...fields(), id: saved.id, removeImage: 'true' }, ['push'])),
    );
    expect(cleared.imageUrl).toBeNull();
    expect(await storedFiles(t.uploadsDir)).toEqual(before);
    expect(await t.database.db.select().from(images).where(eq(images.ownerId, saved.id))).toEqual(
      [],
    );

    // A refused form (bad time) keeps nothing of its upload.
    errorOf(
      await add(formOf(fields({ scheduledAt: future(-HOUR) }), ['push'], await makeJpeg(400, 300))),
      400,
    );
    expect(await storedFiles(t.uploadsDir)).toEqual(before);

    // Deleting a notification deletes its image files too.
    const withImage = record<ScheduledNotification>(
      await add(formOf(fields(), ['email'], await makeJpeg(400, 300))),
      201,
    );
    expect((await storedFiles(t.uploadsDir)).length).toBeGreaterThan(before.length);
    expect(dataOf(await remove(withImage.id))).toEqual({ _id: withImage.id, id: withImage.id });
    expect(await storedFiles(t.uploadsDir)).toEqual(before);
  });

  it('updates a scheduled notification', async () => {
    const saved = await created();
    const at = future(5 * HOUR);
    const res = await update(
      formOf({ ...fields({ title: 'Winter offers', link: '', scheduledAt: at }), id: saved.id }, [
        'whatsapp',
        'push',
      ]),
    );
    expect(res.json()).toMatchObject({ message: M.updated });
    expect(record<ScheduledNotification>(res)).toMatchObject({
      id: saved.id,
      title: 'Winter offers',
      link: null,
      channels: ['whatsapp', 'push'],
      status: 'scheduled',
      scheduledAt: new Date(at).toISOString(),
    });
    const past = errorOf(
      await update(formOf({ ...fields({ scheduledAt: future(-HOUR) }), id: saved.id })),
      400,
    );
    expect(past.details).toEqual([{ path: 'scheduledAt', message: M.inPast }]);
  });

  it('answers 404 for an unknown notification', async () => {
    const unknownId = '0190a0a0-0000-7000-8000-00000000abcd';
    expect(errorOf(await update(formOf({ ...fields(), id: unknownId })), 404).message).toBe(
      M.notFound,
    );
    expect(errorOf(await remove(unknownId), 404).message).toBe(M.notFound);
  });

  it('refuses to edit or delete once the poller has claimed it (409), and changes nothing', async () => {
    const saved = await created({ title: 'Claimed one' });
    await setStatus(saved.id, 'sending');
    const edit = errorOf(
      await update(formOf({ ...fields({ title: 'Too late' }), id: saved.id })),
      409,
    );
    expect(edit.message).toBe(M.notEditable);
    expect(errorOf(await remove(saved.id), 409).message).toBe(M.notEditable);
    await setStatus(saved.id, 'sent');
    errorOf(await remove(saved.id), 409);
    const [row] = await t.database.db
      .select()
      .from(scheduledNotifications)
      .where(eq(scheduledNotifications.id, saved.id));
    expect(row).toMatchObject({ title: 'Claimed one', status: 'sent' });
  });

  it('refuses to update a notification that was sent (409) and keeps it as it was', async () => {
    const saved = await created({ title: 'Sent one' });
    await setStatus(saved.id, 'sent');
    const refused = errorOf(
      await update(
        formOf(
          { ...fields({ title: 'Rewritten' }), id: saved.id },
          ['sms'],
          await makeJpeg(400, 300),
        ),
      ),
      409,
    );
    expect(refused).toMatchObject({ success: false, message: M.notEditable });
    const [row] = await t.database.db
      .select()
      .from(scheduledNotifications)
      .where(eq(scheduledNotifications.id, saved.id));
    expect(row).toMatchObject({
      title: 'Sent one',
      channels: ['email'],
      status: 'sent',
      imageId: null,
    });
    // The refused upload left no file and no image row behind.
    expect(await t.database.db.select().from(images).where(eq(images.ownerId, saved.id))).toEqual(
      [],
    );
  });

  describe('duplicate: copyImageFrom', () => {
    const imageRowsOf = (ownerId: string) =>
      t.database.db.select().from(images).where(eq(images.ownerId, ownerId));
    const fileKeysOf = async (ownerId: string) =>
      (await imageRowsOf(ownerId)).flatMap((image) => imageFileKeys(image));

    it('copies the image of a sent notification into files of its own', async () => {
      const source = record<ScheduledNotification>(
        await add(formOf(fields({ title: 'With picture' }), ['push'], await makeJpeg(1200, 800))),
        201,
      );
      await setStatus(source.id, 'sent');
      const sourceKeys = await fileKeysOf(source.id);
      const before = await storedFiles(t.uploadsDir);

      const copy = record<ScheduledNotification>(
        await add(formOf(fields({ title: 'With picture', copyImageFrom: source.id }), ['push'])),
        201,
      );
      expect(copy.id).not.toBe(source.id);
      expect(copy.status).toBe('scheduled');
      expect(copy.imageUrl).toMatch(/^\/uploads\/images\/.+-768\.webp$/);
      expect(copy.imageUrl).not.toBe(source.imageUrl);
      const [sourceRow] = await imageRowsOf(source.id);
      const [copyRow] = await imageRowsOf(copy.id);
      expect(copyRow).toMatchObject({
        ownerType: IMAGE_OWNER,
        mimeType: sourceRow?.mimeType,
        width: sourceRow?.width,
        height: sourceRow?.height,
        placeholder: sourceRow?.placeholder,
      });
      const copyKeys = await fileKeysOf(copy.id);
      expect(copyKeys).toHaveLength(sourceKeys.length);
      for (const key of copyKeys) expect(sourceKeys).not.toContain(key);
      // Byte for byte the same files, under new keys.
      const root = t.uploadsDir;
      expect(await readFile(`${root}/${copyKeys[0]}`)).toEqual(
        await readFile(`${root}/${sourceKeys[0]}`),
      );
      expect((await storedFiles(root)).length).toBe(before.length + copyKeys.length);

      // Deleting the copy leaves the source's files whole.
      await remove(copy.id);
      expect(await storedFiles(root)).toEqual(before);
    });

    it('refuses a notification without an image, an unknown one, and an image sent as well', async () => {
      const before = await storedFiles(t.uploadsDir);
      const plain = await created();
      const none = errorOf(await add(formOf(fields({ copyImageFrom: plain.id }))), 400);
      expect(none.details).toEqual([{ path: 'copyImageFrom', message: M.noImageToCopy }]);
      const unknownId = '0190a0a0-0000-7000-8000-00000000abcd';
      const gone = errorOf(await add(formOf(fields({ copyImageFrom: unknownId }))), 400);
      expect(gone.message).toBe(M.noImageToCopy);
      const bad = errorOf(await add(formOf(fields({ copyImageFrom: 'not-an-id' }))), 400);
      expect(bad.details?.[0]?.path).toBe('copyImageFrom');

      const source = record<ScheduledNotification>(
        await add(formOf(fields(), ['push'], await makeJpeg(400, 300))),
        201,
      );
      const withSource = await storedFiles(t.uploadsDir);
      const both = errorOf(
        await add(formOf(fields({ copyImageFrom: source.id }), ['push'], await makePng(300, 200))),
        400,
      );
      expect(both.details).toEqual([{ path: 'copyImageFrom', message: M.imageOrCopy }]);
      // A refused copy (a past time) keeps no copied file either.
      errorOf(
        await add(formOf(fields({ copyImageFrom: source.id, scheduledAt: future(-HOUR) }))),
        400,
      );
      expect(await storedFiles(t.uploadsDir)).toEqual(withSource);
      await remove(source.id);
      expect(await storedFiles(t.uploadsDir)).toEqual(before);
    });

    it('needs marketing.create like any add', async () => {
      const source = record<ScheduledNotification>(
        await add(formOf(fields(), ['push'], await makeJpeg(400, 300))),
        201,
      );
      errorOf(await add(formOf(fields({ copyImageFrom: source.id })), viewer), 403);
    });
  });

  it('deletes a scheduled notification (the row is gone)', async () => {
    const saved = await created();
    const res = await remove(saved.id);
    expect(res.json()).toMatchObject({ message: M.deleted });
    expect(
      await t.database.db
        .select()
        .from(scheduledNotifications)
        .where(eq(scheduledNotifications.id, saved.id)),
    ).toEqual([]);
    errorOf(await remove(saved.id), 404);
  });

  it('lists newest scheduled time first, pages, searches title and message, filters status', async () => {
    const tag = `zx${Date.now().toString(36)}`;
    const made: ScheduledNotification[] = [];
    for (let i = 0; i < 3; i++) {
      made.push(
        await created({
          title: `${tag} list ${i}`,
          message: i === 1 ? `body ${tag}-special 50%_off` : 'plain body',
          scheduledAt: future(100 * HOUR + i * HOUR),
        }),
      );
    }
    const page1 = await list({ search: tag, page: '1', limit: '2' });
    expect(page1.notifications.map((n) => n.title)).toEqual([`${tag} list 2`, `${tag} list 1`]);
    expect(page1.pagination).toMatchObject({ total: 3, page: 1, limit: 2, totalPages: 2 });
    const page2 = await list({ search: tag, page: '2', limit: '2' });
    expect(page2.notifications.map((n) => n.title)).toEqual([`${tag} list 0`]);
    // The message is searched too; % and _ match literally.
    const inMessage = await list({ search: `${tag}-special 50%_off` });
    expect(inMessage.notifications.map((n) => n.id)).toEqual([made[1]?.id]);
    expect((await list({ search: `${tag}-special 50%Xoff` })).notifications).toEqual([]);

    await setStatus(made[0]?.id ?? '', 'sent');
    const sent = await list({ search: tag, status: 'sent' });
    expect(sent.notifications.map((n) => n.id)).toEqual([made[0]?.id]);
    const scheduled = await list({ search: tag, status: 'scheduled' });
    expect(scheduled.pagination.total).toBe(2);
    errorOf(
      await t.app.inject({ method: 'GET', url: P.list, query: { status: 'x' }, headers: editor }),
      400,
    );
  });

  it('lets a view-only admin list but not create, update or delete', async () => {
    const saved = await created();
    expect((await list({}, viewer)).pagination.total).toBeGreaterThan(0);
    errorOf(await add(formOf(fields()), viewer), 403);
    errorOf(await update(formOf({ ...fields(), id: saved.id }), viewer), 403);
    errorOf(await remove(saved.id, viewer), 403);
    const nobody = (await signedInWith(t.database.db, t.hasher, [])).headers;
    errorOf(await t.app.inject({ method: 'GET', url: P.list, headers: nobody }), 403);
    errorOf(await t.app.inject({ method: 'GET', url: P.list }), 401);
  });

  it('writes audit entries for add, update and delete', async () => {
    const saved = await created({ title: 'Audited offer' });
    await update(formOf({ ...fields({ title: 'Audited offer 2' }), id: saved.id }));
    await remove(saved.id);
    const entries = await t.database.db
      .select()
      .from(adminActivities)
      .where(eq(adminActivities.entityId, saved.id))
      .orderBy(desc(adminActivities.createdAt), desc(adminActivities.id));
    expect(entries.map((e) => [e.action, e.entityType, e.adminId])).toEqual([
      ['delete', 'scheduled-notification', editorId],
      ['update', 'scheduled-notification', editorId],
      ['create', 'scheduled-notification', editorId],
    ]);
    expect(entries[2]?.summary).toBe("Created scheduled notification 'Audited offer'");
    expect(entries[2]?.changes).toMatchObject({ title: { from: null, to: 'Audited offer' } });
    expect(entries[1]?.changes).toMatchObject({
      title: { from: 'Audited offer', to: 'Audited offer 2' },
    });
    expect(entries[0]?.summary).toBe("Deleted scheduled notification 'Audited offer 2'");
  });

  describe('dashboard', () => {
    const dashboard = async (headers: Record<string, string>) =>
      record<Dashboard>(
        await t.app.inject({ method: 'GET', url: API_PATHS.service.dashboard, headers }),
      );

    it('shows the upcoming notifications, soonest first, only with marketing.view', async () => {
      await t.database.db.delete(scheduledNotifications);
      const soon = await created({ title: 'Soonest', scheduledAt: future(HOUR) });
      const later = await created({ title: 'Later', scheduledAt: future(3 * HOUR) });
      const sending = await created({ title: 'Sending', scheduledAt: future(2 * HOUR) });
      await setStatus(sending.id, 'sending');
      const done = await created({ title: 'Done', scheduledAt: future(HOUR / 2) });
      await setStatus(done.id, 'sent');
      for (let i = 0; i < DASHBOARD_UPCOMING_LIMIT; i++) {
        await created({ title: `Far ${i}`, scheduledAt: future(50 * HOUR + i * HOUR) });
      }

      const withMarketing = await signedInWith(t.database.db, t.hasher, [
        'dashboard.view',
        'marketing.view',
      ]);
      const upcoming = (await dashboard(withMarketing.headers)).upcomingNotifications;
      expect(upcoming?.map((n) => n.title)).toEqual([
        'Soonest',
        'Sending',
        'Later',
        'Far 0',
        'Far 1',
      ]);
      expect(upcoming?.map((n) => n.id).slice(0, 3)).toEqual([soon.id, sending.id, later.id]);

      const without = await signedInWith(t.database.db, t.hasher, ['dashboard.view']);
      expect(await dashboard(without.headers)).not.toHaveProperty('upcomingNotifications');
    });
  });
});
