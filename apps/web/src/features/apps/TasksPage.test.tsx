import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TasksPage } from './TasksPage';
import { SAMPLE_TASKS } from './tasks';

const rows = () => within(screen.getByRole('list', { name: 'Tasks' })).getAllByRole('listitem');
const texts = () => rows().map((row) => row.querySelector('p')?.textContent);

describe('TasksPage', () => {
  it('lists incomplete tasks first', () => {
    render(<TasksPage />);
    const open = SAMPLE_TASKS.filter((task) => !task.isCompleted).map((task) => task.text);
    const done = SAMPLE_TASKS.filter((task) => task.isCompleted).map((task) => task.text);
    expect(texts()).toEqual([...open, ...done]);
    for (const row of rows().slice(0, open.length)) {
      expect(within(row).getByRole('button')).toHaveTextContent('Complete');
    }
    for (const row of rows().slice(open.length)) {
      expect(within(row).getByRole('button')).toHaveTextContent('Undo');
    }
  });

  it('toggles between Complete and Undo and reorders', async () => {
    render(<TasksPage />);
    const user = userEvent.setup();
    const first = rows()[0];
    if (!first) throw new Error('no tasks');
    const text = first.querySelector('p')?.textContent;

    await user.click(within(first).getByRole('button', { name: 'Complete' }));
    const moved = rows().find((row) => row.querySelector('p')?.textContent === text);
    if (!moved) throw new Error('task vanished');
    expect(rows().indexOf(moved)).toBeGreaterThanOrEqual(
      SAMPLE_TASKS.filter((task) => !task.isCompleted).length - 1,
    );
    expect(within(moved).getByRole('button', { name: 'Undo' })).toBeInTheDocument();
    expect(moved.querySelector('p')).toHaveClass('line-through');

    await user.click(within(moved).getByRole('button', { name: 'Undo' }));
    expect(texts()[0]).toBe(text);
    const back = rows()[0];
    if (!back) throw new Error('no tasks');
    expect(within(back).getByRole('button', { name: 'Complete' })).toBeInTheDocument();
    expect(back.querySelector('p')).not.toHaveClass('line-through');
  });
});
