import { matchPath, NavLink, useLocation } from 'react-router';
import type { Profile } from '@safarnama/contract';
import { hasPermission } from '../../features/auth/auth.api';
import { NAV_GROUPS, navItemsFor } from '../navigation';

interface SidebarProps {
  profile: Profile | undefined;
  /** Called after a link is followed (closes the drawer on small screens). */
  onNavigate?: () => void;
}

/** Every section of spec §2, grouped; items the admin may not open are left out. */
export const Sidebar = ({ profile, onNavigate }: SidebarProps) => {
  const location = useLocation();
  return (
    <nav aria-label="Main" className="flex-1 overflow-y-auto px-3 py-4">
      {NAV_GROUPS.map((group) => {
        const items = navItemsFor(group.id).filter((page) =>
          hasPermission(profile, page.permission),
        );
        if (items.length === 0) return null;
        return (
          <div key={group.id} className="mb-5 last:mb-0">
            {group.label ? (
              <h2 className="mb-1.5 px-3 text-[11px] font-semibold tracking-wider text-slate-500 uppercase dark:text-slate-400">
                {group.label}
              </h2>
            ) : null}
            <ul className="space-y-0.5">
              {items.map((page) => {
                const matched = matchPath({ path: `/${page.path}`, end: true }, location.pathname);
                return (
                  <li key={page.id}>
                    <NavLink
                      to={page.nav?.to ?? `/${page.path}`}
                      onClick={onNavigate}
                      aria-current={matched ? 'page' : undefined}
                      className={`group relative flex items-center rounded-md px-3 py-1.5 text-sm transition-colors focus-visible:ring-2 focus-visible:ring-teal-500 focus-visible:outline-none ${
                        matched
                          ? 'bg-teal-50 font-medium text-teal-800 dark:bg-teal-400/10 dark:text-teal-300'
                          : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800/70 dark:hover:text-slate-100'
                      }`}
                    >
                      {matched ? (
                        <span
                          aria-hidden="true"
                          className="absolute inset-y-1.5 left-0 w-0.5 rounded-full bg-teal-600 dark:bg-teal-400"
                        />
                      ) : null}
                      {page.nav?.label ?? page.title}
                    </NavLink>
                  </li>
                );
              })}
            </ul>
          </div>
        );
      })}
    </nav>
  );
};
