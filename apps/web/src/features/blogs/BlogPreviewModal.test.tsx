import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { BlogPreviewModal } from './BlogPreviewModal';
import { makeBlog, makeCover } from './test-data';

/** What the server answers after sanitising on write (its allow-list keeps these tags only). */
const SANITISED =
  '<h2>Getting there</h2><ul><li><p>Fly to Kochi</p></li><li><p>Drive up the ghats</p></li></ul>' +
  '<p>See <a href="https://example.com/munnar" target="_blank" rel="noopener noreferrer nofollow">the guide</a>.</p>' +
  '<blockquote><p>Mist everywhere</p></blockquote>';

describe('BlogPreviewModal', () => {
  it('renders the saved article: cover, title, meta, excerpt, headings, lists and links', () => {
    const blog = makeBlog(1, {
      title: 'Monsoon in Munnar',
      excerpt: 'Green hills in the rain',
      content: SANITISED,
      tags: ['kerala'],
      status: 'published',
      publishedAt: '2025-03-08T10:00:00.000Z',
      coverImage: makeCover(),
      metaTitle: 'Munnar in the monsoon',
      metaDescription: 'Tea estates and waterfalls',
    });
    render(<BlogPreviewModal blog={blog} onClose={vi.fn()} />);
    const article = within(screen.getByRole('article', { name: 'Monsoon in Munnar' }));
    expect(article.getByRole('heading', { level: 1, name: 'Monsoon in Munnar' })).toBeVisible();
    expect(article.getByRole('heading', { level: 2, name: 'Getting there' })).toBeVisible();
    const items = article.getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual(expect.arrayContaining(['Fly to Kochi', 'Drive up the ghats']));
    const link = article.getByRole('link', { name: 'the guide' });
    expect(link).toHaveAttribute('href', 'https://example.com/munnar');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(article.getByText('Green hills in the rain')).toBeVisible();
    expect(article.getByText('Published')).toBeVisible();
    expect(article.getByText('India', { exact: false })).toBeVisible();
    expect(article.getByText('Munnar in the monsoon')).toBeVisible();
    expect(article.getByText('Tea estates and waterfalls')).toBeVisible();
    // The cover is decorative (alt ''): the largest variant fitting the column.
    expect(screen.getByRole('article').querySelector('img')).toHaveAttribute(
      'src',
      '/uploads/blogs/cover-1600.webp',
    );
  });

  it('never carries a script element, even when the content text talks about one', () => {
    // A server answer: the sanitiser removed the script, escaped text stays text.
    const blog = makeBlog(2, {
      content: '<p>&lt;script&gt;alert(1)&lt;/script&gt; is shown as text</p>',
    });
    const { baseElement } = render(<BlogPreviewModal blog={blog} onClose={vi.fn()} />);
    expect(baseElement.querySelector('script')).toBeNull();
    expect(screen.getByText('<script>alert(1)</script> is shown as text')).toBeVisible();
  });
});
