import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  blogSchema,
  dependantsErrorSchema,
  imageLibraryOneSchema,
  itinerarySchema,
  mediaUsageAnswerSchema,
  usedInText,
  type ImageLibrary,
  type Itinerary,
  type ItineraryInput,
  type MediaUsage,
} from '@safarnama/contract';
import {
  adminActivities,
  homepageDestinations,
  images,
  itineraries,
  placeBlogs,
  placeDetails,
  revisions,
  scheduledNotifications,
} from '../../db/schema/index.js';
import { insertImages } from '../../media/images.repo.js';
import { body, createTestApp, type TestApp } from '../../test/harness.js';
import { dataOf, errorOf, imagePart, record, sendForm, textParts } from '../../test/api.js';
import { makeGeography } from '../../test/factories.js';
import { makeJpeg, type FormPart } from '../../test/images.js';
import { signedInWith } from '../../test/manage.js';
import { LOGO_OWNER_ID } from '../settings/basic.service.js';
import { stripImageReferences } from './strip-references.js';

/**
 * Issue 24 "where used", through the real routes on a real database: each kind of reference, the
 * refused delete (409 listing the uses, nothing changed), the forced one (references removed in
 * the same transaction, revisions of the records it changed, the audit entry listing them), a
 * forced delete failing half-way leaving everything as it was, and the permissions.
 */

const S = API_PATHS.service;
const L = API_PATHS.imageLibraries;
type Ids = { countryId: string; stateId: string; placeId: string };

describe('media usage (issue 24)', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  let jpeg: Buffer;
  let n = 0;
  const db = () => t.database.db;

  beforeAll(async () => {
    t = await createTestApp();
    auth = (await signedInWith(db(), t.hasher, 'super')).headers;
    jpeg = await makeJpeg(160, 120);
  });
  afterAll(() => t.close());

  const parents = async (): Promise<Ids> => {
    const { country, state, place } = await makeGeography(db());
    return { countryId: country.id, stateId: state.id, placeId: place.id };
  };
  const get = (url: string, headers = auth) => t.app.inject({ method: 'GET', url, headers });
  const del = (url: string, headers = auth) => t.app.inject({ method: 'DELETE', url, headers });
  const usageOf = async (url: string, headers = auth): Promise<MediaUsage> =>
    mediaUsageAnswerSchema.parse(dataOf(await get(url, headers))).usage;
  const refusal = (res: Awaited<ReturnType<typeof get>>) => {
    errorOf(res, 409);
    return dependantsErrorSchema.parse(body(res)).data;
  };
  const files = (alts: string[]): FormPart[] => [
    ...alts.map((_, i) => imagePart('images', jpeg, `g${String(i)}.jpg`)),
    ...alts.map((value, i): FormPart => ({ name: `altTexts[${String(i)}]`, value })),
  ];

  const createItinerary = async (ids: Ids, extra: Partial<ItineraryInput> = {}) =>
    itinerarySchema.parse(
      record(
        await t.app.inject({
          method: 'POST',
          url: S.createItinerary,
          headers: auth,
          payload: {
            data: {
              title: `Usage trip ${String(++n)}`,
              duration: '3 Days / 2 Nights',
              languages: ['English'],
              pricePerPerson: 1000,
              visibility: 'private',
              dailyItinerary: [{ title: 'Day 1', description: 'Arrive' }],
              ...ids,
              ...extra,
            },
          },
        }),
        201,
      ),
    );
  const addGallery = async (id: string, alts: string[]) =>
    itinerarySchema.parse(
      record(
        await sendForm(
          t.app,
          'PATCH',
          S.itineraryGallery(id),
          [...textParts({ itineraryId: id }), ...files(alts)],
          auth,
        ),
      ),
    );
  const setDays = async (it: Itinerary, imageIds: (string | null)[]) =>
    itinerarySchema.parse(
      record(
        await t.app.inject({
          method: 'PUT',
          url: S.updateItinerary(it._id),
          headers: auth,
          payload: {
            data: {
              title: it.title,
              duration: it.duration,
              languages: it.languages,
              pricePerPerson: it.pricePerPerson,
              visibility: it.visibility,
              countryId: it.countryId._id,
              stateId: it.stateId._id,
              placeId: it.placeId._id,
              imageLibraryId: it.imageLibraryId,
              dailyItinerary: imageIds.map((imageId, i) => ({
                title: `Day ${String(i + 1)}`,
                description: 'Walk',
                imageId,
              })),
            },
          },
        }),
      ),
    );
  const createLibrary = async (alts: string[]): Promise<ImageLibrary> =>
    imageLibraryOneSchema.parse(
      dataOf(
        await sendForm(
          t.app,
          'POST',
          L.base,
          [...textParts({ title: `Library ${String(++n)}` }), ...files(alts)],
          auth,
        ),
        201,
      ),
    ).data;
  const createBlog = async (ids: Ids, content: string) =>
    blogSchema.parse(
      record(
        await sendForm(
          t.app,
          'POST',
          S.addBlog,
          [
            ...textParts({ ...ids, title: `Blog with pictures ${String(++n)}`, content }),
            imagePart('coverImage', jpeg),
          ],
          auth,
        ),
        201,
      ),
    );
  const dayImages = async (id: string) => {
    const [row] = await db()
      .select({ days: itineraries.dailyItinerary })
      .from(itineraries)
      .where(eq(itineraries.id, id));
    return row?.days.map((day) => day.imageId ?? null);
  };
  const imageExists = async (id: string) =>
    (await db().select({ id: images.id }).from(images).where(eq(images.id, id))).length === 1;
  const lastEntry = async () => {
    const [row] = await db()
      .select()
      .from(adminActivities)
      .orderBy(desc(adminActivities.createdAt), desc(adminActivities.id))
      .limit(1);
    return row;
  };
  const revisionsOf = (entity: string, id: string) =>
    db()
      .select()
      .from(revisions)
      .where(and(eq(revisions.entityType, entity), eq(revisions.entityId, id)))
      .orderBy(desc(revisions.version));
  /** An image row of any owner, straight in the database (covers, avatars, logos). */
  const rawImage = async (ownerType: string, ownerId: string) => {
    const key = `images/2025/01/${crypto.randomUUID()}`;
    const [row] = await insertImages(db(), [
      {
        ownerType,
        ownerId,
        fileKey: `${key}.jpg`,
        mimeType: 'image/jpeg',
        width: 10,
        height: 10,
        bytes: 100,
        placeholder: '#000000',
        variants: [{ width: 10, height: 10, key: `${key}-320.webp` }],
      },
    ]);
    if (!row) throw new Error('rawImage');
    return row;
  };

  it('lists the days that show an itinerary gallery image; its own gallery is not a use', async () => {
    const it1 = await createItinerary(await parents());
    const withGallery = await addGallery(it1._id, ['Beach', 'Fort']);
    const [beach, fort] = withGallery.gallery;
    if (!beach || !fort) throw new Error('gallery');
    await setDays(withGallery, [beach._id, null, beach._id]);

    const usage = await usageOf(API_PATHS.media.usage(beach._id));
    expect(usage.count).toBe(2);
    expect(usage.items).toEqual([
      {
        kind: 'itineraryDay',
        _id: it1._id,
        name: `Day 1 of ${it1.title}`,
        field: 'dailyItinerary[0].imageId',
        link: '/services/itineraries',
      },
      {
        kind: 'itineraryDay',
        _id: it1._id,
        name: `Day 3 of ${it1.title}`,
        field: 'dailyItinerary[2].imageId',
        link: '/services/itineraries',
      },
    ]);
    expect(usage.owner).toEqual({
      kind: 'itinerary',
      _id: it1._id,
      name: it1.title,
      link: '/services/itineraries',
    });
    expect(usedInText(usage.count)).toBe('Used in 2 places');
    expect((await usageOf(API_PATHS.media.usage(fort._id))).count).toBe(0);

    // The unused one goes as before (the spec's behaviour).
    const removed = await del(S.itineraryGalleryImage(it1._id, fort._id));
    expect(removed.statusCode).toBe(200);

    // The used one is refused with the list; nothing changes.
    const refused = refusal(await del(S.itineraryGalleryImage(it1._id, beach._id)));
    expect(refused?.usage?.count).toBe(2);
    expect(refused?.dependants).toEqual([
      {
        kind: 'itineraryDay',
        count: 2,
        items: [
          { _id: it1._id, name: `Day 1 of ${it1.title}` },
          { _id: it1._id, name: `Day 3 of ${it1.title}` },
        ],
      },
    ]);
    expect(errorOf(await del(S.itineraryGalleryImage(it1._id, beach._id)), 409).message).toBe(
      'This image is used by 2 itinerary days: delete or change them first.',
    );
    expect(await imageExists(beach._id)).toBe(true);
    expect(await dayImages(it1._id)).toEqual([beach._id, null, beach._id]);

    // Forcing needs itineraries.delete (the removal itself is itineraries.update).
    const editor = await signedInWith(db(), t.hasher, ['itineraries.view', 'itineraries.update']);
    const forbidden = await del(
      `${S.itineraryGalleryImage(it1._id, beach._id)}?force=true`,
      editor.headers,
    );
    expect(errorOf(forbidden, 403).message).toMatch(/delete permission/);
    expect(await imageExists(beach._id)).toBe(true);

    const versionBefore = (await revisionsOf('itinerary', it1._id))[0]?.version ?? 0;
    const forced = await del(`${S.itineraryGalleryImage(it1._id, beach._id)}?force=true`);
    expect(forced.statusCode).toBe(200);
    expect(itinerarySchema.parse(record(forced)).gallery).toEqual([]);
    expect(await imageExists(beach._id)).toBe(false);
    expect(await dayImages(it1._id)).toEqual([null, null, null]);
    // One revision of the itinerary (the scope's), and the entry lists the removed uses.
    const [latest] = await revisionsOf('itinerary', it1._id);
    expect(latest?.version).toBe(versionBefore + 1);
    expect(latest?.action).toBe('gallery-remove');
    const entry = await lastEntry();
    expect(entry?.action).toBe('gallery-remove');
    expect(entry?.changes?.removedReferences?.from).toEqual(refused?.usage?.items);
    expect(entry?.changes?.dailyItinerary).toBeDefined();
  });

  it("lists a library's itineraries, place details and its images used in blogs; refuses and forces the delete", async () => {
    const ids = await parents();
    const library = await createLibrary(['Dunes', 'Camel']);
    const [dunes, camel] = library.images;
    if (!dunes || !camel) throw new Error('library');
    const tour = await createItinerary(ids, { imageLibraryId: library._id });
    const [details] = await db()
      .insert(placeDetails)
      .values({ ...ids, month: 'MAR', imageLibraryId: library._id })
      .returning();
    if (!details) throw new Error('details');
    // A link to the picture through the API, and an <img> written around it (an old import).
    const blog = await createBlog(ids, `<p>See <a href="${dunes.url}">the dunes</a> at dawn.</p>`);
    await db()
      .update(placeBlogs)
      .set({
        content: sql`${placeBlogs.content} || ${`<p><img src="${camel.url}" alt="">Camels</p>`}`,
      })
      .where(eq(placeBlogs.id, blog._id));

    const imageUsage = await usageOf(API_PATHS.media.usage(dunes._id));
    expect(imageUsage.items).toEqual([
      {
        kind: 'blogInline',
        _id: blog._id,
        name: blog.title,
        field: 'content',
        link: '/services/addPlaceBlog',
      },
    ]);
    expect(imageUsage.owner).toMatchObject({ kind: 'imageLibrary', _id: library._id });
    // A variant's URL names it too.
    const variant = camel.variants[0]?.url ?? '';
    expect(variant).not.toBe('');

    const usage = await usageOf(API_PATHS.imageLibraryUsage(library._id));
    expect(usage.items.map((item) => [item.kind, item._id, item.field])).toEqual([
      ['blogInline', blog._id, 'content'],
      ['blogInline', blog._id, 'content'],
      ['itinerary', tour._id, 'imageLibraryId'],
      ['placeDetails', details.id, 'imageLibraryId'],
    ]);
    expect(usage.count).toBe(4);

    // Removing the linked image through the library's images PUT is refused…
    const keepCamelOnly = [...textParts({ 'existingImages[0]': camel._id })];
    const refusedPut = await sendForm(t.app, 'PUT', L.images(library._id), keepCamelOnly, auth);
    expect(refusal(refusedPut)?.usage?.items.map((item) => item.kind)).toEqual(['blogInline']);

    // …and so is the library's delete, with every use; nothing changes.
    const refused = refusal(await del(L.one(library._id)));
    expect(refused?.usage?.count).toBe(4);
    expect(refused?.dependants.map((group) => [group.kind, group.count])).toEqual([
      ['blogInline', 2],
      ['itinerary', 1],
      ['placeDetails', 1],
    ]);
    expect(await imageExists(dunes._id)).toBe(true);

    // image-libraries.update cannot force; image-libraries.delete can.
    const editor = await signedInWith(db(), t.hasher, [
      'image-libraries.view',
      'image-libraries.update',
    ]);
    errorOf(
      await sendForm(
        t.app,
        'PUT',
        `${L.images(library._id)}?force=true`,
        keepCamelOnly,
        editor.headers,
      ),
      403,
    );
    const blogVersion = (await revisionsOf('blog', blog._id))[0]?.version ?? 0;
    const forced = await del(`${L.one(library._id)}?force=true`);
    expect(forced.statusCode).toBe(200);
    expect(await imageExists(dunes._id)).toBe(false);
    const [tourRow] = await db().select().from(itineraries).where(eq(itineraries.id, tour._id));
    expect(tourRow?.imageLibraryId).toBeNull();
    const [detailsRow] = await db()
      .select()
      .from(placeDetails)
      .where(eq(placeDetails.id, details.id));
    expect(detailsRow?.imageLibraryId).toBeNull();
    const [blogRow] = await db().select().from(placeBlogs).where(eq(placeBlogs.id, blog._id));
    expect(blogRow?.content).toBe('<p>See the dunes at dawn.</p><p>Camels</p>');
    // Each record it changed has a revision by this change; the entry lists the references.
    const [blogRevision] = await revisionsOf('blog', blog._id);
    expect(blogRevision?.action).toBe('media-unlink');
    expect(blogRevision?.version).toBe(blogVersion + 1);
    expect(blogRevision?.changedFields).toContain('content');
    expect((await revisionsOf('itinerary', tour._id))[0]?.action).toBe('media-unlink');
    expect((await revisionsOf('place-details', details.id))[0]?.changedFields).toEqual([
      'imageLibraryId',
    ]);
    const entry = await lastEntry();
    expect(entry?.action).toBe('delete');
    expect(entry?.entityType).toBe('image-library');
    expect(entry?.changes?.removedReferences?.from).toEqual(refused?.usage?.items);
    // Nothing uses the images any more: usage of the library is 404 now.
    errorOf(await get(API_PATHS.imageLibraryUsage(library._id)), 404);
  });

  it('lists the record a single picture belongs to, the homepage, notifications, profile and logo', async () => {
    const ids = await parents();
    const blog = await createBlog(ids, '<p>Plain</p>');
    const cover = blog.coverImage;
    if (!cover) throw new Error('cover');
    expect((await usageOf(API_PATHS.media.usage(cover._id))).items).toEqual([
      {
        kind: 'blog',
        _id: blog._id,
        name: blog.title,
        field: 'coverImage',
        link: '/services/addPlaceBlog',
      },
    ]);

    const placeImage = await rawImage('place', ids.placeId);
    await db().insert(homepageDestinations).values({ placeId: ids.placeId, position: 1 });
    expect(
      (await usageOf(API_PATHS.media.usage(placeImage.id))).items.map((i) => [
        i.kind,
        i._id,
        i.link,
      ]),
    ).toEqual([
      ['place', ids.placeId, '/services/addPlaces'],
      ['homepage', 'trendingDestinations', '/services/homepage-settings'],
    ]);

    const [notification] = await db()
      .insert(scheduledNotifications)
      .values({
        title: 'Diwali offers',
        message: 'Lights',
        channels: ['push'],
        audienceType: 'all_admins',
        scheduledAt: new Date(Date.now() + 3600_000),
      })
      .returning();
    if (!notification) throw new Error('notification');
    const banner = await rawImage('marketing-notification', notification.id);
    await db()
      .update(scheduledNotifications)
      .set({ imageId: banner.id })
      .where(eq(scheduledNotifications.id, notification.id));
    expect((await usageOf(API_PATHS.media.usage(banner.id))).items).toEqual([
      {
        kind: 'marketingNotification',
        _id: notification.id,
        name: 'Diwali offers',
        field: 'image',
        link: '/marketing/notification',
      },
    ]);

    const someone = await signedInWith(db(), t.hasher, []);
    const avatar = await rawImage('admin-avatar', someone.admin.id);
    expect((await usageOf(API_PATHS.media.usage(avatar.id))).items).toEqual([
      {
        kind: 'profile',
        _id: someone.admin.id,
        name: someone.admin.name,
        field: 'avatar',
        link: `/admin/user/${someone.admin.id}`,
      },
    ]);
    const logo = await rawImage('app-logo', LOGO_OWNER_ID);
    expect((await usageOf(API_PATHS.media.usage(logo.id))).items).toEqual([
      {
        kind: 'logo',
        _id: 'basic',
        name: 'App logo',
        field: 'logo',
        link: '/settings/basic-settings',
      },
    ]);

    // The generic delete takes gallery images only: a record's single picture is its form's.
    expect(errorOf(await del(API_PATHS.media.one(cover._id)), 400).message).toMatch(
      /single picture/,
    );
    expect(await imageExists(cover._id)).toBe(true);
  });

  it('deletes through the generic route, under the owner rule, and answers bad ids and permissions', async () => {
    const ids = await parents();
    const tour = await createItinerary(ids);
    const withGallery = await addGallery(tour._id, ['One', 'Two']);
    const [one, two] = withGallery.gallery;
    if (!one || !two) throw new Error('gallery');
    await setDays(withGallery, [two._id]);

    expect(errorOf(await get(API_PATHS.media.usage('not-a-uuid')), 400).message).toBe(
      'Invalid image id',
    );
    errorOf(await get(API_PATHS.media.usage(crypto.randomUUID())), 404);
    errorOf(await get(API_PATHS.imageLibraryUsage('nope')), 400);
    errorOf(await get(API_PATHS.imageLibraryUsage(crypto.randomUUID())), 404);
    errorOf(await del(API_PATHS.media.one('nope')), 400);
    errorOf(await del(API_PATHS.media.one(crypto.randomUUID())), 404);
    errorOf(await del(`${API_PATHS.media.one(one._id)}?force=maybe`), 400);

    // Reading usage needs the owner's module view; deleting its removal key.
    const librarian = await signedInWith(db(), t.hasher, ['image-libraries.view']);
    errorOf(await get(API_PATHS.media.usage(one._id), librarian.headers), 403);
    errorOf(await del(API_PATHS.media.one(one._id), librarian.headers), 403);
    const viewer = await signedInWith(db(), t.hasher, ['itineraries.view']);
    expect((await usageOf(API_PATHS.media.usage(two._id), viewer.headers)).count).toBe(1);
    errorOf(await del(API_PATHS.media.one(one._id), viewer.headers), 403);
    errorOf(await get(API_PATHS.imageLibraryUsage(crypto.randomUUID()), viewer.headers), 403);
    expect(await imageExists(one._id)).toBe(true);

    const removed = await del(API_PATHS.media.one(one._id));
    expect(dataOf(removed)).toEqual({ _id: one._id, id: one._id });
    expect(await imageExists(one._id)).toBe(false);
    const entry = await lastEntry();
    expect([entry?.action, entry?.entityType, entry?.entityId]).toEqual([
      'gallery-remove',
      'itinerary',
      tour._id,
    ]);
    expect((await revisionsOf('itinerary', tour._id))[0]?.action).toBe('gallery-remove');

    expect(refusal(await del(API_PATHS.media.one(two._id)))?.usage?.items[0]?.kind).toBe(
      'itineraryDay',
    );
    expect((await del(`${API_PATHS.media.one(two._id)}?force=true`)).statusCode).toBe(200);
    expect(await dayImages(tour._id)).toEqual([null]);
  });

  it('leaves everything as it was when a forced delete fails half-way', async () => {
    const ids = await parents();
    const library = await createLibrary(['Only']);
    const [only] = library.images;
    if (!only) throw new Error('library');
    const tour = await createItinerary(ids, { imageLibraryId: library._id });
    const blog = await createBlog(ids, `<p><a href="${only.url}">look</a></p>`);
    const [before] = await db().select().from(placeBlogs).where(eq(placeBlogs.id, blog._id));
    // The blog's revision is written, then the library's audit entry is refused.
    await db().execute(sql`
      create function refuse_library_delete() returns trigger language plpgsql as $$
      begin
        if new.entity_type = 'image-library' and new.action = 'delete' then
          raise exception 'refused for the test';
        end if;
        return new;
      end $$`);
    await db().execute(sql`
      create trigger refuse_library_delete before insert on admin_activities for each row
      execute function refuse_library_delete()`);
    try {
      const res = await del(`${L.one(library._id)}?force=true`);
      expect(res.statusCode).toBe(500);
    } finally {
      await db().execute(sql`drop trigger refuse_library_delete on admin_activities`);
      await db().execute(sql`drop function refuse_library_delete()`);
    }
    expect(await imageExists(only._id)).toBe(true);
    const [tourRow] = await db().select().from(itineraries).where(eq(itineraries.id, tour._id));
    expect(tourRow?.imageLibraryId).toBe(library._id);
    const [after] = await db().select().from(placeBlogs).where(eq(placeBlogs.id, blog._id));
    expect(after?.content).toBe(before?.content);
    expect(after?.version).toBe(before?.version);
    expect((await revisionsOf('blog', blog._id)).map((r) => r.action)).toEqual(['create']);
    expect((await usageOf(API_PATHS.imageLibraryUsage(library._id))).count).toBe(2);
  });

  it('strips <img> elements, unwraps links and drops bare URLs of the stems only', () => {
    const stem = 'images/2025/06/0197-aaaa';
    expect(
      stripImageReferences(
        `<p>a<img src="/uploads/${stem}.jpg" alt="x">b <a href="/uploads/${stem}-768.webp" rel="noopener">c</a> /uploads/${stem}.jpg <img src="/uploads/images/2025/06/other.jpg"></p>`,
        [stem],
      ),
    ).toBe('<p>ab c  <img src="/uploads/images/2025/06/other.jpg"></p>');
  });
});
