import { useMemo, type ReactNode } from 'react';
import type { Image, RevisionEntity } from '@safarnama/contract';
import { Thumbnail } from '../../components/ui/Thumbnail';
import {
  isEmptyValue,
  isJson,
  listItems,
  nameOf,
  plainText,
  refIds,
  refKind,
  scalarText,
  snapshotImages,
  valueKind,
  type DiffRow,
  type Names,
} from './revisionFormat';
import { sideOf, wordDiff, type DiffPart } from './textDiff';

type Side = 'before' | 'after';

const removedClasses =
  'rounded-sm bg-red-100 px-0.5 text-red-800 line-through decoration-red-700/60 dark:bg-red-500/25 dark:text-red-100 dark:decoration-red-200/60';
const addedClasses =
  'rounded-sm bg-green-100 px-0.5 text-green-800 no-underline dark:bg-green-500/25 dark:text-green-100';
const muted = 'text-slate-500 dark:text-slate-400';

/** What a side marks: the 'before' side what went, the 'after' side what came. */
const changeClasses = (side: Side) => (side === 'before' ? removedClasses : addedClasses);
const changeWord = (side: Side) => (side === 'before' ? 'removed' : 'added');

const Empty = () => (
  <span className={muted}>
    <span aria-hidden="true">—</span>
    <span className="sr-only">empty</span>
  </span>
);

/** A marked piece: highlighted, with the change said for screen readers. */
const Marked = ({ side, children }: { side: Side; children: ReactNode }) => {
  const Tag = side === 'before' ? 'del' : 'ins';
  return (
    <Tag className={changeClasses(side)}>
      <span className="sr-only">{changeWord(side)}: </span>
      {children}
    </Tag>
  );
};

/** Rich or long text compared as text: the words that went or came are marked. */
const TextSide = ({ parts, side }: { parts: readonly DiffPart[]; side: Side }) => {
  const shown = sideOf(parts, side);
  if (shown.length === 0) return <Empty />;
  return (
    <p className="whitespace-pre-line">
      {shown.map((part, index) => {
        // A new line goes before the mark, not inside it.
        const lead = /^\n*/.exec(part.text)?.[0] ?? '';
        const body = part.text.slice(lead.length);
        return (
          <span key={index}>
            {lead || (index > 0 ? ' ' : null)}
            {part.kind === 'same' || !body ? body : <Marked side={side}>{body}</Marked>}
          </span>
        );
      })}
    </p>
  );
};

/** Items of a list, those the other side lacks marked (languages, tags, months, chosen items). */
const Chips = ({ items, others, side }: { items: string[]; others: string[]; side: Side }) => {
  if (items.length === 0) return <Empty />;
  const other = new Set(others);
  return (
    <ul className="flex flex-wrap gap-1">
      {items.map((item, index) => (
        <li
          key={`${index}-${item}`}
          className={`rounded px-1.5 py-0.5 text-xs ${
            other.has(item)
              ? 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300'
              : changeClasses(side)
          }`}
        >
          {other.has(item) ? null : <span className="sr-only">{changeWord(side)}: </span>}
          {item}
        </li>
      ))}
    </ul>
  );
};

/** Days or FAQs: numbered entries, an entry the other side does not have word for word marked. */
const Entries = ({
  value,
  other,
  side,
  render,
}: {
  value: unknown;
  other: unknown;
  side: Side;
  render: (entry: Record<string, unknown>, index: number) => ReactNode;
}) => {
  const entries = (Array.isArray(value) ? value : []).filter(isJson);
  if (entries.length === 0) return <Empty />;
  const others = new Set((Array.isArray(other) ? other : []).map((entry) => JSON.stringify(entry)));
  return (
    <ol className="space-y-2">
      {entries.map((entry, index) => {
        const changed = !others.has(JSON.stringify(entry));
        return (
          <li
            key={index}
            className={`rounded-md border px-2 py-1.5 ${
              changed
                ? side === 'before'
                  ? 'border-red-300 dark:border-red-500/50'
                  : 'border-green-300 dark:border-green-500/50'
                : 'border-slate-200 dark:border-slate-700'
            }`}
          >
            {changed ? (
              <span
                className={`mb-1 inline-block rounded px-1 text-xs font-medium ${changeClasses(side)} no-underline`}
              >
                {side === 'before' ? 'Changed or removed' : 'New or changed'}
              </span>
            ) : null}
            {render(entry, index)}
          </li>
        );
      })}
    </ol>
  );
};

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

const dayEntry = (entry: Record<string, unknown>, index: number) => (
  <>
    <p className="font-medium">
      Day {index + 1}: {text(entry.title)}
    </p>
    {text(entry.description) ? (
      <p className={`whitespace-pre-line ${muted}`}>{plainText(entry.description)}</p>
    ) : null}
  </>
);

const faqEntry = (entry: Record<string, unknown>) => (
  <>
    <p className="font-medium">Q: {text(entry.question)}</p>
    <p className={`whitespace-pre-line ${muted}`}>A: {text(entry.answer)}</p>
  </>
);

/** Images in order as thumbnails with their alt texts; what differs from the other side is said. */
const Images = ({
  value,
  other,
  side,
  images,
}: {
  value: unknown;
  other: unknown;
  side: Side;
  images: ReadonlyMap<string, Image>;
}) => {
  const list = snapshotImages(value);
  if (list.length === 0) return <Empty />;
  const others = snapshotImages(other);
  const otherIndex = new Map(others.map((image, index) => [image._id, index]));
  return (
    <ol className="grid grid-cols-2 gap-2 sm:grid-cols-3">
      {list.map((image, index) => {
        const at = otherIndex.get(image._id);
        const notes: string[] = [];
        if (at === undefined) notes.push(side === 'before' ? 'Removed' : 'Added');
        else {
          if (others[at]?.altText !== image.altText) notes.push('Alt text changed');
          if (at !== index) {
            notes.push(`${side === 'before' ? 'Moved to' : 'Moved from'} position ${at + 1}`);
          }
        }
        const stored = images.get(image._id);
        return (
          <li
            key={image._id}
            className={`flex min-w-0 flex-col gap-1 rounded-md border p-1.5 text-xs ${
              notes.length > 0
                ? side === 'before'
                  ? 'border-red-300 dark:border-red-500/50'
                  : 'border-green-300 dark:border-green-500/50'
                : 'border-slate-200 dark:border-slate-700'
            }`}
          >
            <Thumbnail image={stored} className="h-16 w-full" />
            <span className="sr-only">Image {index + 1}: </span>
            <span className="break-words">
              {image.altText || <span className={muted}>No alt text</span>}
            </span>
            {stored ? null : <span className={muted}>No longer stored</span>}
            {notes.length > 0 ? (
              <span className={`self-start ${changeClasses(side)} no-underline`}>
                {notes.join(' · ')}
              </span>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
};

export interface FieldDiffProps {
  entity: RevisionEntity;
  row: DiffRow;
  names: Names;
  images: ReadonlyMap<string, Image>;
  /** The first version: only its values, nothing before. */
  single: boolean;
  beforeLabel: string;
  afterLabel: string;
}

/** One changed field: its label, then the value before and after side by side (stacked when narrow). */
export const FieldDiff = ({
  entity,
  row,
  names,
  images,
  single,
  beforeLabel,
  afterLabel,
}: FieldDiffProps) => {
  const kind = valueKind(row);
  const parts = useMemo(
    () => (kind === 'long-text' ? wordDiff(plainText(row.from), plainText(row.to)) : []),
    [kind, row.from, row.to],
  );

  const render = (value: unknown, other: unknown, side: Side): ReactNode => {
    switch (kind) {
      case 'long-text':
        return single ? (
          <p className="whitespace-pre-line">{plainText(value) || <Empty />}</p>
        ) : (
          <TextSide parts={parts} side={side} />
        );
      case 'list':
        return (
          <Chips
            items={listItems(row.field, value)}
            others={single ? listItems(row.field, value) : listItems(row.field, other)}
            side={side}
          />
        );
      case 'refs': {
        const kindName = refKind(row.field) ?? 'item';
        const named = (ids: string[]) => ids.map((id) => nameOf(id, kindName, names));
        const items = named(refIds(value));
        return <Chips items={items} others={single ? items : named(refIds(other))} side={side} />;
      }
      case 'ref':
        return typeof value === 'string' && value ? (
          <span>{nameOf(value, refKind(row.field) ?? 'record', names)}</span>
        ) : (
          <Empty />
        );
      case 'days':
        return (
          <Entries value={value} other={single ? value : other} side={side} render={dayEntry} />
        );
      case 'faqs':
        return (
          <Entries value={value} other={single ? value : other} side={side} render={faqEntry} />
        );
      case 'images':
        return <Images value={value} other={single ? value : other} side={side} images={images} />;
      default:
        return isEmptyValue(value) ? (
          <Empty />
        ) : (
          <span>{scalarText(entity, row.field, value)}</span>
        );
    }
  };

  return (
    <section
      aria-label={row.label}
      className="rounded-lg border border-slate-200 p-3 dark:border-slate-700"
    >
      <h4 className="text-sm font-semibold text-slate-900 dark:text-white">{row.label}</h4>
      <div className={`mt-2 grid gap-2 ${single ? '' : 'sm:grid-cols-2'}`}>
        {single ? null : (
          <div className="min-w-0 rounded-md bg-red-50/60 p-2 dark:bg-red-500/5">
            <p className={`text-xs font-medium tracking-wide uppercase ${muted}`}>{beforeLabel}</p>
            <div className="mt-1 text-sm break-words text-slate-800 dark:text-slate-200">
              {render(row.from, row.to, 'before')}
            </div>
          </div>
        )}
        <div
          className={`min-w-0 rounded-md p-2 ${single ? 'bg-slate-50 dark:bg-slate-800/40' : 'bg-green-50/60 dark:bg-green-500/5'}`}
        >
          <p className={`text-xs font-medium tracking-wide uppercase ${muted}`}>{afterLabel}</p>
          <div className="mt-1 text-sm break-words text-slate-800 dark:text-slate-200">
            {render(row.to, row.from, 'after')}
          </div>
        </div>
      </div>
    </section>
  );
};
