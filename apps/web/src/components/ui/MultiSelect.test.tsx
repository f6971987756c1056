import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Modal } from './Modal';
import { MultiSelect } from './MultiSelect';

const MONTHS = [
  { value: 'JAN', label: 'January' },
  { value: 'FEB', label: 'February' },
  { value: 'MAR', label: 'March' },
  { value: 'APR', label: 'April' },
  { value: 'MAY', label: 'May' },
  { value: 'JUN', label: 'June' },
  { value: 'NOV', label: 'November' },
];

const Harness = ({
  initial = [] as string[],
  maxChips,
  onBlur,
}: {
  initial?: string[];
  maxChips?: number;
  onBlur?: () => void;
}) => {
  const [value, setValue] = useState(initial);
  return (
    <>
      <label htmlFor="months">Months</label>
      <MultiSelect
        id="months"
        noun="months"
        options={MONTHS}
        value={value}
        onChange={setValue}
        onBlur={onBlur}
        maxChips={maxChips}
        aria-describedby="months-hint"
        required
      />
      <p id="months-hint">Hold Ctrl/Cmd to select multiple months</p>
      <output data-testid="value">{JSON.stringify(value)}</output>
      <button type="button">After</button>
    </>
  );
};

const chosen = () => JSON.parse(screen.getByTestId('value').textContent ?? '[]') as string[];
const combobox = () => screen.getByRole('combobox', { name: 'Months' });
const chipNames = () =>
  within(screen.getByRole('list', { name: 'Selected months' }))
    .getAllByRole('listitem')
    .map((chip) => chip.textContent?.replace('×', '').trim());

describe('MultiSelect', () => {
  it('is a combobox button with its summary, opening a multi-selectable listbox', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const button = combobox();
    expect(button).toHaveAttribute('aria-haspopup', 'listbox');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toBeRequired();
    expect(button).toHaveTextContent('Select months');
    // The summary and the field's hint both describe it.
    expect(button).toHaveAccessibleDescription(
      'Select months Hold Ctrl/Cmd to select multiple months',
    );
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const listbox = screen.getByRole('listbox', { name: 'Months' });
    expect(button).toHaveAttribute('aria-controls', listbox.id);
    expect(listbox).toHaveAttribute('aria-multiselectable', 'true');
    expect(within(listbox).getAllByRole('option')).toHaveLength(MONTHS.length);
    const search = screen.getByRole('textbox', { name: 'Search months' });
    expect(search).toHaveFocus();
    expect(search).toHaveAttribute('aria-controls', listbox.id);
    expect(search).toHaveAttribute(
      'aria-activedescendant',
      within(listbox).getByRole('option', { name: 'January' }).id,
    );
  });

  it('filters the options by what is typed, and says when nothing matches', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(combobox());
    const search = screen.getByRole('textbox', { name: 'Search months' });
    await user.type(search, 'ma');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'March',
      'May',
    ]);
    expect(screen.getByText('2 of 7 months shown')).toHaveAttribute('role', 'status');
    await user.clear(search);
    await user.type(search, 'xyz');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByText('No months match “xyz”.')).toBeInTheDocument();
  });

  it('toggles with the keyboard: arrows move, Enter and Space toggle, Enter clears the search', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    combobox().focus();
    await user.keyboard('{ArrowDown}');
    const search = screen.getByRole('textbox', { name: 'Search months' });
    expect(search).toHaveFocus();

    // Arrow to February, Space toggles it (nothing typed).
    await user.keyboard('{ArrowDown} ');
    expect(chosen()).toEqual(['FEB']);
    expect(screen.getByRole('option', { name: 'February' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    // Typing then Enter picks the first match and empties the search for the next one.
    await user.type(search, 'nov{Enter}');
    expect(search).toHaveValue('');
    await user.type(search, 'jan{Enter}');
    // Always in the options' order, whatever order they were picked in.
    expect(chosen()).toEqual(['JAN', 'FEB', 'NOV']);
    // Enter on a chosen one takes it away again; End goes to the last option.
    await user.keyboard('{End}{Enter}');
    expect(chosen()).toEqual(['JAN', 'FEB']);
    // Up from the first wraps to the last.
    await user.keyboard('{Home}{ArrowUp}');
    expect(search).toHaveAttribute(
      'aria-activedescendant',
      screen.getByRole('option', { name: 'November' }).id,
    );
    expect(combobox()).toHaveTextContent('2 selected');
  });

  it('toggles with a click, keeping the list open and focus in the search box', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(combobox());
    await user.click(screen.getByRole('option', { name: 'April' }));
    await user.click(screen.getByRole('option', { name: 'March' }));
    expect(chosen()).toEqual(['MAR', 'APR']);
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Search months' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(combobox()).toHaveFocus();
  });

  it('shows the choice as chips, each removable with its own button', async () => {
    const user = userEvent.setup();
    render(<Harness initial={['MAR', 'NOV', 'JAN']} />);
    expect(chipNames()).toEqual(['March', 'November', 'January']);
    expect(combobox()).toHaveTextContent('3 selected');
    await user.click(screen.getByRole('button', { name: 'Remove November' }));
    expect(chosen()).toEqual(['JAN', 'MAR']);
    expect(chipNames()).toEqual(['January', 'March']);
    // Focus stays in the field: on the chip that moved into its place.
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Remove March' })).toHaveFocus();
    });
    await user.click(screen.getByRole('button', { name: 'Remove March' }));
    await user.click(screen.getByRole('button', { name: 'Remove January' }));
    expect(chosen()).toEqual([]);
    expect(screen.queryByRole('list', { name: 'Selected months' })).not.toBeInTheDocument();
    await waitFor(() => {
      expect(combobox()).toHaveFocus();
    });
  });

  it('leaves focus where the admin went if they moved on before the chip focus came', async () => {
    // The focus move after a removal waits for the next frame; a click on another field in
    // between (fast hands, a busy machine) keeps that field focused and typed into.
    const user = userEvent.setup();
    const frames: FrameRequestCallback[] = [];
    const raf = vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      frames.push(callback);
      return frames.length;
    });
    try {
      render(
        <>
          <Harness initial={['MAR', 'NOV']} />
          <label>
            Title
            <input />
          </label>
        </>,
      );
      await user.click(screen.getByRole('button', { name: 'Remove November' }));
      const title = screen.getByRole('textbox', { name: 'Title' });
      await user.click(title);
      for (const frame of frames.splice(0)) frame(performance.now());
      expect(title).toHaveFocus();
      await user.keyboard('Goa Beach Escape');
      expect(title).toHaveValue('Goa Beach Escape');
      expect(chosen()).toEqual(['MAR']);

      // Still in the field when the frame comes (the removed chip left it on the page): the
      // last chip gone, the button takes it.
      await user.click(screen.getByRole('button', { name: 'Remove March' }));
      for (const frame of frames.splice(0)) frame(performance.now());
      expect(combobox()).toHaveFocus();
    } finally {
      raf.mockRestore();
    }
  });

  it("folds chips past maxChips into '+n more' next to the 'n selected' summary", async () => {
    const user = userEvent.setup();
    render(<Harness initial={['JAN', 'FEB', 'MAR', 'APR', 'MAY']} maxChips={2} />);
    expect(combobox()).toHaveTextContent('5 selected');
    expect(chipNames()).toEqual(['January', 'February']);
    const more = screen.getByRole('button', { name: '+3 more' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    expect(chipNames()).toEqual(['January', 'February', 'March', 'April', 'May']);
    await user.click(screen.getByRole('button', { name: 'Show fewer' }));
    expect(chipNames()).toHaveLength(2);
  });

  it('Escape closes the list and returns focus, without closing the dialog around it', async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    render(
      <Modal open onOpenChange={onOpenChange} title="Itinerary">
        <Harness />
      </Modal>,
    );
    await user.click(combobox());
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(combobox()).toHaveFocus();
    expect(combobox()).toHaveAttribute('aria-expanded', 'false');
    expect(onOpenChange).not.toHaveBeenCalled();
    // A second Escape is the dialog's again.
    await user.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('closes when focus leaves it or on a press elsewhere, and reports the blur', async () => {
    const user = userEvent.setup();
    const onBlur = vi.fn();
    render(<Harness onBlur={onBlur} />);
    await user.click(combobox());
    await user.click(screen.getByRole('option', { name: 'May' }));
    expect(onBlur).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'After' }));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(onBlur).toHaveBeenCalledTimes(1);
    expect(chosen()).toEqual(['MAY']);
  });
});
