import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  PLACE_DETAILS_MESSAGES as M,
  dependantsErrorSchema,
  placeDetailsSchema,
} from '@safarnama/contract';
import { adminActivities, images, placeDetails } from '../../db/schema/index.js';
import { errorOf, expectFiles, imagePart, record, sendForm, textParts } from '../../test/api.js';
import { makeGeography } from '../../test/factories.js';
import { body, createTestApp, type TestApp } from '../../test/harness.js';
import { signedInWith } from '../../test/manage.js';
import { makeJpeg } from '../../test/images.js';

const S = API_PATHS.service;

describe('deleting place details (issue 20)', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  let jpeg: Buffer;

  beforeAll(async () => {
    t = await createTestApp();
    auth = (await signedInWith(t.database.db, t.hasher, 'super')).headers;
    jpeg = await makeJpeg(400, 300);
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  const del = (id: string, headers = auth) =>
    t.app.inject({ method: 'DELETE', url: S.deletePlaceDetails(id), headers });
  /** A record with a cover and two gallery images, added through the API. */
  const withImages = async () => {
    const { country, state, place } = await makeGeography(db());
    const parents = { countryId: country.id, stateId: state.id, placeId: place.id };
    const added = placeDetailsSchema.parse(
      record(
        await sendForm(
          t.app,
          'POST',
          S.addPlaceDetails,
          [...textParts({ ...parents, month: 'OCT' }), imagePart('coverPhoto', jpeg)],
          auth,
        ),
        201,
      ),
    );
    const withGallery = placeDetailsSchema.parse(
      record(
        await sendForm(
          t.app,
          'PUT',
          S.addPlaceDetailsGallery,
          [
            ...textParts({ id: added._id }),
            imagePart('images', jpeg, 'a.jpg'),
            imagePart('images', jpeg, 'b.jpg'),
          ],
          auth,
        ),
      ),
    );
    return { ...parents, details: withGallery };
  };

  it('deletes the record with its cover and gallery: rows and files gone, audit entry', async () => {
    const { details, placeId } = await withImages();
    expect(details.gallery).toHaveLength(2);
    for (const image of [details.coverPhoto, ...details.gallery]) {
      expectFiles(t.uploadsDir, image, true);
    }

    const res = await del(details._id);
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res)).toEqual({
      status: 200,
      success: true,
      message: M.deleted,
      data: { _id: details._id, id: details._id },
    });
    expect(await db().select().from(placeDetails).where(eq(placeDetails.id, details._id))).toEqual(
      [],
    );
    expect(await db().select().from(images).where(eq(images.ownerId, details._id))).toEqual([]);
    for (const image of [details.coverPhoto, ...details.gallery]) {
      expectFiles(t.uploadsDir, image, false);
    }
    const entries = await db()
      .select()
      .from(adminActivities)
      .where(and(eq(adminActivities.entityId, details._id), eq(adminActivities.action, 'delete')));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ entityType: 'place-details' });

    // Its place no longer has a dependant: it can go too.
    expect(
      (await t.app.inject({ method: 'DELETE', url: S.deletePlace(placeId), headers: auth }))
        .statusCode,
    ).toBe(200);
  });

  it('a place with details is refused, listing them as place details records', async () => {
    const { details, placeId } = await withImages();
    const res = await t.app.inject({
      method: 'DELETE',
      url: S.deletePlace(placeId),
      headers: auth,
    });
    expect(res.statusCode).toBe(409);
    const refusal = dependantsErrorSchema.parse(body(res));
    expect(refusal.data?.dependants).toEqual([
      {
        kind: 'placeDetails',
        count: 1,
        items: [{ _id: details._id, name: `${details.place.name} (October)` }],
      },
    ]);
  });

  it('answers 404 for unknown or malformed ids and 403 without place-details.delete', async () => {
    expect(errorOf(await del('0190a0a0-0000-7000-8000-00000000dead'), 404).message).toBe(
      M.notFound,
    );
    expect(errorOf(await del('nope'), 404).message).toBe(M.notFound);

    const { details } = await withImages();
    const editor = await signedInWith(db(), t.hasher, [
      'place-details.view',
      'place-details.create',
      'place-details.update',
    ]);
    expect(errorOf(await del(details._id, editor.headers), 403).code).toBe('FORBIDDEN');
    expect(
      await db().select().from(placeDetails).where(eq(placeDetails.id, details._id)),
    ).toHaveLength(1);
    for (const image of [details.coverPhoto, ...details.gallery]) {
      expectFiles(t.uploadsDir, image, true);
    }
    const deleter = await signedInWith(db(), t.hasher, ['place-details.delete']);
    expect((await del(details._id, deleter.headers)).statusCode).toBe(200);
  });
});
