import {
  useEffect,
  useId,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type Ref,
} from 'react';

export interface MultiSelectOption<V extends string = string> {
  value: V;
  label: string;
}

export interface MultiSelectProps<V extends string> {
  /** The combobox button's id (a `<label htmlFor>` names it: `FormField`'s `id`). */
  id: string;
  /** What is chosen, in words: 'languages' → 'Search languages', 'Selected languages'. */
  noun: string;
  options: readonly MultiSelectOption<V>[];
  value: readonly V[];
  /** The new choice, always in the options' order (values not among the options kept last). */
  onChange: (value: V[]) => void;
  /** Focus left the whole control (react-hook-form's `onBlur`). */
  onBlur?: () => void;
  /** The button's text while nothing is chosen. */
  placeholder?: string;
  disabled?: boolean;
  required?: boolean;
  'aria-invalid'?: true | undefined;
  /** The field's hint and error ids (`FormField`); the 'n selected' summary is added to them. */
  'aria-describedby'?: string | undefined;
  /** Chips shown before the rest fold into '+n more' (default 4). */
  maxChips?: number;
  /** The combobox button (react-hook-form focuses it on an error). */
  ref?: Ref<HTMLButtonElement>;
}

const chipClasses =
  'inline-flex max-w-full items-center gap-1 rounded-full bg-teal-50 py-0.5 pr-1 pl-2.5 text-sm text-teal-900 ring-1 ring-teal-200 ring-inset dark:bg-teal-400/10 dark:text-teal-200 dark:ring-teal-400/30';
const chipButtonClasses =
  'rounded-full px-1 text-teal-700 hover:bg-teal-100 hover:text-teal-950 focus-visible:ring-2 focus-visible:ring-teal-500 focus-visible:outline-none disabled:cursor-not-allowed dark:text-teal-300 dark:hover:bg-teal-400/20 dark:hover:text-white';

/** Keeps `chosen` in the options' order; values not among the options stay, last. */
const inOptionOrder = <V extends string>(
  options: readonly MultiSelectOption<V>[],
  chosen: ReadonlySet<V>,
): V[] => [
  ...options.filter((option) => chosen.has(option.value)).map((option) => option.value),
  ...[...chosen].filter((value) => !options.some((option) => option.value === value)),
];

/**
 * A searchable multi-select (WAI-ARIA select-only combobox + multi-selectable listbox): a button
 * with the 'n selected' summary, the chosen items as chips beside it (each with its own 'Remove
 * <item>' button; past `maxChips` the rest fold into '+n more'), and, when opened (click, Enter,
 * Space, ↓/↑), a search box over a listbox of checkable options. In the search box ↓/↑/Home/End
 * move through the options, Enter toggles the active one (and clears what was typed, so the next
 * search can start at once), Space toggles it while nothing is typed, Escape closes (the dialog
 * around it stays open) and focus goes back to the button; focus leaving the control (Tab past
 * 'Done') or a press elsewhere closes it too. A press on an option keeps focus in the search box.
 * The value is always in the options' order, so a form sends what a native multiple select sent.
 */
export const MultiSelect = <V extends string>({
  id,
  noun,
  options,
  value,
  onChange,
  onBlur,
  placeholder = `Select ${noun}`,
  disabled = false,
  required = false,
  'aria-invalid': invalid,
  'aria-describedby': describedBy,
  maxChips = 4,
  ref,
}: MultiSelectProps<V>) => {
  const baseId = useId();
  const listId = `${baseId}-list`;
  const summaryId = `${baseId}-summary`;
  const optionId = (index: number) => `${baseId}-option-${index}`;
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const [showAll, setShowAll] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);

  const chosen = new Set(value);
  const labelOf = (item: V) => options.find((option) => option.value === item)?.label ?? item;
  const term = query.trim().toLowerCase();
  const shown = term
    ? options.filter((option) => option.label.toLowerCase().includes(term))
    : options;
  const activeIndex = Math.min(active, shown.length - 1);
  const summary = value.length === 0 ? placeholder : `${value.length} selected`;
  const folded = !showAll && value.length > maxChips;
  const chips = folded ? value.slice(0, maxChips) : value;

  const close = (refocus: boolean) => {
    setOpen(false);
    setQuery('');
    if (refocus) buttonRef.current?.focus();
  };

  const openList = () => {
    if (disabled) return;
    const first = options.findIndex((option) => chosen.has(option.value));
    setActive(Math.max(first, 0));
    setOpen(true);
  };

  const toggle = (item: V) => {
    const next = new Set(chosen);
    if (next.has(item)) next.delete(item);
    else next.add(item);
    onChange(inOptionOrder(options, next));
  };

  const remove = (item: V, index: number) => {
    toggle(item);
    // Focus stays in the field: the chip that takes this one's place, else the button. Only if
    // it is still in the field (or on the page, the removed chip gone) when the frame comes: an
    // admin who has moved on to another field keeps typing there.
    requestAnimationFrame(() => {
      const active = document.activeElement;
      if (active && active !== document.body && !rootRef.current?.contains(active)) return;
      const buttons = rootRef.current?.querySelectorAll<HTMLButtonElement>('[data-chip-remove]');
      const next = buttons?.[Math.min(index, buttons.length - 1)];
      (next ?? buttonRef.current)?.focus();
    });
  };

  // The search box takes focus when the list opens.
  useEffect(() => {
    if (open) searchRef.current?.focus();
  }, [open]);

  // The active option stays in view while moving with the keys.
  useEffect(() => {
    if (!open || activeIndex < 0) return;
    document.getElementById(optionId(activeIndex))?.scrollIntoView?.({ block: 'nearest' });
  });

  // While open, Escape closes the list only: seen here (window, capture) before the dialog's
  // own listener (document, capture), which leaves a prevented Escape alone. A press elsewhere
  // moves focus out, and `onRootBlur` closes the list.
  useEffect(() => {
    if (!open) return undefined;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || !rootRef.current?.contains(document.activeElement)) return;
      event.preventDefault();
      close(true);
    };
    window.addEventListener('keydown', onKey, true);
    return () => {
      window.removeEventListener('keydown', onKey, true);
    };
  });

  const onButtonKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (['ArrowDown', 'ArrowUp', 'Enter', ' '].includes(event.key)) {
      event.preventDefault();
      if (open) close(false);
      else openList();
    }
  };

  const onSearchKey = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = shown.length - 1;
    const pick = () => {
      const option = shown[activeIndex];
      if (option) toggle(option.value);
    };
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setActive(activeIndex >= last ? 0 : activeIndex + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        setActive(activeIndex <= 0 ? last : activeIndex - 1);
        break;
      case 'Home':
      case 'End':
        if (!query) {
          event.preventDefault();
          setActive(event.key === 'Home' ? 0 : last);
        }
        break;
      case 'Enter':
        // Never submits the form around it.
        event.preventDefault();
        pick();
        if (query) {
          const option = shown[activeIndex];
          setQuery('');
          setActive(option ? options.indexOf(option) : 0);
        }
        break;
      case ' ':
        if (!query) {
          event.preventDefault();
          pick();
        }
        break;
    }
  };

  const onRootBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (rootRef.current?.contains(event.relatedTarget as Node | null)) return;
    if (open) close(false);
    onBlur?.();
  };

  const boxBorder = invalid
    ? 'border-red-500 focus-within:ring-red-500/30 dark:border-red-500'
    : 'border-slate-300 focus-within:border-teal-500 focus-within:ring-teal-500/30 dark:border-slate-700';

  return (
    <div ref={rootRef} className="relative" onBlur={onRootBlur}>
      <div
        className={`flex min-h-10 w-full flex-wrap items-center gap-1.5 rounded-md border bg-white px-2 py-1.5 focus-within:ring-2 dark:bg-slate-950 ${boxBorder} ${disabled ? 'bg-slate-100 dark:bg-slate-900' : ''}`}
      >
        {value.length > 0 ? (
          <ul aria-label={`Selected ${noun}`} className="contents">
            {chips.map((item, index) => (
              <li key={item} className={chipClasses}>
                <span className="truncate">{labelOf(item)}</span>
                <button
                  type="button"
                  data-chip-remove=""
                  disabled={disabled}
                  aria-label={`Remove ${labelOf(item)}`}
                  onClick={() => {
                    remove(item, index);
                  }}
                  className={chipButtonClasses}
                >
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        {value.length > maxChips ? (
          <button
            type="button"
            aria-expanded={!folded}
            onClick={() => {
              setShowAll(folded);
            }}
            className="rounded px-1 text-sm font-medium text-teal-700 hover:underline focus-visible:ring-2 focus-visible:ring-teal-500 focus-visible:outline-none dark:text-teal-300"
          >
            {folded ? `+${value.length - maxChips} more` : 'Show fewer'}
          </button>
        ) : null}
        <button
          ref={(node) => {
            buttonRef.current = node;
            if (typeof ref === 'function') ref(node);
            else if (ref) ref.current = node;
          }}
          id={id}
          type="button"
          role="combobox"
          aria-haspopup="listbox"
          aria-expanded={open}
          aria-controls={open ? listId : undefined}
          aria-required={required || undefined}
          aria-invalid={invalid}
          aria-describedby={[summaryId, describedBy].filter(Boolean).join(' ')}
          disabled={disabled}
          onClick={() => {
            if (open) close(false);
            else openList();
          }}
          onKeyDown={onButtonKey}
          className="flex min-h-7 min-w-24 flex-1 items-center justify-between gap-2 rounded px-1 text-left text-sm focus:outline-none disabled:cursor-not-allowed"
        >
          <span
            id={summaryId}
            className={
              value.length === 0
                ? 'text-slate-500 dark:text-slate-400'
                : 'font-medium text-slate-700 dark:text-slate-200'
            }
          >
            {summary}
          </span>
          <svg
            viewBox="0 0 20 20"
            fill="currentColor"
            aria-hidden="true"
            className={`size-4 shrink-0 text-slate-500 transition-transform dark:text-slate-400 ${open ? 'rotate-180' : ''}`}
          >
            <path d="M5.22 7.22a.75.75 0 0 1 1.06 0L10 10.94l3.72-3.72a.75.75 0 1 1 1.06 1.06l-4.25 4.25a.75.75 0 0 1-1.06 0L5.22 8.28a.75.75 0 0 1 0-1.06Z" />
          </svg>
        </button>
      </div>

      {open ? (
        <div
          // A press on the panel itself keeps focus where it is (in the search box).
          onMouseDown={(event) => {
            if (event.target !== searchRef.current) event.preventDefault();
          }}
          className="absolute inset-x-0 top-full z-30 mt-1 rounded-md border border-slate-200 bg-white p-2 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          <input
            ref={searchRef}
            type="text"
            value={query}
            aria-label={`Search ${noun}`}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
            autoComplete="off"
            spellCheck={false}
            placeholder="Type to filter…"
            onChange={(event) => {
              setQuery(event.target.value);
              setActive(0);
            }}
            onKeyDown={onSearchKey}
            className="w-full rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-sm text-slate-900 placeholder:text-slate-500 focus:border-teal-500 focus:ring-2 focus:ring-teal-500/30 focus:outline-none dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100 dark:placeholder:text-slate-400"
          />
          <ul
            id={listId}
            role="listbox"
            aria-multiselectable="true"
            aria-label={noun.charAt(0).toUpperCase() + noun.slice(1)}
            className="mt-2 max-h-56 overflow-y-auto"
          >
            {shown.map((option, index) => {
              const selected = chosen.has(option.value);
              return (
                <li
                  key={option.value}
                  id={optionId(index)}
                  role="option"
                  aria-selected={selected}
                  onClick={() => {
                    setActive(index);
                    toggle(option.value);
                  }}
                  className={`flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm text-slate-800 dark:text-slate-100 ${
                    index === activeIndex ? 'bg-slate-100 dark:bg-slate-800' : ''
                  }`}
                >
                  <span
                    aria-hidden="true"
                    className={`flex size-4 shrink-0 items-center justify-center rounded border ${
                      selected
                        ? 'border-teal-700 bg-teal-700 text-white dark:border-teal-400 dark:bg-teal-400 dark:text-slate-950'
                        : 'border-slate-400 dark:border-slate-500'
                    }`}
                  >
                    {selected ? (
                      <svg viewBox="0 0 16 16" fill="currentColor" className="size-3">
                        <path d="M12.7 4.3a1 1 0 0 1 0 1.4l-5.5 5.5a1 1 0 0 1-1.4 0L3.3 8.7a1 1 0 1 1 1.4-1.4l1.8 1.8 4.8-4.8a1 1 0 0 1 1.4 0Z" />
                      </svg>
                    ) : null}
                  </span>
                  {option.label}
                </li>
              );
            })}
          </ul>
          {shown.length === 0 ? (
            <p className="px-2 py-1.5 text-sm text-slate-500 dark:text-slate-400">
              No {noun} match “{query.trim()}”.
            </p>
          ) : null}
          <p role="status" className="sr-only">
            {term ? `${shown.length} of ${options.length} ${noun} shown` : ''}
          </p>
          <div className="mt-2 flex items-center justify-between border-t border-slate-200 pt-2 text-xs text-slate-500 dark:border-slate-700 dark:text-slate-400">
            <span aria-hidden="true">{value.length} selected</span>
            <button
              type="button"
              onClick={() => {
                close(true);
              }}
              className="rounded px-2 py-1 text-sm font-medium text-teal-700 hover:bg-teal-50 focus-visible:ring-2 focus-visible:ring-teal-500 focus-visible:outline-none dark:text-teal-300 dark:hover:bg-teal-400/10"
            >
              Done
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
};
