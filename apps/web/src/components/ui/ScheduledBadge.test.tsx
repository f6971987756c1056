import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { setDisplaySettings } from '../../lib/format';
import { ScheduledBadge } from './ScheduledBadge';

describe('ScheduledBadge', () => {
  it("says 'Scheduled' and the publish time in the app's format, in text and title", () => {
    render(<ScheduledBadge publishAt="2026-05-31T18:30:00.000Z" unpublishAt={null} />);
    const badge = screen.getByTitle('Scheduled: Publishes Jun 1, 2026, 12:00 AM IST');
    expect(badge).toHaveTextContent(/^Scheduled · Publishes Jun 1, 2026, 12:00 AM IST$/);
  });

  it('an unpublish alone reads Unpublishes; nothing scheduled renders nothing', () => {
    const { container, rerender } = render(
      <ScheduledBadge unpublishAt="2026-06-01T06:30:00.000Z" />,
    );
    expect(container).toHaveTextContent(/^Scheduled · Unpublishes Jun 1, 2026, 12:00 PM IST$/);
    rerender(<ScheduledBadge publishAt={null} unpublishAt={null} />);
    expect(container).toBeEmptyDOMElement();
  });

  it("follows the Basic Settings' time zone", () => {
    setDisplaySettings({ timeZone: 'UTC' });
    render(<ScheduledBadge publishAt="2026-05-31T18:30:00.000Z" />);
    expect(screen.getByText(/Publishes/)).toHaveTextContent('Publishes May 31, 2026, 6:30 PM UTC');
  });
});
