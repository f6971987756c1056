import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UNSAVED_CHANGES_TEXTS as T } from '@safarnama/contract';
import { useUnsavedChanges } from '../../lib/useUnsavedChanges';
import { ConfirmDialog } from './ConfirmDialog';
import { FormActions } from './Form';
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

/** Content that says itself it holds changes (an image manager's pending files). */
const PendingFiles = ({ onClose }: { onClose: () => void }) => {
  const [files, setFiles] = useState(0);
  useUnsavedChanges(files > 0);
  return (
    <>
      <button type="button" onClick={() => setFiles((count) => count + 1)}>
        Add a file
      </button>
      <FormActions saving={false} onCancel={onClose} saveLabel="Upload" onSave={onClose} />
    </>
  );
};

const WithPendingFiles = () => {
  const [open, setOpen] = useState(true);
  return open ? (
    <Modal open onOpenChange={setOpen} title="Gallery">
      <PendingFiles onClose={() => setOpen(false)} />
    </Modal>
  ) : (
    <p>Closed</p>
  );
};

describe('a modal whose content holds unsaved changes', () => {
  it('asks before a click outside or Cancel closes it; Discard closes', async () => {
    const user = userEvent.setup();
    render(<WithPendingFiles />);
    await user.click(screen.getByRole('button', { name: 'Add a file' }));
    // Radix closes on a pointer-down outside the panel (the overlay).
    const overlay = document.querySelector('[data-state="open"].fixed.inset-0');
    if (!(overlay instanceof HTMLElement)) throw new Error('overlay expected');
    await user.pointer({ keys: '[MouseLeft]', target: overlay });
    const question = await screen.findByRole('alertdialog', { name: T.title });
    await user.click(within(question).getByRole('button', { name: T.keepEditing }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Gallery' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(await screen.findByRole('button', { name: T.discard }));
    expect(await screen.findByText('Closed')).toBeInTheDocument();
  });

  it('a save (not through Cancel or closing) closes without asking', async () => {
    const user = userEvent.setup();
    render(<WithPendingFiles />);
    await user.click(screen.getByRole('button', { name: 'Add a file' }));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Closed')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).toBeNull();
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
