import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Placeholder } from '@tiptap/extensions';
import {
  DEFAULT_RICH_TEXT_HEIGHT,
  RICH_TEXT_CLASSES,
  isAllowedLink,
  type RichTextEditorProps,
} from './richText';
import './RichTextEditor.css';

/** The document as HTML: '' when empty, without the empty paragraphs the editor keeps at the end. */
const toHtml = (editor: Editor): string =>
  editor.isEmpty ? '' : editor.getHTML().replace(/(?:<p><\/p>)+$/, '');

interface ToolButtonProps {
  /** The tooltip, and the accessible name unless the button shows a text label of its own. */
  label: string;
  /** The button's visible text is its name (WCAG 2.5.3: the name holds what is shown). */
  textLabel?: boolean;
  onClick: () => void;
  active?: boolean;
  disabled?: boolean;
  children: ReactNode;
}

const ToolButton = ({ label, textLabel, onClick, active, disabled, children }: ToolButtonProps) => (
  <button
    type="button"
    aria-label={textLabel ? undefined : label}
    title={label}
    aria-pressed={active === undefined ? undefined : active}
    disabled={disabled}
    // Keep the editor's selection: the button must not take focus on mouse down.
    onMouseDown={(event) => {
      event.preventDefault();
    }}
    onClick={onClick}
    className={`inline-flex h-8 min-w-8 items-center justify-center rounded-md px-1.5 text-sm font-medium transition-colors focus-visible:ring-2 focus-visible:ring-teal-500 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-40 ${
      active
        ? 'bg-teal-100 text-teal-900 dark:bg-teal-500/20 dark:text-teal-200'
        : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white'
    }`}
  >
    {textLabel ? children : <span aria-hidden="true">{children}</span>}
  </button>
);

const Icon = ({ d }: { d: string }) => (
  <svg
    viewBox="0 0 20 20"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.7"
    className="size-4"
    aria-hidden="true"
  >
    <path d={d} strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

const Divider = () => (
  <span className="mx-1 h-5 w-px bg-slate-200 dark:bg-slate-700" aria-hidden="true" />
);

/**
 * Rich-text editor (TipTap) with a fixed height that scrolls (spec §9: 400), following the app's
 * light or dark theme. Domain-free: it edits HTML; the server sanitises on write. Load it through
 * `LazyRichTextEditor` so TipTap stays out of route chunks.
 */
export const RichTextEditor = ({
  value,
  onChange,
  label,
  height = DEFAULT_RICH_TEXT_HEIGHT,
  id,
  placeholder,
  error,
  disabled = false,
}: RichTextEditorProps) => {
  const autoId = useId();
  const baseId = id ?? `rte-${autoId}`;
  const labelId = `${baseId}-label`;
  const errorId = `${baseId}-error`;
  const onChangeRef = useRef(onChange);
  useLayoutEffect(() => {
    onChangeRef.current = onChange;
  });
  const [linkOpen, setLinkOpen] = useState(false);
  const [linkUrl, setLinkUrl] = useState('');
  const [linkError, setLinkError] = useState<string | null>(null);
  const popoverRef = useRef<HTMLDivElement>(null);

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        codeBlock: false,
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: 'https',
          protocols: ['http', 'https', 'mailto'],
          isAllowedUri: (url) => isAllowedLink(url),
          HTMLAttributes: { rel: 'noopener noreferrer nofollow', target: '_blank' },
        },
      }),
      Placeholder.configure({ placeholder: placeholder ?? '' }),
    ],
    content: value,
    editable: !disabled,
    editorProps: {
      attributes: {
        id: baseId,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(error ? { 'aria-invalid': 'true', 'aria-describedby': errorId } : {}),
        class: `rte-content min-h-full px-4 py-3 focus:outline-none ${RICH_TEXT_CLASSES}`,
      },
    },
    onUpdate: ({ editor: current }) => {
      onChangeRef.current(toHtml(current));
    },
  });

  // Outside changes (a record loaded into the form, a reset) replace the document.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    if (value !== toHtml(editor)) {
      editor.commands.setContent(value, { emitUpdate: false });
    }
  }, [editor, value]);

  useEffect(() => {
    if (editor && !editor.isDestroyed) editor.setEditable(!disabled, false);
  }, [editor, disabled]);

  const state = useEditorState({
    editor,
    selector: ({ editor: current }) =>
      current
        ? {
            bold: current.isActive('bold'),
            italic: current.isActive('italic'),
            h2: current.isActive('heading', { level: 2 }),
            h3: current.isActive('heading', { level: 3 }),
            bullet: current.isActive('bulletList'),
            ordered: current.isActive('orderedList'),
            quote: current.isActive('blockquote'),
            link: current.isActive('link'),
            canUndo: current.can().undo(),
            canRedo: current.can().redo(),
          }
        : null,
  });

  const handleOpenLink = () => {
    if (!editor) return;
    const current = editor.getAttributes('link') as { href?: string };
    setLinkUrl(current.href ?? 'https://');
    setLinkError(null);
    setLinkOpen(true);
  };

  const handleApplyLink = () => {
    if (!editor) return;
    const href = linkUrl.trim();
    if (!isAllowedLink(href)) {
      setLinkError('Enter a link starting with http://, https:// or mailto:');
      return;
    }
    const chain = editor.chain().focus();
    if (editor.state.selection.empty && !editor.isActive('link')) {
      chain
        .insertContent({
          type: 'text',
          text: href.replace(/^mailto:/i, ''),
          marks: [{ type: 'link', attrs: { href } }],
        })
        // Typing on after the new link writes plain text.
        .unsetMark('link')
        .run();
    } else {
      chain.extendMarkRange('link').setLink({ href }).run();
    }
    setLinkOpen(false);
  };

  const handleCancelLink = () => {
    setLinkOpen(false);
    editor?.commands.focus();
  };

  // Escape inside the link popover closes only the popover. A dialog around the editor listens
  // on the document in the capture phase, so the key is caught earlier, on the window.
  useEffect(() => {
    if (!linkOpen) return;
    const handleKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      if (!(event.target instanceof Node) || !popoverRef.current?.contains(event.target)) return;
      event.stopPropagation();
      event.preventDefault();
      setLinkOpen(false);
      editor?.commands.focus();
    };
    window.addEventListener('keydown', handleKey, { capture: true });
    return () => {
      window.removeEventListener('keydown', handleKey, { capture: true });
    };
  }, [linkOpen, editor]);

  const off = disabled || !editor;
  const run = (fn: (e: Editor) => void) => () => {
    if (editor) fn(editor);
  };

  return (
    <div>
      <div
        id={labelId}
        className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-300"
        onClick={() => editor?.commands.focus()}
      >
        {label}
      </div>
      <div
        className={`flex flex-col overflow-hidden rounded-md border bg-white shadow-xs focus-within:ring-2 focus-within:ring-teal-500/40 dark:bg-slate-950 ${
          error ? 'border-red-500 dark:border-red-400' : 'border-slate-300 dark:border-slate-700'
        }`}
        style={{ height }}
        data-testid="rich-text-editor"
      >
        <div
          role="toolbar"
          aria-label={`${label} formatting`}
          className="flex flex-wrap items-center gap-0.5 border-b border-slate-200 bg-slate-50 px-1.5 py-1 dark:border-slate-800 dark:bg-slate-900"
        >
          <ToolButton
            label="Bold"
            active={state?.bold ?? false}
            disabled={off}
            onClick={run((e) => e.chain().focus().toggleBold().run())}
          >
            <span className="font-bold">B</span>
          </ToolButton>
          <ToolButton
            label="Italic"
            active={state?.italic ?? false}
            disabled={off}
            onClick={run((e) => e.chain().focus().toggleItalic().run())}
          >
            <span className="font-serif italic">I</span>
          </ToolButton>
          <Divider />
          <ToolButton
            label="Heading 2"
            textLabel
            active={state?.h2 ?? false}
            disabled={off}
            onClick={run((e) => e.chain().focus().toggleHeading({ level: 2 }).run())}
          >
            H2
          </ToolButton>
          <ToolButton
            label="Heading 3"
            textLabel
            active={state?.h3 ?? false}
            disabled={off}
            onClick={run((e) => e.chain().focus().toggleHeading({ level: 3 }).run())}
          >
            H3
          </ToolButton>
          <Divider />
          <ToolButton
            label="Bullet list"
            active={state?.bullet ?? false}
            disabled={off}
            onClick={run((e) => e.chain().focus().toggleBulletList().run())}
          >
            <Icon d="M7 5h10M7 10h10M7 15h10M3.5 5h.01M3.5 10h.01M3.5 15h.01" />
          </ToolButton>
          <ToolButton
            label="Numbered list"
            active={state?.ordered ?? false}
            disabled={off}
            onClick={run((e) => e.chain().focus().toggleOrderedList().run())}
          >
            <Icon d="M8 5h9M8 10h9M8 15h9M3 4l1-.5V7M3 7h2M3 13.5a1 1 0 0 1 2 0c0 1-2 1.5-2 2.5h2" />
          </ToolButton>
          <ToolButton
            label="Quote"
            active={state?.quote ?? false}
            disabled={off}
            onClick={run((e) => e.chain().focus().toggleBlockquote().run())}
          >
            <Icon d="M4 6h5v4H6v1a2 2 0 0 0 2 2M11 6h5v4h-3v1a2 2 0 0 0 2 2" />
          </ToolButton>
          <Divider />
          <ToolButton
            label="Link"
            active={state?.link ?? false}
            disabled={off}
            onClick={handleOpenLink}
          >
            <Icon d="M8.5 11.5a3 3 0 0 0 4.2 0l2.5-2.5a3 3 0 0 0-4.2-4.2l-.8.8M11.5 8.5a3 3 0 0 0-4.2 0L4.8 11a3 3 0 0 0 4.2 4.2l.8-.8" />
          </ToolButton>
          <ToolButton
            label="Remove link"
            disabled={off || !(state?.link ?? false)}
            onClick={run((e) => e.chain().focus().extendMarkRange('link').unsetLink().run())}
          >
            <Icon d="M8.5 11.5a3 3 0 0 0 4.2 0l2.5-2.5a3 3 0 0 0-4.2-4.2l-.8.8M11.5 8.5a3 3 0 0 0-4.2 0L4.8 11a3 3 0 0 0 4.2 4.2l.8-.8M3 3l14 14" />
          </ToolButton>
          <Divider />
          <ToolButton
            label="Undo"
            disabled={off || !(state?.canUndo ?? false)}
            onClick={run((e) => e.chain().focus().undo().run())}
          >
            <Icon d="M7 8H13a4 4 0 0 1 0 8H9M7 8l3-3M7 8l3 3" />
          </ToolButton>
          <ToolButton
            label="Redo"
            disabled={off || !(state?.canRedo ?? false)}
            onClick={run((e) => e.chain().focus().redo().run())}
          >
            <Icon d="M13 8H7a4 4 0 0 0 0 8h4M13 8l-3-3M13 8l-3 3" />
          </ToolButton>
        </div>
        {linkOpen ? (
          <div
            ref={popoverRef}
            role="group"
            aria-label="Insert link"
            className="flex flex-wrap items-start gap-2 border-b border-slate-200 bg-white px-2 py-2 dark:border-slate-800 dark:bg-slate-900"
          >
            <div className="min-w-0 flex-1">
              <label htmlFor={`${baseId}-link`} className="sr-only">
                Link URL
              </label>
              <input
                id={`${baseId}-link`}
                type="url"
                autoFocus
                value={linkUrl}
                placeholder="https://example.com"
                aria-invalid={linkError ? true : undefined}
                aria-describedby={linkError ? `${baseId}-link-error` : undefined}
                onChange={(event) => {
                  setLinkUrl(event.target.value);
                  setLinkError(null);
                }}
                onKeyDown={(event) => {
                  // The editor usually sits inside a form: Enter applies the link, not the form.
                  if (event.key === 'Enter') {
                    event.preventDefault();
                    handleApplyLink();
                  }
                }}
                className="h-8 w-full rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 focus:border-teal-500 focus:ring-2 focus:ring-teal-500/30 focus:outline-none dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100"
              />
              {linkError ? (
                <p
                  id={`${baseId}-link-error`}
                  className="mt-1 text-xs text-red-600 dark:text-red-400"
                >
                  {linkError}
                </p>
              ) : null}
            </div>
            <button
              type="button"
              onClick={() => handleApplyLink()}
              className="h-8 rounded-md bg-teal-700 px-3 text-sm font-medium text-white hover:bg-teal-800 dark:bg-teal-500 dark:text-slate-950 dark:hover:bg-teal-400"
            >
              Apply link
            </button>
            <button
              type="button"
              onClick={handleCancelLink}
              className="h-8 rounded-md px-3 text-sm font-medium text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
            >
              Cancel
            </button>
          </div>
        ) : null}
        <div
          className="min-h-0 flex-1 cursor-text overflow-y-auto"
          onClick={(event) => {
            if (event.target === event.currentTarget) editor?.commands.focus('end');
          }}
        >
          <EditorContent editor={editor} className="h-full" />
        </div>
      </div>
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
};

export default RichTextEditor;
