import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { API_PATHS, SCHEDULE_TEXTS, type Blog } from '@safarnama/contract';
import { stubLayoutForEditor } from '../../test/layout';
import { openPage } from '../../test/app';
import {
  errorResponse,
  formEntries,
  okResponse,
  stubSignedIn,
  type RecordedCall,
} from '../../test/utils';
import {
  IDS,
  activeCountries,
  activePlaces,
  activeStates,
  blogListAnswer,
  makeBlog,
} from './test-data';

const draft = makeBlog(1, { title: 'Backwaters by boat' });
const scheduled = makeBlog(2, {
  title: 'Monsoon in Munnar',
  publishAt: '2030-05-31T18:30:00.000Z',
  unpublishAt: '2030-07-01T06:30:00.000Z',
});

const stubServer = (save: (call: RecordedCall) => Response = () => okResponse({ data: draft })) =>
  stubSignedIn({ permissions: ['blogs.view', 'blogs.update'] }, (call) => {
    switch (call.url) {
      case API_PATHS.service.listBlogs:
        return okResponse(blogListAnswer([draft, scheduled]));
      case API_PATHS.service.activeCountries:
        return okResponse(activeCountries);
      case API_PATHS.service.activeStates:
        return okResponse(activeStates);
      case API_PATHS.service.activePlaces:
        return okResponse(activePlaces);
      case API_PATHS.service.updateBlog:
        return save(call);
    }
    return undefined;
  });

const rowOf = async (title: string) =>
  within((await screen.findByText(title)).closest('tr') as HTMLElement);

const openEdit = async (blog: Blog) => {
  const { user } = await openPage('/services/addPlaceBlog', 'Places Travelpedia');
  await user.click(await screen.findByRole('button', { name: `Edit ${blog.title}` }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Edit Blog' }));
  await waitFor(() => {
    expect(dialog.getByLabelText('Place *')).toHaveValue(IDS.place);
  });
  return { user, dialog, schedule: within(dialog.getByRole('group', { name: 'Schedule' })) };
};

const sentFields = (calls: RecordedCall[]) =>
  Object.fromEntries(
    formEntries(calls.find((call) => call.url === API_PATHS.service.updateBlog)?.body),
  );

beforeAll(stubLayoutForEditor);

describe('blogs: scheduled publishing (issue 21)', { timeout: 30_000 }, () => {
  it("lists a 'Scheduled' badge beside the status with both times, nothing on the others", async () => {
    stubServer();
    await openPage('/services/addPlaceBlog', 'Places Travelpedia');
    const row = await rowOf('Monsoon in Munnar');
    const badge = row.getByTitle(
      'Scheduled: Publishes Jun 1, 2030, 12:00 AM IST; Unpublishes Jul 1, 2030, 12:00 PM IST',
    );
    expect(badge).toHaveTextContent(
      'Scheduled · Publishes Jun 1, 2030, 12:00 AM IST' + 'Unpublishes Jul 1, 2030, 12:00 PM IST',
    );
    expect(row.getByText('Draft')).toBeVisible();
    expect((await rowOf('Backwaters by boat')).queryByText(/Scheduled/)).toBeNull();
  });

  it("a publish time entered in IST: the button says 'Schedule', the time travels at +05:30", async () => {
    const calls = stubServer();
    const { user, dialog, schedule } = await openEdit(draft);
    expect(dialog.getByRole('button', { name: 'Publish' })).toBeInTheDocument();
    fireEvent.change(schedule.getByLabelText('Publish date (IST)'), {
      target: { value: '2030-06-01' },
    });
    fireEvent.change(schedule.getByLabelText('Publish time (IST)'), {
      target: { value: '08:00' },
    });
    expect(schedule.getByRole('note')).toHaveTextContent(
      'Saving keeps the blog a draft until Jun 1, 2030, 8:00:00 AM IST; then it is published by itself.',
    );
    await user.click(dialog.getByRole('button', { name: 'Schedule' }));
    expect(await screen.findByText('Blog updated successfully')).toBeInTheDocument();
    const fields = sentFields(calls);
    expect(fields.publishAt).toBe('2030-06-01T08:00:00+05:30');
    expect(fields).not.toHaveProperty('unpublishAt');
  });

  it("clearing a stored time sends it empty; the past is refused with the contract's text", async () => {
    const calls = stubServer(() => okResponse({ data: scheduled }));
    const { user, dialog, schedule } = await openEdit(scheduled);
    expect(schedule.getByLabelText('Publish date (IST)')).toHaveValue('2030-06-01');
    expect(schedule.getByLabelText('Unpublish time (IST)')).toHaveValue('12:00:00');

    fireEvent.change(schedule.getByLabelText('Unpublish date (IST)'), {
      target: { value: '2020-01-01' },
    });
    await user.click(dialog.getByRole('button', { name: 'Save Draft' }));
    expect(await schedule.findByText(SCHEDULE_TEXTS.unpublishInPast)).toBeInTheDocument();
    expect(calls.some((call) => call.url === API_PATHS.service.updateBlog)).toBe(false);

    await user.click(schedule.getByRole('button', { name: 'Clear unpublish time' }));
    await user.click(schedule.getByRole('button', { name: 'Clear publish time' }));
    expect(dialog.getByRole('button', { name: 'Publish' })).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Save Draft' }));
    expect(await screen.findByText('Blog updated successfully')).toBeInTheDocument();
    const fields = sentFields(calls);
    expect(fields.publishAt).toBe('');
    expect(fields.unpublishAt).toBe('');
  });

  it("the server's 400 on publishAt lands under the publish time", async () => {
    stubServer(() =>
      errorResponse(400, 'VALIDATION_ERROR', 'Some fields are invalid', [
        { path: 'publishAt', message: SCHEDULE_TEXTS.publishInPast },
      ]),
    );
    const { user, dialog, schedule } = await openEdit(draft);
    fireEvent.change(schedule.getByLabelText('Publish date (IST)'), {
      target: { value: '2030-06-01' },
    });
    fireEvent.change(schedule.getByLabelText('Publish time (IST)'), {
      target: { value: '08:00' },
    });
    await user.click(dialog.getByRole('button', { name: 'Schedule' }));
    expect(await schedule.findByText(SCHEDULE_TEXTS.publishInPast)).toBeInTheDocument();
    expect(schedule.getByLabelText('Publish time (IST)')).toHaveAttribute('aria-invalid', 'true');
  });
});
