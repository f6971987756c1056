import { RICH_TEXT_HEIGHT } from '@safarnama/contract';

/** Props of the rich-text editor (shared by the editor and its lazy wrapper). */
export interface RichTextEditorProps {
  /** HTML. An empty editor reports ''. */
  value: string;
  onChange: (html: string) => void;
  /** Visible label; also the accessible name of the editable area. */
  label: string;
  /** Height in pixels of the whole editor (toolbar included); spec §9: 400. */
  height?: number;
  id?: string;
  placeholder?: string;
  /** Shown under the editor and linked with aria-describedby. */
  error?: string;
  disabled?: boolean;
}

export const DEFAULT_RICH_TEXT_HEIGHT = RICH_TEXT_HEIGHT;

/**
 * Typography of rich text (headings, lists, links, quotes) in both themes, for the editor's
 * editable area and for rendered (server-sanitised) articles alike.
 */
export const RICH_TEXT_CLASSES = [
  'text-[15px] leading-7 text-slate-800 dark:text-slate-200',
  '[&_p]:my-3 [&>:first-child]:mt-0 [&>:last-child]:mb-0',
  '[&_h2]:mt-6 [&_h2]:mb-3 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-slate-900 dark:[&_h2]:text-white',
  '[&_h3]:mt-5 [&_h3]:mb-2 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-slate-900 dark:[&_h3]:text-white',
  '[&_h4]:mt-4 [&_h4]:mb-2 [&_h4]:font-semibold',
  '[&_ul]:my-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-3 [&_ol]:list-decimal [&_ol]:pl-6',
  '[&_li]:my-1 [&_li>p]:my-0 [&_li]:marker:text-slate-400 dark:[&_li]:marker:text-slate-500',
  '[&_a]:font-medium [&_a]:text-teal-700 [&_a]:underline [&_a]:underline-offset-2 hover:[&_a]:text-teal-900 dark:[&_a]:text-teal-300 dark:hover:[&_a]:text-teal-200',
  '[&_blockquote]:my-4 [&_blockquote]:border-l-4 [&_blockquote]:border-teal-500/60 [&_blockquote]:pl-4 [&_blockquote]:text-slate-600 [&_blockquote]:italic dark:[&_blockquote]:text-slate-300',
  '[&_strong]:font-semibold [&_strong]:text-slate-900 dark:[&_strong]:text-white',
  '[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_code]:text-sm dark:[&_code]:bg-slate-800',
  '[&_hr]:my-6 [&_hr]:border-slate-200 dark:[&_hr]:border-slate-700',
  '[&_img]:my-4 [&_img]:max-w-full [&_img]:rounded-lg',
].join(' ');

const ALLOWED_LINK = /^(https?:\/\/[^\s]+|mailto:[^\s@]+@[^\s@]+)$/i;

/** True for the link targets the editor accepts: http, https and mailto. */
export const isAllowedLink = (url: string): boolean => ALLOWED_LINK.test(url.trim());
