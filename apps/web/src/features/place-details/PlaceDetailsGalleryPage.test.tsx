import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { GALLERY_MESSAGES, type PermissionKey } from '@safarnama/contract';
import { openPage, type TestUser } from '../../test/app';
import {
  clickWhenEnabled,
  errorEnvelope,
  formEntries,
  okEnvelope,
  stubXhr,
  type RecordedCall,
  stubSignedIn,
  stubObjectUrls,
  okResponse,
  errorResponse,
} from '../../test/utils';
import { makeImage } from '../image-libraries/test-data';
import { makePlaceDetails } from './test-data';

const SERVICE = '/api/v1/admin/service';
const imageA = makeImage(1, { altText: 'Miramar beach', order: 0 });
const imageB = makeImage(2, { altText: 'Old church', order: 1 });
const record = makePlaceDetails({ gallery: [imageA, imageB] });

type Answer = Response | 'network-error' | undefined;

const ALL: PermissionKey[] = ['place-details.view', 'place-details.update', 'place-details.delete'];

const stubServer = (
  remove: (call: RecordedCall) => Answer = () => undefined,
  permissions: PermissionKey[] = ALL,
) =>
  stubSignedIn({ permissions }, (call) => {
    if (call.url === `${SERVICE}/get-Place-DetailsById`) {
      return okResponse({ data: record });
    }
    if (call.url === `${SERVICE}/remove-Place-Details-Gallery-Images`) {
      const answer = remove(call);
      if (answer === 'network-error') throw new TypeError('Failed to fetch');
      return answer;
    }
    return undefined;
  });

beforeEach(() => {
  stubObjectUrls();
});

const openGallery = async () =>
  (await openPage('/services/placeDetailsGallery/pd-1', 'Gallery - Panaji (March)')).user;

const removeFirst = async (user: TestUser) => {
  await user.click(screen.getByRole('button', { name: 'Remove image 1: Miramar beach' }));
  const confirm = await screen.findByRole('alertdialog');
  expect(within(confirm).getByText(GALLERY_MESSAGES.removeConfirm)).toBeInTheDocument();
  await clickWhenEnabled(user, within(confirm).getByRole('button', { name: 'Remove' }));
};

describe('Place details gallery', () => {
  it('shows each image with its alt text (read-only)', async () => {
    stubServer();
    await openGallery();
    const items = within(screen.getByRole('list', { name: 'Gallery images' })).getAllByRole(
      'listitem',
    );
    expect(items).toHaveLength(2);
    const [first, second] = items;
    if (!first || !second) throw new Error('two images expected');
    expect(within(first).getByText('Miramar beach')).toBeInTheDocument();
    expect(within(first).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(second).getByRole('img', { name: 'Old church' })).toBeInTheDocument();
  });

  it('offers removal only with place-details.delete and uploads only with update', async () => {
    stubServer(undefined, ['place-details.view', 'place-details.update']);
    await openGallery();
    expect(screen.getByRole('img', { name: 'Miramar beach' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove image/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload Images' })).toBeInTheDocument();
  });

  it('is read-only with place-details.view alone', async () => {
    stubServer(undefined, ['place-details.view']);
    await openGallery();
    expect(screen.getByRole('img', { name: 'Old church' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove image/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload Images' })).not.toBeInTheDocument();
  });

  it('asks before removing; Cancel sends nothing', async () => {
    const calls = stubServer();
    const user = await openGallery();
    await user.click(screen.getByRole('button', { name: 'Remove image 1: Miramar beach' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText('Are you sure you want to remove this image?')).toBeVisible();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
  });

  it('removes with a JSON body of image ids and says so', async () => {
    const calls = stubServer(() => okResponse({ data: { ...record, gallery: [imageB] } }));
    const user = await openGallery();
    await removeFirst(user);
    expect(await screen.findByText('Image removed successfully')).toBeInTheDocument();
    const call = calls.find((c) => c.method === 'DELETE');
    expect(call?.body).toEqual({ data: { id: 'pd-1', imageIds: [imageA._id] } });
  });

  it("'Failed to remove image' when the server refuses", async () => {
    stubServer(() => errorResponse(404, 'NOT_FOUND', 'Image not found'));
    const user = await openGallery();
    await removeFirst(user);
    expect(await screen.findByText('Failed to remove image')).toBeInTheDocument();
  });

  it("'An error occurred while removing image' when the server cannot be reached", async () => {
    stubServer(() => 'network-error');
    const user = await openGallery();
    await removeFirst(user);
    expect(await screen.findByText('An error occurred while removing image')).toBeInTheDocument();
  });

  it('uploads several files with an alt text each, then says so', async () => {
    stubServer();
    const xhrs = stubXhr(() => ({
      status: 200,
      body: okEnvelope({ data: record }),
    }));
    const user = await openGallery();
    expect(screen.getByRole('heading', { name: 'Add New Images' })).toBeInTheDocument();
    const upload = screen.getByRole('button', { name: 'Upload Images' });
    expect(upload).toBeDisabled();
    const files = [
      new File([new Uint8Array(500)], 'one.jpg', { type: 'image/jpeg' }),
      new File([new Uint8Array(500)], 'two.png', { type: 'image/png' }),
    ];
    await user.upload(screen.getByLabelText('Choose image files'), files);
    const first = await screen.findByLabelText('Alt text for one.jpg');
    expect(first).toHaveAttribute('maxLength', '100');
    expect(first).toHaveAccessibleDescription(GALLERY_MESSAGES.altTextHint);
    await user.type(first, 'Sunset at the fort');
    await user.click(upload);
    expect(await screen.findByText('Gallery updated successfully')).toBeInTheDocument();
    expect(xhrs).toHaveLength(1);
    expect(xhrs[0]?.method).toBe('PUT');
    expect(xhrs[0]?.url).toBe(`${SERVICE}/update-Place-Details-Gallery-Images`);
    expect(formEntries(xhrs[0]?.body)).toEqual([
      ['id', 'pd-1'],
      ['images', 'file:one.jpg'],
      ['altTexts[0]', 'Sunset at the fort'],
      ['images', 'file:two.png'],
      ['altTexts[1]', ''],
    ]);
    await waitFor(() => {
      expect(screen.queryByLabelText('Alt text for one.jpg')).not.toBeInTheDocument();
    });
  });

  it("'Failed to update gallery' / 'An error occurred while updating gallery'", async () => {
    stubServer();
    let answer: 'refuse' | 'offline' = 'refuse';
    stubXhr(() =>
      answer === 'refuse'
        ? {
            status: 415,
            body: errorEnvelope(415, 'UNSUPPORTED_MEDIA_TYPE', 'Unsupported file type'),
          }
        : 'network-error',
    );
    const user = await openGallery();
    await user.upload(screen.getByLabelText('Choose image files'), [
      new File([new Uint8Array(500)], 'one.jpg', { type: 'image/jpeg' }),
    ]);
    await user.click(screen.getByRole('button', { name: 'Upload Images' }));
    expect(await screen.findByText('Failed to update gallery')).toBeInTheDocument();
    answer = 'offline';
    await user.click(screen.getByRole('button', { name: 'Upload Images' }));
    expect(await screen.findByText('An error occurred while updating gallery')).toBeInTheDocument();
  });
});
