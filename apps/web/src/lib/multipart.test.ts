import { describe, expect, it } from 'vitest';
import { formEntries } from '../test/utils';
import { toFormData } from './multipart';

const file = (name: string) => new File(['x'.repeat(200)], name, { type: 'image/png' });

describe('toFormData', () => {
  it('keeps the order, leaves out absent values, and writes numbers and booleans as text', () => {
    expect(
      formEntries(
        toFormData({
          id: undefined,
          title: 'Goa',
          cleared: null,
          size: 4,
          isActive: false,
          empty: '',
        }),
      ),
    ).toEqual([
      ['title', 'Goa'],
      ['size', '4'],
      ['isActive', 'false'],
      ['empty', ''],
    ]);
  });

  it('indexes a list of texts, repeats a list of files, and sends other objects as JSON', () => {
    expect(
      formEntries(
        toFormData({
          tags: ['kerala', 'tea'],
          none: [],
          temperature: { min: 2, max: 9 },
          images: [file('a.png'), file('b.png')],
          cover: file('c.png'),
        }),
      ),
    ).toEqual([
      ['tags[0]', 'kerala'],
      ['tags[1]', 'tea'],
      ['temperature', '{"min":2,"max":9}'],
      ['images', 'file:a.png'],
      ['images', 'file:b.png'],
      ['cover', 'file:c.png'],
    ]);
  });

  it('takes name-value pairs where a name repeats between others', () => {
    expect(
      formEntries(
        toFormData([
          ['images', file('a.png')],
          ['altTexts[0]', 'Beach'],
          ['images', file('b.png')],
          ['altTexts[1]', ''],
        ]),
      ),
    ).toEqual([
      ['images', 'file:a.png'],
      ['altTexts[0]', 'Beach'],
      ['images', 'file:b.png'],
      ['altTexts[1]', ''],
    ]);
  });
});
