import { Suspense, lazy } from 'react';
import { loadWithTimeout } from '../../app/lazy';
import { DEFAULT_RICH_TEXT_HEIGHT, type RichTextEditorProps } from './richText';

export type { RichTextEditorProps } from './richText';

const Editor = lazy(() =>
  loadWithTimeout(() => import('./RichTextEditor')).then((module) => ({
    default: module.RichTextEditor,
  })),
);

/** Placeholder of the editor's size while its chunk loads, so the form does not jump. */
export const RichTextEditorSkeleton = ({
  label,
  height = DEFAULT_RICH_TEXT_HEIGHT,
}: Pick<RichTextEditorProps, 'label' | 'height'>) => (
  <div aria-busy="true">
    <div className="mb-1.5 text-sm font-medium text-slate-700 dark:text-slate-300">{label}</div>
    <div
      className="animate-pulse rounded-md border border-slate-200 bg-slate-100 dark:border-slate-800 dark:bg-slate-800/60"
      style={{ height }}
    >
      <div className="h-10 border-b border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900/60" />
      <span className="sr-only">Loading editor…</span>
    </div>
  </div>
);

/** The rich-text editor, loaded on first use in its own chunk (TipTap stays out of routes). */
export const LazyRichTextEditor = (props: RichTextEditorProps) => (
  <Suspense fallback={<RichTextEditorSkeleton label={props.label} height={props.height} />}>
    <Editor {...props} />
  </Suspense>
);
