import { Fragment, useState } from 'react';
import type { AdminActivity } from '@safarnama/contract';
import { DataTable } from '../../components/ui/ListPageShell';
import { Badge, DateTimeCell, type BadgeTone } from './parts';

const ACTION_TONES: Record<string, BadgeTone> = {
  create: 'green',
  invite: 'green',
  'gallery-add': 'green',
  update: 'indigo',
  images: 'indigo',
  'resend-invitation': 'indigo',
  delete: 'red',
  'gallery-remove': 'red',
  status: 'amber',
  permissions: 'teal',
};

/** 'resend-invitation' → 'resend invitation'. */
const actionLabel = (action: string): string => action.replace(/[-_]+/g, ' ');

/** 'image-library' → 'Image library'. */
export const entityLabel = (entityType: string): string => {
  const words = entityType.replace(/[-_]+/g, ' ').trim();
  return words ? words[0]?.toUpperCase() + words.slice(1) : '—';
};

/** A changed value as text: strings as they are, nothing as '—', the rest as JSON. */
export const formatValue = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
};

/**
 * One side of a change. Lists (permission keys, languages, months…) show as chips, the items the
 * other side lacks marked: removed ones struck through on the 'from' side, added ones on 'to'.
 */
const ChangeValue = ({
  value,
  other,
  side,
}: {
  value: unknown;
  other: unknown;
  side: 'from' | 'to';
}) => {
  if (!Array.isArray(value)) return <>{formatValue(value)}</>;
  if (value.length === 0) return <>—</>;
  const otherItems = new Set((Array.isArray(other) ? other : []).map(formatValue));
  return (
    <ul className="flex flex-wrap gap-1">
      {value.map((item, index) => {
        const text = formatValue(item);
        const changed = !otherItems.has(text);
        return (
          <li
            key={`${index}-${text}`}
            className={`rounded px-1.5 py-0.5 text-xs ${
              !changed
                ? 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300'
                : side === 'from'
                  ? 'bg-red-100 text-red-800 line-through dark:bg-red-500/15 dark:text-red-300'
                  : 'bg-green-100 text-green-800 dark:bg-green-500/15 dark:text-green-300'
            }`}
          >
            {changed ? (
              <span className="sr-only">{side === 'from' ? 'removed ' : 'added '}</span>
            ) : null}
            {text}
          </li>
        );
      })}
    </ul>
  );
};

const td = 'px-3 py-3 text-slate-700 dark:text-slate-300';

interface ActivityTableProps {
  activities: readonly AdminActivity[];
  /** Show the admin column (the activity log); an admin's own page leaves it out. */
  showAdmin?: boolean;
}

/**
 * The audit entries: time, admin, action, entity, summary, IP, and per row a button that opens
 * the field diff (from → to; secrets arrive masked) with the request and its user agent.
 */
export const ActivityTable = ({ activities, showAdmin = true }: ActivityTableProps) => {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string): void => {
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  };
  const columns = showAdmin ? 7 : 6;
  return (
    <DataTable
      columns={[
        'Time',
        showAdmin && 'Admin',
        'Action',
        'Entity',
        'Summary',
        'IP',
        { label: 'Details', srOnly: true },
      ]}
    >
      {activities.map((activity) => {
        const isOpen = open.has(activity._id);
        const detailsId = `activity-${activity._id}`;
        const changes = Object.entries(activity.changes ?? {});
        return (
          <Fragment key={activity._id}>
            <tr className={`align-top ${isOpen ? 'bg-slate-50 dark:bg-slate-800/40' : ''}`}>
              <td className={td}>
                <DateTimeCell value={activity.createdAt} />
              </td>
              {showAdmin ? (
                <td className={`${td} max-w-48 min-w-32`}>
                  {activity.admin ? (
                    <>
                      <p className="font-medium break-words text-slate-900 dark:text-white">
                        {activity.admin.name}
                      </p>
                      <p
                        className="truncate text-xs text-slate-500 dark:text-slate-400"
                        title={activity.admin.email}
                      >
                        {activity.admin.email}
                      </p>
                    </>
                  ) : (
                    <span className="text-slate-500 dark:text-slate-400">System</span>
                  )}
                </td>
              ) : null}
              <td className={td}>
                <Badge tone={ACTION_TONES[activity.action] ?? 'slate'}>
                  {actionLabel(activity.action)}
                </Badge>
              </td>
              <td className={`${td} whitespace-nowrap`}>{entityLabel(activity.entityType)}</td>
              <td className={`${td} max-w-md min-w-48 break-words`}>{activity.summary}</td>
              <td className={`${td} font-mono text-xs whitespace-nowrap`}>{activity.ip ?? '—'}</td>
              <td className={`${td} text-right`}>
                <button
                  type="button"
                  aria-expanded={isOpen}
                  aria-controls={detailsId}
                  onClick={() => {
                    toggle(activity._id);
                  }}
                  className="inline-flex items-center gap-1 rounded px-1.5 py-0.5 text-sm font-medium whitespace-nowrap text-teal-700 hover:bg-teal-50 focus-visible:ring-2 focus-visible:ring-teal-500 focus-visible:outline-none dark:text-teal-300 dark:hover:bg-teal-400/10"
                >
                  <svg
                    viewBox="0 0 20 20"
                    fill="currentColor"
                    aria-hidden="true"
                    className={`size-4 transition-transform ${isOpen ? 'rotate-90' : ''}`}
                  >
                    <path
                      fillRule="evenodd"
                      d="M8.22 5.22a.75.75 0 0 1 1.06 0l4.25 4.25a.75.75 0 0 1 0 1.06l-4.25 4.25a.75.75 0 0 1-1.06-1.06L11.94 10 8.22 6.28a.75.75 0 0 1 0-1.06Z"
                      clipRule="evenodd"
                    />
                  </svg>
                  {changes.length > 0 ? `Changes (${changes.length})` : 'Details'}
                </button>
              </td>
            </tr>
            {isOpen ? (
              <tr id={detailsId} className="bg-slate-50 dark:bg-slate-800/40">
                <td colSpan={columns} className="px-3 pt-0 pb-4">
                  <div className="rounded-lg border border-slate-200 bg-white p-3 dark:border-slate-700 dark:bg-slate-900">
                    {changes.length > 0 ? (
                      <table className="w-full text-sm">
                        <caption className="sr-only">Changed fields</caption>
                        <thead className="text-left text-xs font-semibold text-slate-500 uppercase dark:text-slate-400">
                          <tr>
                            <th scope="col" className="py-1.5 pr-3">
                              Field
                            </th>
                            <th scope="col" className="py-1.5 pr-3">
                              From
                            </th>
                            <th scope="col" className="py-1.5">
                              To
                            </th>
                          </tr>
                        </thead>
                        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                          {changes.map(([field, change]) => (
                            <tr key={field} className="align-top">
                              <th
                                scope="row"
                                className="py-1.5 pr-3 text-left font-medium text-slate-900 dark:text-white"
                              >
                                {field}
                              </th>
                              <td className="w-2/5 py-1.5 pr-3 break-words text-red-700 dark:text-red-300">
                                <span className="sr-only">from </span>
                                <ChangeValue value={change.from} other={change.to} side="from" />
                              </td>
                              <td className="w-2/5 py-1.5 break-words text-green-700 dark:text-green-300">
                                <span className="sr-only">to </span>
                                <ChangeValue value={change.to} other={change.from} side="to" />
                              </td>
                            </tr>
                          ))}
                        </tbody>
                      </table>
                    ) : (
                      <p className="text-sm text-slate-500 dark:text-slate-400">
                        No field changes were recorded for this entry.
                      </p>
                    )}
                    <dl className="mt-3 grid gap-x-4 gap-y-1 text-xs text-slate-500 sm:grid-cols-[auto_1fr] dark:text-slate-400">
                      <dt className="font-medium">Request</dt>
                      <dd className="font-mono break-all">
                        {activity.method} {activity.path}
                      </dd>
                      {activity.entityId ? (
                        <>
                          <dt className="font-medium">Record</dt>
                          <dd className="font-mono break-all">{activity.entityId}</dd>
                        </>
                      ) : null}
                      {activity.userAgent ? (
                        <>
                          <dt className="font-medium">Browser</dt>
                          <dd className="break-all">{activity.userAgent}</dd>
                        </>
                      ) : null}
                    </dl>
                  </div>
                </td>
              </tr>
            ) : null}
          </Fragment>
        );
      })}
    </DataTable>
  );
};
