import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TagsInput } from './TagsInput';

const Harness = ({ initial = [] as string[] }) => {
  const [tags, setTags] = useState(initial);
  return (
    <>
      <TagsInput label="Tags" value={tags} onChange={setTags} maxTags={3} maxLength={10} />
      <output data-testid="tags">{JSON.stringify(tags)}</output>
    </>
  );
};

const tags = () => JSON.parse(screen.getByTestId('tags').textContent ?? '[]') as string[];

describe('TagsInput', () => {
  it('adds tags with Enter and comma, trims them, ignores duplicates and removes with ×', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByLabelText('Tags');
    await user.type(input, '  kerala {Enter}tea,Kerala,');
    expect(tags()).toEqual(['kerala', 'tea']);
    expect(input).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Remove tag kerala' }));
    expect(tags()).toEqual(['tea']);
    await user.type(input, '{Backspace}');
    expect(tags()).toEqual([]);
    expect(
      within(screen.getByRole('list', { name: 'Tags added' })).queryAllByRole('listitem'),
    ).toHaveLength(0);
  });

  it('refuses a tag longer than the limit and stops at the most tags', async () => {
    const user = userEvent.setup();
    render(<Harness initial={['a', 'b']} />);
    const input = screen.getByLabelText('Tags');
    await user.type(input, 'abcdefghijk{Enter}');
    expect(screen.getByText('A tag may have at most 10 characters')).toBeVisible();
    expect(tags()).toEqual(['a', 'b']);
    await user.clear(input);
    await user.type(input, 'c{Enter}');
    expect(tags()).toEqual(['a', 'b', 'c']);
    expect(input).toBeDisabled();
    expect(input).toHaveAttribute('placeholder', '3 tags (the most)');
  });
});
