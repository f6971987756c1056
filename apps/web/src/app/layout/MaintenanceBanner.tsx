import { Link } from 'react-router';
import { useGetServiceStatusQuery } from '../../features/system/serviceStatus.api';

interface MaintenanceBannerProps {
  /** May open Basic Settings (where maintenance is switched off). */
  canOpenSettings: boolean;
}

/**
 * 'Maintenance mode is on', above every page, for the admins who keep working through it (they
 * hold `settings.update`; everybody else is on /service-unavailable meanwhile). The status comes
 * from the public service status and follows the realtime `service-status` event. It sticks under
 * the header, so it stays in sight on long pages.
 */
export const MaintenanceBanner = ({ canOpenSettings }: MaintenanceBannerProps) => {
  const { data } = useGetServiceStatusQuery(undefined);
  if (!data || data.active) return null;
  return (
    <div
      role="status"
      className="sticky top-16 z-20 flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-amber-300 bg-amber-100 px-4 py-2 text-sm text-amber-950 sm:px-6 lg:px-8 dark:border-amber-400/30 dark:bg-amber-950 dark:text-amber-100"
    >
      <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="size-4 shrink-0">
        <path
          fillRule="evenodd"
          d="M8.485 2.495c.673-1.167 2.357-1.167 3.03 0l6.28 10.875c.673 1.167-.17 2.625-1.516 2.625H3.72c-1.347 0-2.189-1.458-1.515-2.625L8.485 2.495ZM10 6a.75.75 0 0 1 .75.75v3.5a.75.75 0 0 1-1.5 0v-3.5A.75.75 0 0 1 10 6Zm0 9a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z"
          clipRule="evenodd"
        />
      </svg>
      <p>
        <strong className="font-semibold">Maintenance mode is on.</strong> Admins without the
        Settings update permission see the Service Unavailable screen until it is turned off.
      </p>
      {canOpenSettings ? (
        <Link
          to="/settings/basic-settings"
          className="font-medium underline underline-offset-2 hover:no-underline focus-visible:ring-2 focus-visible:ring-amber-600 focus-visible:outline-none"
        >
          Turn it off in Basic Settings
        </Link>
      ) : null}
    </div>
  );
};
