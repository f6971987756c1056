import { RICH_TEXT_CLASSES } from './richText';

interface RichTextContentProps {
  /**
   * HTML as the server returned it after sanitising it on write (DESIGN §5). Never pass HTML typed
   * in the browser here without sanitising it first.
   */
  html: string;
  className?: string;
}

/** Renders stored rich text with the app's typography (headings, lists, links, quotes). */
export const RichTextContent = ({ html, className = '' }: RichTextContentProps) => (
  <div
    className={`${RICH_TEXT_CLASSES} ${className}`}
    // Server-sanitised HTML only (allow-list sanitiser on write).
    dangerouslySetInnerHTML={{ __html: html }}
  />
);
