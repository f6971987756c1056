import type { ReactNode } from 'react';
import { useBranding } from '../../app/branding';
import { ThemeSwitch } from '../../app/theme';

/**
 * The frame of the small public screens around sign-in (forgot / set password), with the Basic
 * Settings' logo.
 */
export const AuthCard = ({ title, children }: { title: string; children: ReactNode }) => {
  const { logoUrl } = useBranding();
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50 dark:bg-slate-950">
      <header className="flex justify-end p-4 sm:p-6">
        <ThemeSwitch />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pt-8 pb-16 sm:items-center sm:pt-0">
        <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-8 shadow-sm dark:border-slate-800 dark:bg-slate-900">
          <img
            src={logoUrl ?? '/favicon.svg'}
            alt=""
            className="mb-6 size-10 rounded-lg object-contain"
          />
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900 dark:text-white">
            {title}
          </h1>
          <div className="mt-3">{children}</div>
        </div>
      </main>
    </div>
  );
};
