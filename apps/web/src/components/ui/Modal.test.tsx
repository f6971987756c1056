import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmDialog } from './ConfirmDialog';
import { Modal } from './Modal';
import { sortAnnouncements } from './SortableArea';

const WithModal = () => {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Add Country
      </button>
      <Modal open={open} onOpenChange={setOpen} title="Add Country">
        <input aria-label="Name" />
      </Modal>
    </>
  );
};

const WithConfirm = () => {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Delete
      </button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Delete?"
        message="It goes for good."
        confirmLabel="Delete it"
        onConfirm={() => setOpen(false)}
      />
    </>
  );
};

describe('dialogs give focus back to what opened them', () => {
  it('a modal closed with Escape or its close button', async () => {
    const user = userEvent.setup();
    render(<WithModal />);
    const opener = screen.getByRole('button', { name: 'Add Country' });
    await user.click(opener);
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();

    await user.click(opener);
    await user.click(await screen.findByRole('button', { name: 'Close' }));
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('a confirm dialog', async () => {
    const user = userEvent.setup();
    render(<WithConfirm />);
    const opener = screen.getByRole('button', { name: 'Delete' });
    await user.click(opener);
    await user.click(await screen.findByRole('button', { name: 'Delete it' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });
});

describe('drag-and-drop announcements', () => {
  const ids = ['new:1', 'img-7f3a', 'new:2'];
  const rect = { current: { initial: null, translated: null } };
  const item = (id: string) => ({ id, data: { current: undefined }, rect });
  const box = { width: 10, height: 10, top: 0, left: 0, right: 10, bottom: 10 };
  const over = (id: string) => ({ id, data: { current: undefined }, rect: box, disabled: false });
  const say = sortAnnouncements(ids, (index) => `Day ${index + 1}`);

  it('names items and positions, never internal ids', () => {
    const texts = [
      say.onDragStart({ active: item('new:1') }),
      say.onDragOver({ active: item('new:1'), over: over('new:2') }),
      say.onDragEnd({ active: item('new:1'), over: over('new:2') }),
      say.onDragCancel({ active: item('new:1'), over: null }),
    ];
    expect(texts).toEqual([
      'Picked up Day 1, position 1 of 3.',
      'Day 1 is over position 3 of 3.',
      'Day 1 was dropped at position 3 of 3.',
      'Moving was cancelled. Day 1 stays at position 1 of 3.',
    ]);
    for (const text of texts) expect(text).not.toMatch(/new:|img-/);
  });

  it('says "Item <n>" when the list gives no names', () => {
    expect(sortAnnouncements(ids).onDragStart({ active: item('img-7f3a') })).toBe(
      'Picked up Item 2, position 2 of 3.',
    );
  });
});
