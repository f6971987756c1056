import { LOCATION_FALLBACKS, type LoginActivity } from '@safarnama/contract';
import { DataTable } from '../../components/ui/ListPageShell';
import { formatDateTime, formatRelativeTime, useDisplaySettings } from '../../lib/format';

const RESULTS: Record<LoginActivity['result'], { label: string; tone: string }> = {
  success: {
    label: 'Signed in',
    tone: 'bg-green-100 text-green-800 dark:bg-green-500/15 dark:text-green-300',
  },
  failed: {
    label: 'Wrong password',
    tone: 'bg-red-100 text-red-800 dark:bg-red-500/15 dark:text-red-300',
  },
  locked: {
    label: 'Locked out',
    tone: 'bg-red-100 text-red-800 dark:bg-red-500/15 dark:text-red-300',
  },
  two_factor_required: {
    label: 'Code asked',
    tone: 'bg-amber-100 text-amber-800 dark:bg-amber-400/15 dark:text-amber-300',
  },
  two_factor_failed: {
    label: 'Wrong code',
    tone: 'bg-red-100 text-red-800 dark:bg-red-500/15 dark:text-red-300',
  },
  two_factor_reused: {
    label: 'Code already used',
    tone: 'bg-red-100 text-red-800 dark:bg-red-500/15 dark:text-red-300',
  },
};

const METHODS: Record<LoginActivity['method'], string | null> = {
  password: null,
  totp: 'with authenticator code',
  recovery_code: 'with recovery code',
};

const DEVICES: Record<LoginActivity['device'], string> = {
  desktop: 'Desktop',
  mobile: 'Mobile',
  tablet: 'Tablet',
  unknown: 'Unknown device',
};

const badge = 'inline-flex rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap';

export const ResultBadge = ({ activity }: { activity: LoginActivity }) => {
  const result = RESULTS[activity.result];
  const method = activity.result === 'success' ? METHODS[activity.method] : null;
  return (
    <span className="flex flex-col items-start gap-0.5">
      <span className={`${badge} ${result.tone}`}>{result.label}</span>
      {method ? <span className="text-xs text-slate-500 dark:text-slate-400">{method}</span> : null}
    </span>
  );
};

/** 'This device', 'Active' or 'Ended' for a sign-in that opened a session; a dash otherwise. */
export const SessionBadge = ({ session }: { session: LoginActivity['session'] }) => {
  if (!session) return <span className="text-slate-500 dark:text-slate-400">—</span>;
  if (session.current && session.active) {
    return (
      <span className={`${badge} bg-teal-100 text-teal-800 dark:bg-teal-400/15 dark:text-teal-300`}>
        This device
      </span>
    );
  }
  if (session.active) {
    return (
      <span
        className={`${badge} bg-green-100 text-green-800 dark:bg-green-500/15 dark:text-green-300`}
        title={`Last seen ${formatDateTime(session.lastSeenAt)}`}
      >
        Active
      </span>
    );
  }
  return (
    <span className={`${badge} bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-400`}>
      Ended
    </span>
  );
};

const td = 'px-3 py-3 align-top text-slate-700 dark:text-slate-300';

/**
 * Sign-in attempts, newest first: time, result, browser / OS / device, IP, the location the
 * browser reported (spec §3), and the state of the session it opened. Also fits the admin users
 * screen (another admin's activity: no row is 'This device' there).
 */
export const LoginActivityTable = ({ activities }: { activities: LoginActivity[] }) => {
  useDisplaySettings(); // the times follow the Basic Settings' zone live
  return (
    <DataTable
      columns={['Time', 'Result', 'Browser and device', 'IP address', 'Location', 'Session']}
    >
      {activities.map((activity) => (
        <tr
          key={activity._id}
          className={activity.session?.current ? 'bg-teal-50/50 dark:bg-teal-400/5' : undefined}
        >
          <td className={`${td} whitespace-nowrap`}>
            <time dateTime={activity.createdAt} title={formatDateTime(activity.createdAt)}>
              {formatDateTime(activity.createdAt)}
            </time>
            <span className="block text-xs text-slate-500 dark:text-slate-400">
              {formatRelativeTime(activity.createdAt)}
            </span>
          </td>
          <td className={td}>
            <ResultBadge activity={activity} />
          </td>
          <td className={`${td} min-w-40`}>
            <span className="block text-slate-900 dark:text-white">
              {activity.browser} on {activity.os}
            </span>
            <span className="block text-xs text-slate-500 dark:text-slate-400">
              {DEVICES[activity.device]}
            </span>
          </td>
          <td className={`${td} font-mono text-xs whitespace-nowrap`}>
            {activity.ip ?? 'Unknown IP'}
            {activity.location &&
            activity.location.ip !== activity.ip &&
            activity.location.ip !== LOCATION_FALLBACKS.ip ? (
              <span
                className="block text-slate-500 dark:text-slate-400"
                title="As the browser reported it"
              >
                reported {activity.location.ip}
              </span>
            ) : null}
          </td>
          <td className={`${td} max-w-72 min-w-48`}>
            {activity.location ? (
              <>
                <span className="line-clamp-2 break-words">
                  {activity.location.address.complete_display_address}
                </span>
                {activity.location.lat !== 0 || activity.location.long !== 0 ? (
                  <span className="block text-xs text-slate-500 tabular-nums dark:text-slate-400">
                    {activity.location.lat.toFixed(3)}, {activity.location.long.toFixed(3)}
                  </span>
                ) : null}
              </>
            ) : (
              <span className="text-slate-500 dark:text-slate-400">Not reported</span>
            )}
          </td>
          <td className={td}>
            <SessionBadge session={activity.session} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
};
