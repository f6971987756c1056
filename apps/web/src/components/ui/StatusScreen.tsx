import type { ReactNode } from 'react';

interface StatusScreenProps {
  /** Big text above the title, e.g. 404. */
  code?: string;
  title: string;
  message: ReactNode;
  children?: ReactNode;
  /** Fill the viewport (public screens) or the content area (inside the layout). */
  fullScreen?: boolean;
}

/** Centered screen for 404, 403, service unavailable and load failures. */
export const StatusScreen = ({
  code,
  title,
  message,
  children,
  fullScreen = true,
}: StatusScreenProps) => {
  const Tag = fullScreen ? 'main' : 'div';
  return (
    <Tag
      className={`flex flex-col items-center justify-center px-6 py-16 text-center ${
        fullScreen ? 'min-h-dvh bg-slate-50 dark:bg-slate-950' : 'min-h-[60vh]'
      }`}
    >
      {code ? (
        <p className="text-7xl font-bold tracking-tight text-teal-600 sm:text-8xl dark:text-teal-400">
          {code}
        </p>
      ) : null}
      <h1 className="mt-4 text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
        {title}
      </h1>
      <p className="mt-3 max-w-md text-base text-slate-600 dark:text-slate-400">{message}</p>
      {children ? (
        <div className="mt-8 flex flex-wrap items-center justify-center gap-3">{children}</div>
      ) : null}
    </Tag>
  );
};
