import { useCallback, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { hasPermission, useProfile } from '../../features/auth/auth.api';
import { useSignOut } from '../../features/auth/useSignOut';
import { requestLeave } from '../../lib/useUnsavedChanges';
import { useBranding } from '../branding';
import { RealtimeEvents } from '../realtime/RealtimeEvents';
import { UnsavedChangesGuard } from '../UnsavedChangesGuard';
import { PushMessages } from '../../features/push/PushMessages';
import { Header } from './Header';
import { MaintenanceBanner } from './MaintenanceBanner';
import { Sidebar } from './Sidebar';

/** The Basic Settings' product name and logo (the app's mark until a logo is saved). */
const Brand = () => {
  const { productName, logoUrl } = useBranding();
  return (
    <div className="flex h-16 shrink-0 items-center gap-2.5 border-b border-slate-200 px-6 dark:border-slate-800">
      <img
        src={logoUrl ?? '/favicon.svg'}
        alt=""
        className="size-7 shrink-0 rounded object-contain"
      />
      <div className="min-w-0 leading-tight">
        <p
          className="truncate text-sm font-semibold text-slate-900 dark:text-white"
          title={productName}
        >
          {productName}
        </p>
        <p className="text-xs text-slate-500 dark:text-slate-400">Admin back-office</p>
      </div>
    </div>
  );
};

/** The signed-in frame: sidebar (a drawer on small screens), header and the page. */
export const AppLayout = () => {
  const { data: profile } = useProfile();
  const { signOut, isSigningOut } = useSignOut();
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const location = useLocation();

  const handleToggleMenu = useCallback(() => setIsMenuOpen((open) => !open), []);
  const handleCloseMenu = useCallback(() => setIsMenuOpen(false), []);
  // Unsaved changes on the page are asked about first, as a route change would be.
  const handleSignOut = useCallback(() => {
    requestLeave(() => {
      void signOut();
    });
  }, [signOut]);

  useEffect(() => {
    if (!isMenuOpen) return;
    const handleKeyDown = (event: KeyboardEvent): void => {
      if (event.key === 'Escape') setIsMenuOpen(false);
    };
    document.addEventListener('keydown', handleKeyDown);
    return () => document.removeEventListener('keydown', handleKeyDown);
  }, [isMenuOpen]);

  return (
    <div className="flex min-h-dvh bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      {profile ? <RealtimeEvents profile={profile} /> : null}
      {profile ? <PushMessages adminId={profile._id} /> : null}
      <UnsavedChangesGuard />
      {isMenuOpen ? (
        <div
          aria-hidden="true"
          onClick={handleCloseMenu}
          className="fixed inset-0 z-40 bg-slate-950/40 lg:hidden"
        />
      ) : null}
      <aside
        id="app-sidebar"
        className={`fixed inset-y-0 left-0 z-50 flex w-64 flex-col border-r border-slate-200 bg-white transition-transform duration-200 lg:sticky lg:top-0 lg:h-dvh lg:translate-x-0 dark:border-slate-800 dark:bg-slate-900 ${
          isMenuOpen ? 'translate-x-0' : '-translate-x-full max-lg:invisible'
        }`}
      >
        <Brand />
        <Sidebar profile={profile} onNavigate={handleCloseMenu} />
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <Header
          profile={profile}
          isMenuOpen={isMenuOpen}
          isSigningOut={isSigningOut}
          onToggleMenu={handleToggleMenu}
          onSignOut={handleSignOut}
        />
        {hasPermission(profile, 'settings.update') ? (
          <MaintenanceBanner canOpenSettings={hasPermission(profile, 'settings.view')} />
        ) : null}
        <main key={location.pathname} className="flex-1 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
          <Outlet />
        </main>
      </div>
    </div>
  );
};

export { AppLayout as Component };
