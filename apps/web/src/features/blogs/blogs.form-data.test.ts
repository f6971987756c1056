import { describe, expect, it } from 'vitest';
import { formEntries } from '../../test/utils';
import { buildBlogFormData, type BlogFormValues } from './blogs.form-data';
import { IDS } from './test-data';

const values: BlogFormValues = {
  title: '  Monsoon in Munnar ',
  slug: 'monsoon-in-munnar',
  countryId: IDS.country,
  stateId: IDS.state,
  placeId: IDS.place,
  excerpt: ' Green hills ',
  content: '<h2>Tea</h2><ul><li><p>Walk</p></li></ul>',
  tags: ['kerala', 'tea gardens'],
  metaTitle: ' Munnar in the rain ',
  metaDescription: 'Why go',
  status: 'published',
};

describe('buildBlogFormData', () => {
  it('sends trimmed fields, tags as tags[i] and the cover image only when it is a file', () => {
    const cover = new File(['x'.repeat(200)], 'cover.jpg', { type: 'image/jpeg' });
    expect(formEntries(buildBlogFormData(values, cover))).toEqual([
      ['title', 'Monsoon in Munnar'],
      ['slug', 'monsoon-in-munnar'],
      ['countryId', IDS.country],
      ['stateId', IDS.state],
      ['placeId', IDS.place],
      ['excerpt', 'Green hills'],
      ['content', '<h2>Tea</h2><ul><li><p>Walk</p></li></ul>'],
      ['tags[0]', 'kerala'],
      ['tags[1]', 'tea gardens'],
      ['metaTitle', 'Munnar in the rain'],
      ['metaDescription', 'Why go'],
      ['status', 'published'],
      ['coverImage', 'file:cover.jpg'],
    ]);
  });

  it('leaves out an empty slug (the server makes one), the cover without a file and no tags', () => {
    const names = formEntries(buildBlogFormData({ ...values, slug: '  ', tags: [] }, null)).map(
      ([name]) => name,
    );
    expect(names).not.toContain('slug');
    expect(names).not.toContain('coverImage');
    expect(names.some((name) => name.startsWith('tags'))).toBe(false);
  });

  it('puts the id first on update', () => {
    const entries = formEntries(buildBlogFormData(values, null, 'blog-id-1'));
    expect(entries[0]).toEqual(['id', 'blog-id-1']);
    expect(entries.map(([name]) => name)).not.toContain('tags');
  });

  it('sends the schedule times given (a time, or empty to clear) before the cover; absent ones not', () => {
    const entries = formEntries(
      buildBlogFormData(
        { ...values, publishAt: '2030-06-01T00:00:00+05:30', unpublishAt: '' },
        new File(['x'.repeat(200)], 'cover.jpg', { type: 'image/jpeg' }),
        'blog-id-1',
      ),
    );
    expect(entries.slice(-3)).toEqual([
      ['publishAt', '2030-06-01T00:00:00+05:30'],
      ['unpublishAt', ''],
      ['coverImage', 'file:cover.jpg'],
    ]);
    const names = formEntries(buildBlogFormData(values, null)).map(([name]) => name);
    expect(names).not.toContain('publishAt');
    expect(names).not.toContain('unpublishAt');
  });

  it('clears the tags on update with an empty plain tags field when all were removed', () => {
    const entries = formEntries(buildBlogFormData({ ...values, tags: [] }, null, 'blog-id-1'));
    expect(entries).toContainEqual(['tags', '']);
    expect(entries.some(([name]) => name.startsWith('tags['))).toBe(false);
  });
});
