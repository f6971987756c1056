import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import {
  API_PATHS,
  BLOG_MESSAGES,
  inUseMessage,
  type DependantGroup,
  type PermissionKey,
} from '@safarnama/contract';
import { openPage } from '../../test/app';
import { jsonResponse, okResponse, stubSignedIn, type RecordedCall } from '../../test/utils';
import { blogListAnswer, makeBlog } from './test-data';

const S = API_PATHS.service;
const munnar = makeBlog(1, { title: 'Monsoon in Munnar' });
const backwaters = makeBlog(2, { title: 'Backwaters by boat' });

const stubServer = (permissions: PermissionKey[], onDelete?: (call: RecordedCall) => Response) => {
  let deleted = false;
  return stubSignedIn({ permissions }, (call) => {
    if (call.url === S.listBlogs) {
      return okResponse(blogListAnswer(deleted ? [backwaters] : [munnar, backwaters]));
    }
    if (call.method === 'DELETE' && call.url === S.deleteBlog(munnar._id) && onDelete) {
      const answer = onDelete(call);
      deleted = answer.ok;
      return answer;
    }
    return undefined;
  });
};
const open = () => openPage('/services/addPlaceBlog', 'Places Travelpedia');
const rowOf = async (title: string) => {
  const row = (await screen.findByText(title)).closest('tr');
  if (!row) throw new Error(`no row for ${title}`);
  return within(row);
};

describe('deleting blogs (issue 20)', () => {
  it('shows Delete only with blogs.delete', async () => {
    stubServer(['blogs.view', 'blogs.create', 'blogs.update']);
    await open();
    expect(
      (await rowOf('Monsoon in Munnar')).queryByRole('button', {
        name: 'Delete Monsoon in Munnar',
      }),
    ).not.toBeInTheDocument();
  });

  it('confirms, deletes, toasts and the row leaves the reloaded list', async () => {
    const calls = stubServer(['blogs.view', 'blogs.delete'], () =>
      okResponse({ _id: munnar._id, id: munnar._id }, 200, BLOG_MESSAGES.deleted),
    );
    const { user } = await open();
    await user.click(
      (await rowOf('Monsoon in Munnar')).getByRole('button', { name: 'Delete Monsoon in Munnar' }),
    );
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Blog' });
    expect(within(confirm).getByText('Delete Monsoon in Munnar?')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(BLOG_MESSAGES.deleted)).toBeInTheDocument();
    await waitFor(() => {
      expect(screen.queryByText('Monsoon in Munnar')).not.toBeInTheDocument();
    });
    expect(calls.filter((call) => call.url === S.listBlogs).length).toBe(2);
  });

  it('a blog the homepage shows: the dialog names the homepage section', async () => {
    const dependants: DependantGroup[] = [
      { kind: 'homepage', count: 1, items: [{ _id: 'blogs', name: 'Travelpedia Blogs' }] },
    ];
    const message = inUseMessage('blog', dependants);
    stubServer(['blogs.view', 'blogs.delete'], () =>
      jsonResponse({
        status: 409,
        success: false,
        code: 'CONFLICT',
        message,
        data: { dependants },
      }),
    );
    const { user } = await open();
    await user.click(
      (await rowOf('Monsoon in Munnar')).getByRole('button', { name: 'Delete Monsoon in Munnar' }),
    );
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Monsoon in Munnar cannot be deleted',
    });
    expect(dialog).toHaveAccessibleDescription(message);
    const section = within(dialog).getByRole('region', { name: 'Homepage sections (1)' });
    expect(within(section).getByText('Travelpedia Blogs')).toBeInTheDocument();
    expect(screen.getByText('Monsoon in Munnar')).toBeInTheDocument();
  });
});
