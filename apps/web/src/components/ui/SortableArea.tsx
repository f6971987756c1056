import type { ReactNode } from 'react';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';

interface SortableAreaProps {
  /** The ids of the sortable items, in their order. */
  ids: string[];
  /** `list` for a vertical list, `grid` for cards that wrap. */
  layout?: 'list' | 'grid';
  /** Called when an item is dropped at another item's place. */
  onMove: (from: number, to: number) => void;
  /** What screen readers call an item (default "Item <position>"); never its internal id. */
  itemName?: (index: number) => string;
  children: ReactNode;
}

const defaultName = (index: number) => `Item ${index + 1}`;

/** What dnd-kit's live region says during a drag: names and positions, not internal ids. */
export const sortAnnouncements = (
  ids: readonly string[],
  itemName: (index: number) => string = defaultName,
): Announcements => {
  const at = (id: UniqueIdentifier | undefined) =>
    id === undefined ? -1 : ids.indexOf(String(id));
  const name = (id: UniqueIdentifier) => {
    const index = at(id);
    return index >= 0 ? itemName(index) : 'The item';
  };
  const place = (id: UniqueIdentifier | undefined) => `position ${at(id) + 1} of ${ids.length}`;
  return {
    onDragStart: ({ active }) => `Picked up ${name(active.id)}, ${place(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${name(active.id)} is over ${place(over.id)}.`
        : `${name(active.id)} is no longer over a position.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `${name(active.id)} was dropped at ${place(over.id)}.`
        : `${name(active.id)} was dropped.`,
    onDragCancel: ({ active }) =>
      `Moving was cancelled. ${name(active.id)} stays at ${place(active.id)}.`,
  };
};

const SCREEN_READER_INSTRUCTIONS = {
  draggable:
    'To move this item, press space or enter. Use the arrow keys to move it, space or enter again to drop it, or escape to cancel.',
};

/**
 * Drag-to-reorder for the items inside (each uses `useSortableItem(id)`): pointer dragging after
 * a 4 px move, so clicks inside the items still work, and the keyboard (space, arrows, space).
 */
export const SortableArea = ({
  ids,
  layout = 'list',
  onMove,
  itemName,
  children,
}: SortableAreaProps) => {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const handleDragEnd = ({ active, over }: DragEndEvent): void => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from >= 0 && to >= 0) onMove(from, to);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={handleDragEnd}
      accessibility={{
        announcements: sortAnnouncements(ids, itemName),
        screenReaderInstructions: SCREEN_READER_INSTRUCTIONS,
      }}
    >
      <SortableContext
        items={ids}
        strategy={layout === 'grid' ? rectSortingStrategy : verticalListSortingStrategy}
      >
        {children}
      </SortableContext>
    </DndContext>
  );
};

/**
 * One item of a `SortableArea`: spread `itemProps` on its element (the ref and the moving
 * style), give `handleProps` to its `DragHandle`; `frame` is its border, raised while dragged.
 */
export const useSortableItem = (id: string, disabled = false) => {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id, disabled });
  return {
    itemProps: {
      ref: setNodeRef,
      style: { transform: CSS.Translate.toString(transform), transition },
    },
    handleProps: { ref: setActivatorNodeRef, ...attributes, ...listeners },
    frame: isDragging
      ? 'z-10 border-teal-500 shadow-lg ring-2 ring-teal-500/40'
      : 'border-slate-200 dark:border-slate-700',
  };
};

/** The grip button that drags a sortable item (keyboard: space, arrows, space). */
export const DragHandle = ({
  handleProps,
  label,
  className,
}: {
  handleProps: ReturnType<typeof useSortableItem>['handleProps'];
  /** Its accessible name ('Drag to reorder day 2'). */
  label: string;
  className: string;
}) => (
  <button
    type="button"
    {...handleProps}
    aria-label={label}
    title="Drag to reorder"
    className={`inline-flex size-8 cursor-grab touch-none items-center justify-center rounded-md focus-visible:ring-2 focus-visible:ring-teal-500 focus-visible:outline-none active:cursor-grabbing ${className}`}
  >
    <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="size-4">
      <path d="M7 4a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0Zm0 6a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0Zm-1.5 7.5a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3ZM16 4a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0Zm-1.5 7.5a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3ZM16 16a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0Z" />
    </svg>
  </button>
);
