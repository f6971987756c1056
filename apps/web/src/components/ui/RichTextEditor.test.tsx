import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RichTextEditor } from './RichTextEditor';
import { LazyRichTextEditor } from './LazyRichTextEditor';
import { stubLayoutForEditor } from '../../test/layout';

beforeAll(stubLayoutForEditor);

const Harness = ({ initial, onChange }: { initial: string; onChange: (html: string) => void }) => {
  const [value, setValue] = useState(initial);
  return (
    <RichTextEditor
      label="Content"
      value={value}
      onChange={(html) => {
        setValue(html);
        onChange(html);
      }}
    />
  );
};

const setup = (initial = '<p>Hello world</p>') => {
  const onChange = vi.fn<(html: string) => void>();
  render(<Harness initial={initial} onChange={onChange} />);
  return { onChange, user: userEvent.setup() };
};

describe('RichTextEditor', () => {
  it('labels the editable area and the toolbar buttons', () => {
    setup();
    const box = screen.getByRole('textbox', { name: 'Content' });
    expect(box).toHaveAttribute('aria-multiline', 'true');
    expect(box).toHaveAttribute('contenteditable', 'true');
    for (const name of [
      'Bold',
      'Italic',
      'H2',
      'H3',
      'Bullet list',
      'Numbered list',
      'Quote',
      'Link',
      'Remove link',
      'Undo',
      'Redo',
    ]) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
    expect(box.closest('[data-testid="rich-text-editor"]')).toHaveStyle({ height: '400px' });
  });

  it('turns the current paragraph into a heading, a list and a quote, and undoes', async () => {
    const { onChange, user } = setup();
    await user.click(screen.getByRole('button', { name: 'H2' }));
    expect(onChange).toHaveBeenLastCalledWith('<h2>Hello world</h2>');
    expect(screen.getByRole('button', { name: 'H2' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'H2' }));
    expect(onChange).toHaveBeenLastCalledWith('<p>Hello world</p>');

    await user.click(screen.getByRole('button', { name: 'Bullet list' }));
    expect(onChange).toHaveBeenLastCalledWith('<ul><li><p>Hello world</p></li></ul>');
    expect(screen.getByRole('button', { name: 'Bullet list' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await user.click(screen.getByRole('button', { name: 'Bullet list' }));
    await user.click(screen.getByRole('button', { name: 'Quote' }));
    expect(onChange).toHaveBeenLastCalledWith('<blockquote><p>Hello world</p></blockquote>');

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(onChange).toHaveBeenLastCalledWith('<p>Hello world</p>');
    await user.click(screen.getByRole('button', { name: 'Redo' }));
    expect(onChange).toHaveBeenLastCalledWith('<blockquote><p>Hello world</p></blockquote>');
  });

  it('toggles bold at the cursor', async () => {
    const { user } = setup('<p>Hello</p>');
    await user.click(screen.getByRole('button', { name: 'Bold' }));
    expect(screen.getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Bold' }));
    expect(screen.getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('accepts only http, https and mailto links', async () => {
    const { onChange, user } = setup('<p></p>');
    await user.click(screen.getByRole('button', { name: 'Link' }));
    const input = screen.getByRole('textbox', { name: 'Link URL' });
    await user.clear(input);
    await user.type(input, 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Apply link' }));
    expect(
      screen.getByText('Enter a link starting with http://, https:// or mailto:'),
    ).toBeVisible();

    await user.clear(input);
    await user.type(input, 'https://example.com/guide{Enter}');
    expect(screen.queryByRole('textbox', { name: 'Link URL' })).not.toBeInTheDocument();
    expect(onChange).toHaveBeenLastCalledWith(
      expect.stringMatching(
        /^<p><a target="_blank" rel="noopener noreferrer nofollow" href="https:\/\/example\.com\/guide">https:\/\/example\.com\/guide<\/a><\/p>$/,
      ),
    );
  });

  it('drops the empty paragraph kept after a heading, and undoes to the start', async () => {
    const { onChange, user } = setup('<p>Hi</p>');
    await user.click(screen.getByRole('button', { name: 'H3' }));
    expect(onChange).toHaveBeenLastCalledWith('<h3>Hi</h3>');
    const undo = screen.getByRole('button', { name: 'Undo' });
    await user.click(undo);
    await waitFor(() => {
      expect(undo).toBeDisabled();
    });
  });
});

describe('LazyRichTextEditor', () => {
  it('shows a skeleton of the same height, then the editor', async () => {
    render(<LazyRichTextEditor label="Description" value="" onChange={vi.fn()} height={300} />);
    expect(await screen.findByRole('textbox', { name: 'Description' })).toBeInTheDocument();
  });
});
