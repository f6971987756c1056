import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import {
  API_PATHS,
  CLIENT_HEADER,
  CLIENT_HEADER_VALUE,
  DUPLICATE_TEXTS,
  FOCAL_POINT_TEXTS,
  MEDIA_TOOLS_MESSAGES,
  type ImageLibrary,
} from '@safarnama/contract';
import { apiLogin, shotBoth, signIn, useTempDir } from './fixtures.js';

/** A photo-like scene (sky, sun, ridge): detail a difference hash sees. */
const scene = (width: number, height: number) =>
  sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${String(width)}" height="${String(height)}" viewBox="0 0 160 100">
      <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="#87ceeb"/><stop offset="1" stop-color="#fff8e1"/>
      </linearGradient></defs>
      <rect width="160" height="100" fill="url(#sky)"/>
      <circle cx="120" cy="25" r="14" fill="#ffca28"/>
      <polygon points="0,80 40,45 80,70 120,35 160,75 160,100 0,100" fill="#2e7d32"/>
    </svg>`),
  );

test.describe('media tools (issue 24)', () => {
  const tmp = useTempDir('safarnama-e2e-media-');

  test('a focal point set by clicking, and a re-encoded copy flagged and removed', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const title = `Hampi boulders ${Date.now().toString(36)}`;
    const token = await apiLogin(request);
    const headers = { Authorization: `Bearer ${token}`, [CLIENT_HEADER]: CLIENT_HEADER_VALUE };
    const original = await scene(1600, 1000).jpeg({ quality: 90 }).toBuffer();
    const form = new FormData();
    form.set('title', title);
    form.append('images', new Blob([original], { type: 'image/jpeg' }), 'hampi.jpg');
    form.append('altTexts[0]', 'Boulders at sunrise');
    const created = await request.post(API_PATHS.imageLibraries.base, {
      headers,
      multipart: form,
    });
    expect(created.status(), await created.text()).toBe(201);
    const library = ((await created.json()) as { data: { data: ImageLibrary } }).data.data;

    await signIn(page);
    await page.goto('/services/image-library');
    const row = page.getByRole('row').filter({ hasText: title });
    await row.getByRole('button', { name: 'Manage Images' }).click();
    const manager = page.getByRole('dialog', { name: `Manage Images for "${title}"` });

    // Focal point: click the left third of the picture; the previews follow, Save cuts the crops.
    await manager.getByRole('button', { name: `${FOCAL_POINT_TEXTS.button} of image 1` }).click();
    const editor = page.getByRole('dialog', { name: FOCAL_POINT_TEXTS.title });
    const picture = editor.getByRole('button', {
      name: new RegExp(FOCAL_POINT_TEXTS.pictureLabel),
    });
    const box = await picture.boundingBox();
    if (!box) throw new Error('the picture has no box');
    await picture.click({ position: { x: box.width * 0.2, y: box.height * 0.3 } });
    await expect(editor.getByText(/Focal point 2\d% across, 3\d% down/)).toBeVisible();
    await shotBoth(page, 'media-focal-point');
    await editor.getByRole('button', { name: FOCAL_POINT_TEXTS.save }).click();
    await expect(page.getByText(MEDIA_TOOLS_MESSAGES.focalPointSaved)).toBeVisible();
    await expect(editor).toBeHidden();
    const one = await request.get(API_PATHS.imageLibraries.one(library._id), { headers });
    const saved = ((await one.json()) as { data: { data: ImageLibrary } }).data.data.images[0];
    expect(saved?.focalPoint?.x).toBeGreaterThan(0.15);
    expect(saved?.focalPoint?.x).toBeLessThan(0.25);
    expect(saved?.crops?.map((c) => c.kind)).toEqual(['square', 'card']);

    // A resized, re-encoded copy of the same photo: saved, then flagged with where the other is.
    // (The library's dropzone takes JPEG, PNG or GIF.)
    const copy = path.join(tmp(), 'hampi-copy.jpg');
    writeFileSync(copy, await sharp(original).resize(800).jpeg({ quality: 60 }).toBuffer());
    await manager.getByLabel('Choose image files').setInputFiles([copy]);
    await manager.getByRole('button', { name: 'Save Images' }).click();
    const notice = manager.getByRole('region', { name: DUPLICATE_TEXTS.title });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText(DUPLICATE_TEXTS.summary(1));
    await expect(notice.getByRole('link', { name: `Image library “${title}”` })).toBeVisible();
    await shotBoth(page, 'media-duplicates', { withoutToasts: true });
    await notice.getByRole('button', { name: DUPLICATE_TEXTS.remove }).click();
    await expect(page.getByText(DUPLICATE_TEXTS.removed)).toBeVisible();
    await expect(manager).toBeHidden();
    const after = await request.get(API_PATHS.imageLibraries.one(library._id), { headers });
    const images = ((await after.json()) as { data: { data: ImageLibrary } }).data.data.images;
    expect(images.map((image) => image._id)).toEqual([saved?._id]);
  });
});
