import { useState } from 'react';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { PageHeader } from '../../components/ui/PageHeader';
import { formatShortDate } from '../../lib/format';
import { orderTasks, SAMPLE_TASKS, toggleTask, type Task } from './tasks';

export const TasksPage = () => {
  const [tasks, setTasks] = useState<Task[]>(SAMPLE_TASKS);
  const ordered = orderTasks(tasks);
  const remaining = tasks.filter((task) => !task.isCompleted).length;

  const handleToggle = (id: number): void => setTasks((current) => toggleTask(current, id));

  return (
    <>
      <PageHeader
        title="Tasks"
        description={`${remaining} of ${tasks.length} tasks open. Sample tasks: changes are not saved.`}
      />
      <Card>
        <ul aria-label="Tasks" className="divide-y divide-slate-200 dark:divide-slate-800">
          {ordered.map((task) => (
            <li key={task.id} className="flex items-center gap-4 px-5 py-3.5">
              <span
                aria-hidden="true"
                className={`flex size-5 shrink-0 items-center justify-center rounded-full border ${
                  task.isCompleted
                    ? 'border-teal-700 bg-teal-700 text-white dark:border-teal-500 dark:bg-teal-500 dark:text-slate-950'
                    : 'border-slate-300 dark:border-slate-600'
                }`}
              >
                {task.isCompleted ? (
                  <svg viewBox="0 0 20 20" fill="currentColor" className="size-3.5">
                    <path
                      fillRule="evenodd"
                      d="M16.704 4.153a.75.75 0 0 1 .143 1.052l-8 10.5a.75.75 0 0 1-1.127.075l-4.5-4.5a.75.75 0 0 1 1.06-1.06l3.894 3.893 7.48-9.817a.75.75 0 0 1 1.05-.143Z"
                      clipRule="evenodd"
                    />
                  </svg>
                ) : null}
              </span>
              <div className="min-w-0 flex-1">
                <p
                  className={`text-sm ${
                    task.isCompleted
                      ? 'text-slate-500 line-through dark:text-slate-400'
                      : 'font-medium text-slate-900 dark:text-slate-100'
                  }`}
                >
                  {task.text}
                </p>
                <p className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">
                  <time dateTime={task.date}>{formatShortDate(task.date)}</time>
                  {task.isCompleted ? ' · Completed' : ''}
                </p>
              </div>
              <Button
                size="sm"
                variant={task.isCompleted ? 'ghost' : 'secondary'}
                onClick={() => handleToggle(task.id)}
              >
                {task.isCompleted ? 'Undo' : 'Complete'}
              </Button>
            </li>
          ))}
        </ul>
      </Card>
    </>
  );
};

export { TasksPage as Component };
