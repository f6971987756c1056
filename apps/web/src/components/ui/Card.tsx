import type { HTMLAttributes } from 'react';

export const Card = ({ className = '', ...rest }: HTMLAttributes<HTMLDivElement>) => (
  <div
    className={`rounded-xl border border-slate-200 bg-white shadow-xs dark:border-slate-800 dark:bg-slate-900 ${className}`}
    {...rest}
  />
);
