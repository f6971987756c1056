import type { Profile } from '@safarnama/contract';
import { Link } from 'react-router';
import { Button } from '../../components/ui/Button';
import { NotificationBell } from '../../features/notifications/NotificationBell';
import { initialsOf } from '../../lib/format';
import { ThemeSwitch } from '../theme';

interface HeaderProps {
  profile: Profile | undefined;
  isMenuOpen: boolean;
  isSigningOut: boolean;
  onToggleMenu: () => void;
  onSignOut: () => void;
}

export const Header = ({
  profile,
  isMenuOpen,
  isSigningOut,
  onToggleMenu,
  onSignOut,
}: HeaderProps) => (
  <header className="sticky top-0 z-30 flex h-16 shrink-0 items-center gap-3 border-b border-slate-200 bg-white/90 px-4 backdrop-blur sm:px-6 dark:border-slate-800 dark:bg-slate-900/90">
    <button
      type="button"
      onClick={onToggleMenu}
      aria-label={isMenuOpen ? 'Close menu' : 'Open menu'}
      aria-expanded={isMenuOpen}
      aria-controls="app-sidebar"
      className="-ml-1 rounded-md p-2 text-slate-600 hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-teal-500 focus-visible:outline-none lg:hidden dark:text-slate-300 dark:hover:bg-slate-800"
    >
      <svg viewBox="0 0 20 20" fill="currentColor" className="size-5" aria-hidden="true">
        <path
          fillRule="evenodd"
          d="M2 4.75A.75.75 0 0 1 2.75 4h14.5a.75.75 0 0 1 0 1.5H2.75A.75.75 0 0 1 2 4.75ZM2 10a.75.75 0 0 1 .75-.75h14.5a.75.75 0 0 1 0 1.5H2.75A.75.75 0 0 1 2 10Zm0 5.25a.75.75 0 0 1 .75-.75h14.5a.75.75 0 0 1 0 1.5H2.75a.75.75 0 0 1-.75-.75Z"
          clipRule="evenodd"
        />
      </svg>
    </button>
    <div className="flex-1" />
    {profile ? <NotificationBell /> : null}
    <ThemeSwitch />
    {profile ? (
      <Link
        to="/profile-details"
        title="Your profile"
        className="hidden items-center gap-3 rounded-md border-l border-slate-200 pl-3 hover:opacity-90 focus-visible:ring-2 focus-visible:ring-teal-500 focus-visible:outline-none sm:flex dark:border-slate-800"
      >
        {profile.avatarUrl ? (
          <img
            src={profile.avatarUrl}
            alt=""
            className="size-9 rounded-full object-cover ring-1 ring-slate-200 dark:ring-slate-700"
          />
        ) : (
          <span
            aria-hidden="true"
            className="flex size-9 items-center justify-center rounded-full bg-teal-100 text-sm font-semibold text-teal-800 dark:bg-teal-400/15 dark:text-teal-300"
          >
            {initialsOf(profile.name)}
          </span>
        )}
        <div className="leading-tight">
          <p
            className="text-sm font-medium text-slate-900 dark:text-white"
            data-testid="admin-name"
          >
            {profile.name}
          </p>
          <p className="text-xs text-slate-500 dark:text-slate-400">{profile.userType.name}</p>
        </div>
      </Link>
    ) : null}
    <Button variant="secondary" size="md" onClick={onSignOut} loading={isSigningOut}>
      Sign out
    </Button>
  </header>
);
