import type { ReactNode } from 'react';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';

interface SortableAreaProps {
  /** The ids of the sortable items, in their order. */
  ids: string[];
  /** `list` for a vertical list, `grid` for cards that wrap. */
  layout?: 'list' | 'grid';
  /** Called when an item is dropped at another item's place. */
  onMove: (from: number, to: number) => void;
  children: ReactNode;
}

/**
 * Drag-to-reorder for the items inside (each uses `useSortable({ id })`): pointer dragging after
 * a 4 px move, so clicks inside the items still work, and the keyboard (space, arrows, space).
 */
export const SortableArea = ({ ids, layout = 'list', onMove, children }: SortableAreaProps) => {
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
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={handleDragEnd}>
      <SortableContext
        items={ids}
        strategy={layout === 'grid' ? rectSortingStrategy : verticalListSortingStrategy}
      >
        {children}
      </SortableContext>
    </DndContext>
  );
};
