import { DELETE_TEXTS, dependantHeading, type DependantGroup } from '@safarnama/contract';
import { Button } from './Button';
import { Modal } from './Modal';

/** A delete the server refused (409): whose, its message, and what depends on it by kind. */
export interface DeleteRefusal {
  /** The record's name, for the title ('Goa cannot be deleted'). */
  name: string;
  /** The server's sentence ('This state is used by 3 places …'). */
  message: string;
  dependants: DependantGroup[];
}

export interface DependantsDialogProps {
  refusal: DeleteRefusal | null;
  onClose: () => void;
}

/**
 * Says why a delete was refused (issue 20): the server's message, then one list per kind with
 * its count and the first names the server sent ('and 7 more' for the rest). Closes with OK,
 * Escape or the close button; focus goes back to the row's Delete button.
 */
export const DependantsDialog = ({ refusal, onClose }: DependantsDialogProps) => (
  <Modal
    open={refusal !== null}
    onOpenChange={(open) => {
      if (!open) onClose();
    }}
    title={refusal ? DELETE_TEXTS.refusedTitle(refusal.name) : ''}
    description={refusal?.message}
  >
    <div className="space-y-4">
      {refusal?.dependants.map((group) => {
        const headingId = `dependants-${group.kind}`;
        const more = group.count - group.items.length;
        return (
          <section key={group.kind} aria-labelledby={headingId}>
            <h3 id={headingId} className="text-sm font-semibold text-slate-900 dark:text-white">
              {dependantHeading(group.kind)} ({group.count})
            </h3>
            <ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm break-words text-slate-700 dark:text-slate-300">
              {group.items.map((item, index) => (
                // Two days of one itinerary share its id (issue 24).
                <li key={`${item._id}:${String(index)}`}>{item.name}</li>
              ))}
            </ul>
            {more > 0 ? (
              <p className="mt-0.5 pl-5 text-sm text-slate-600 dark:text-slate-400">
                {DELETE_TEXTS.more(more)}
              </p>
            ) : null}
          </section>
        );
      })}
      <div className="flex justify-end">
        <Button onClick={onClose}>OK</Button>
      </div>
    </div>
  </Modal>
);
