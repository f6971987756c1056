import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN_PATH_PREFIXES, QUALITY_MESSAGES, isAdminPath } from '@safarnama/contract';
import { ADMIN_PAGES } from '../../app/navigation';
import { NeedsAttentionFilter, QualityChecklist, QualityNote } from './Quality';

const issue = (code: keyof typeof QUALITY_MESSAGES) => ({ code, message: QUALITY_MESSAGES[code] });

describe('QualityChecklist', () => {
  it('lists the failing rules under a count, or says that all pass', () => {
    const { rerender } = render(
      <QualityChecklist issues={[issue('meta-title-length'), issue('gallery-missing')]} />,
    );
    const panel = screen.getByRole('region', { name: 'Quality checks' });
    expect(within(panel).getByText('2 issues to fix')).toBeInTheDocument();
    expect(
      within(panel)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([QUALITY_MESSAGES['meta-title-length'], QUALITY_MESSAGES['gallery-missing']]);
    rerender(<QualityChecklist issues={[]} />);
    expect(within(panel).getByText('All quality checks pass')).toBeInTheDocument();
    expect(within(panel).queryByRole('listitem')).toBeNull();
  });
});

describe('QualityNote', () => {
  it('reads "Needs attention: 1 issue" with the messages in its title; nothing when it passes', () => {
    const { container, rerender } = render(<QualityNote issues={[issue('cover-missing')]} />);
    const note = screen.getByText('1 issue').closest('span');
    expect(note?.textContent).toBe('Needs attention: 1 issue');
    expect(note).toHaveAttribute('title', QUALITY_MESSAGES['cover-missing']);
    rerender(<QualityNote issues={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe('NeedsAttentionFilter', () => {
  it('is a pressed/unpressed button with the count, and toggles', async () => {
    const onChange = vi.fn();
    const { rerender } = render(
      <NeedsAttentionFilter active={false} onChange={onChange} count={3} />,
    );
    const button = screen.getByRole('button', { name: 'Needs attention 3' });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await userEvent.setup().click(button);
    expect(onChange).toHaveBeenCalledWith(true);
    rerender(<NeedsAttentionFilter active onChange={onChange} />);
    expect(screen.getByRole('button', { name: 'Needs attention' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });
});

describe('admin links (contract ADMIN_PATH_PREFIXES)', () => {
  it('cover every page of the back-office, so a link to any of them is flagged', () => {
    for (const page of ADMIN_PAGES) {
      expect(isAdminPath(`/${page.path.replace(/:\w+/g, 'x')}`), page.path).toBe(true);
    }
    for (const path of ['/login', '/forgot-password', '/set-password', '/service-unavailable']) {
      expect(isAdminPath(path), path).toBe(true);
    }
    expect(ADMIN_PATH_PREFIXES).toContain('api');
  });
});
