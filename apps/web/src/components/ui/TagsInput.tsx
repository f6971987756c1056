import { useId, useState, type KeyboardEvent } from 'react';

interface TagsInputProps {
  label: string;
  value: string[];
  onChange: (tags: string[]) => void;
  /** Most tags allowed. */
  maxTags: number;
  /** Longest tag allowed, in characters. */
  maxLength: number;
  placeholder?: string;
  disabled?: boolean;
  error?: string;
}

/**
 * Chip input: typing then Enter or a comma adds a tag (trimmed, duplicates ignored, case-
 * insensitively), × removes one, Backspace in the empty input removes the last.
 */
export const TagsInput = ({
  label,
  value,
  onChange,
  maxTags,
  maxLength,
  placeholder = 'Type a tag and press Enter',
  disabled = false,
  error,
}: TagsInputProps) => {
  const id = useId();
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const full = value.length >= maxTags;
  const message = problem ?? error ?? null;

  const add = (raw: string): void => {
    const tag = raw.trim().replace(/\s+/g, ' ');
    if (!tag) return;
    if (full) {
      setProblem(`At most ${maxTags} tags`);
      return;
    }
    if (tag.length > maxLength) {
      setProblem(`A tag may have at most ${maxLength} characters`);
      return;
    }
    setProblem(null);
    setDraft('');
    if (value.some((existing) => existing.toLowerCase() === tag.toLowerCase())) return;
    onChange([...value, tag]);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      add(draft);
    } else if (event.key === 'Backspace' && draft === '' && value.length > 0) {
      onChange(value.slice(0, -1));
      setProblem(null);
    }
  };

  return (
    <div>
      <label
        htmlFor={id}
        className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-300"
      >
        {label}
      </label>
      <div
        className={`flex min-h-10 flex-wrap items-center gap-1.5 rounded-md border bg-white px-2 py-1.5 focus-within:ring-2 dark:bg-slate-950 ${
          message
            ? 'border-red-500 focus-within:ring-red-500/30'
            : 'border-slate-300 focus-within:border-teal-500 focus-within:ring-teal-500/30 dark:border-slate-700'
        }`}
      >
        <ul className="contents" aria-label={`${label} added`}>
          {value.map((tag) => (
            <li
              key={tag}
              className="inline-flex items-center gap-1 rounded-full bg-teal-50 py-0.5 pr-1 pl-2.5 text-sm text-teal-900 ring-1 ring-teal-200 ring-inset dark:bg-teal-400/10 dark:text-teal-200 dark:ring-teal-400/30"
            >
              {tag}
              <button
                type="button"
                disabled={disabled}
                aria-label={`Remove tag ${tag}`}
                onClick={() => {
                  onChange(value.filter((existing) => existing !== tag));
                  setProblem(null);
                }}
                className="rounded-full px-1 text-teal-700 hover:bg-teal-100 hover:text-teal-950 focus-visible:ring-2 focus-visible:ring-teal-500 focus-visible:outline-none dark:text-teal-300 dark:hover:bg-teal-400/20 dark:hover:text-white"
              >
                ×
              </button>
            </li>
          ))}
        </ul>
        <input
          id={id}
          value={draft}
          disabled={disabled || full}
          placeholder={full ? `${maxTags} tags (the most)` : placeholder}
          aria-invalid={message ? true : undefined}
          aria-describedby={`${id}-hint`}
          onChange={(event) => {
            const next = event.target.value;
            // A pasted "a, b, c" adds every complete tag at once.
            if (next.includes(',')) {
              const parts = next.split(',');
              const rest = parts.pop() ?? '';
              let tags = value;
              for (const part of parts) {
                const tag = part.trim().replace(/\s+/g, ' ');
                if (!tag || tag.length > maxLength || tags.length >= maxTags) continue;
                if (!tags.some((existing) => existing.toLowerCase() === tag.toLowerCase())) {
                  tags = [...tags, tag];
                }
              }
              if (tags !== value) onChange(tags);
              setDraft(rest);
              return;
            }
            setDraft(next);
            if (problem) setProblem(null);
          }}
          onKeyDown={handleKeyDown}
          onBlur={() => {
            if (draft.trim()) add(draft);
          }}
          className="min-w-32 flex-1 bg-transparent py-0.5 text-sm text-slate-900 placeholder:text-slate-400 focus:outline-none disabled:cursor-not-allowed dark:text-slate-100 dark:placeholder:text-slate-500"
        />
      </div>
      <p
        id={`${id}-hint`}
        className={`mt-1 text-xs ${message ? 'text-red-600 dark:text-red-400' : 'text-slate-500 dark:text-slate-400'}`}
        role={message ? 'alert' : undefined}
      >
        {message ??
          `${value.length}/${maxTags} tags · Enter or comma to add · up to ${maxLength} characters each`}
      </p>
    </div>
  );
};
