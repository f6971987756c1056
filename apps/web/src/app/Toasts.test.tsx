import { useState } from 'react';
import type * as Toastify from 'react-toastify';
import type { ToastContainerProps } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Modal } from '../components/ui/Modal';
import { showToast } from '../lib/toast';
import { renderWithStore } from '../test/utils';
import { useTheme } from './theme';
import { TOAST_OFFSET_VAR } from './ToastStack';

/** The props the app gives react-toastify's container (the real container still renders). */
const containerProps = vi.hoisted(() => {
  let last: ToastContainerProps | null = null;
  return {
    record: (props: ToastContainerProps) => {
      last = props;
    },
    last: () => last,
    reset: () => {
      last = null;
    },
  };
});
vi.mock('react-toastify', async (importOriginal) => {
  const actual = await importOriginal<typeof Toastify>();
  const ToastContainer = (props: ToastContainerProps) => {
    containerProps.record(props);
    return <actual.ToastContainer {...props} />;
  };
  return { ...actual, ToastContainer };
});

const ThemeButtons = () => {
  const { setTheme } = useTheme();
  return (
    <>
      <button type="button" onClick={() => setTheme('light')}>
        Light theme
      </button>
      <button type="button" onClick={() => setTheme('dark')}>
        Dark theme
      </button>
    </>
  );
};

/** The toast (its outer element) that shows `text`. */
const toastOf = async (text: string) => {
  const body = await screen.findByText(text);
  const toast = body.closest<HTMLElement>('.Toastify__toast');
  if (!toast) throw new Error(`no toast around '${text}'`);
  return toast;
};

afterEach(() => {
  containerProps.reset();
  document.documentElement.style.removeProperty(TOAST_OFFSET_VAR);
});

describe('the toast container', () => {
  it('keeps spec §2/§9: top-right, 5000 ms, draggable by 80 %; at most three at once', async () => {
    renderWithStore(null);
    await waitFor(() => {
      expect(containerProps.last()).not.toBeNull();
    });
    expect(containerProps.last()).toMatchObject({
      position: 'top-right',
      autoClose: 5000,
      draggable: true,
      draggablePercent: 80,
      limit: 3,
      role: 'status',
    });
  });

  it('announces errors assertively and the rest politely', async () => {
    renderWithStore(null);
    showToast('success', 'Itinerary created successfully');
    showToast('error', 'Failed to save itinerary');
    expect(await toastOf('Itinerary created successfully')).toHaveAttribute('role', 'status');
    expect(await toastOf('Failed to save itinerary')).toHaveAttribute('role', 'alert');
    // Inside the container's polite live region.
    expect(
      (await toastOf('Itinerary created successfully')).closest('[aria-live="polite"]'),
    ).not.toBeNull();
  });
});

describe('toasts follow the theme', () => {
  it('a toast on screen is restyled when the theme changes', async () => {
    const user = userEvent.setup();
    renderWithStore(<ThemeButtons />);
    await user.click(screen.getByRole('button', { name: 'Light theme' }));
    showToast('info', 'Saved in light');
    const toast = await toastOf('Saved in light');

    await user.click(screen.getByRole('button', { name: 'Dark theme' }));
    expect(document.documentElement).toHaveClass('dark');
    // No theme frozen into the toast: its class is the app's, whose colours the `dark` class
    // switches (react-toastify's own 'light' / 'dark' classes were fixed when it was made).
    expect(toast).toHaveClass('Toastify__toast-theme--app');
    expect(toast.className).not.toMatch(/Toastify__toast-theme--(light|dark)\b/);
    const close = within(toast).getByRole('button', { name: 'close' });
    expect(close).toHaveClass('Toastify__close-button--app');
  });
});

const WithModal = () => {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Add New Itinerary
      </button>
      <Modal open={open} onOpenChange={setOpen} title="Create New Itinerary" size="max-w-4xl">
        <button type="button" onClick={() => showToast('error', 'Failed to save itinerary')}>
          Save Itinerary
        </button>
      </Modal>
    </>
  );
};

/** The page with its toast region loaded (it loads after the first paint), then the modal open. */
const openModal = async () => {
  const user = userEvent.setup();
  renderWithStore(<WithModal />);
  await waitFor(() => {
    expect(document.querySelector('section.Toastify')).not.toBeNull();
  });
  await user.click(screen.getByRole('button', { name: 'Add New Itinerary' }));
  const dialog = await screen.findByRole('dialog', { name: 'Create New Itinerary' });
  return { user, dialog };
};

describe('toasts and an open dialog', () => {
  it('a toast can be closed while a modal is open, and the modal stays open', async () => {
    const { user, dialog } = await openModal();
    await user.click(within(dialog).getByRole('button', { name: 'Save Itinerary' }));
    const toast = await toastOf('Failed to save itinerary');
    // Still heard: the dialog hides the rest of the page from assistive technology, not them.
    expect(toast.closest('[aria-hidden="true"]')).toBeNull();
    // The dialog makes the page `pointer-events: none`; the toast is still clickable, and a
    // click (or the start of a drag) on it is not one "outside" the dialog.
    expect(document.body.style.pointerEvents).toBe('none');
    await user.click(toast);
    expect(screen.getByRole('dialog', { name: 'Create New Itinerary' })).toBeInTheDocument();
    await user.click(within(toast).getByRole('button', { name: 'close' }));
    expect(toast).toHaveAttribute('data-in', 'false');
    expect(screen.getByRole('dialog', { name: 'Create New Itinerary' })).toBeInTheDocument();
  });

  it('publishes the toast stack bottom, and the dialog panel sits below it', async () => {
    // jsdom has no layout: the toast container says it ends 180 px down the screen.
    const realRect = HTMLElement.prototype.getBoundingClientRect;
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: HTMLElement,
    ) {
      if (this.classList.contains('Toastify__toast-container')) {
        return { top: 16, bottom: 180, left: 944, right: 1264, width: 320, height: 164 } as DOMRect;
      }
      return realRect.call(this);
    });
    const style = document.documentElement.style;
    const { user, dialog } = await openModal();
    expect(style.getPropertyValue(TOAST_OFFSET_VAR)).toBe('');
    // The panel's top and height leave the toasts' band free.
    expect(dialog.className).toContain('top-[calc(50%+var(--toast-offset,0px)/2)]');
    expect(dialog.className).toContain('max-h-[calc(100dvh-2rem-var(--toast-offset,0px))]');

    await user.click(within(dialog).getByRole('button', { name: 'Save Itinerary' }));
    const toast = await toastOf('Failed to save itinerary');
    await waitFor(() => {
      expect(style.getPropertyValue(TOAST_OFFSET_VAR)).toBe('188px');
    });

    // Gone (its exit animation over): no offset left.
    await user.click(within(toast).getByRole('button', { name: 'close' }));
    act(() => {
      fireEvent.animationEnd(toast);
    });
    await waitFor(() => {
      expect(toast).not.toBeInTheDocument();
    });
    await waitFor(() => {
      expect(style.getPropertyValue(TOAST_OFFSET_VAR)).toBe('');
    });
  });
});
