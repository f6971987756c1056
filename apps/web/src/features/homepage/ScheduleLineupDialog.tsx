import { useWatch } from 'react-hook-form';
import {
  HOMEPAGE_LINEUP_TEXTS,
  SCHEDULE_TEXTS,
  homepageLineupInputSchema,
  type HomepageLineup,
} from '@safarnama/contract';
import { FormActions, FormError } from '../../components/ui/Form';
import { IstDateTimeField } from '../../components/ui/IstDateTimeField';
import { Modal } from '../../components/ui/Modal';
import { getErrorMessage } from '../../lib/errors';
import { defaultIstSlot, formatIst, isoToIst, istToIso } from '../../lib/ist';
import { showToast } from '../../lib/toast';
import { useContractForm } from '../../lib/useContractForm';
import type { HomepageSelection } from './homepage.selection';
import {
  useCreateHomepageLineupMutation,
  useUpdateHomepageLineupMutation,
} from './homepageLineups.api';
import { lineupCounts, lineupRequest } from './homepageLineups.selection';

/*
 * Its own chunk, loaded when the dialog opens (HomepageLineups): the form's react-hook-form and
 * the contract's zod schema stay out of the Homepage Settings page.
 */

const muted = 'text-sm text-slate-600 dark:text-slate-400';
const SAVE_FAILED = 'The lineup could not be saved. Please try again.';

/** The contract's lineup body plus the server's clock rule: the start is in the future. */
const lineupFormSchema = homepageLineupInputSchema.refine(
  (input) => Date.parse(input.startsAt) > Date.now(),
  {
    path: ['startsAt'],
    message: SCHEDULE_TEXTS.startsInPast,
    when: (payload) => !payload.issues.some((issue) => issue.path?.[0] === 'startsAt'),
  },
);

/** The start time's form: an IST date and time; `startsAt` carries its error. */
interface LineupFormValues {
  date: string;
  time: string;
  startsAt: string;
}

/**
 * 'Schedule this lineup…': the editor's selection with an IST start, POSTed as a new lineup (with
 * the dialog's Idempotency-Key), or PUT to the lineup loaded into the editor. The contract's rules
 * and a start in the future are checked first; the server's refusals (the 6/8/3 limits, an item
 * the site cannot show, too many waiting) show in the dialog.
 */
export const ScheduleLineupDialog = ({
  selection,
  editing,
  onClose,
  onSaved,
}: {
  selection: HomepageSelection;
  editing: HomepageLineup | null;
  onClose: () => void;
  onSaved: () => void;
}) => {
  const [create] = useCreateHomepageLineupMutation();
  const [update] = useUpdateHomepageLineupMutation();
  const { form, submit, pending, alert } = useContractForm<
    LineupFormValues,
    typeof lineupFormSchema
  >({
    schema: lineupFormSchema,
    defaultValues: {
      ...((editing && isoToIst(editing.startsAt)) ?? defaultIstSlot()),
      startsAt: '',
    },
    toRequest: (values) => lineupRequest(selection, values),
    fieldOf: (path) => (path === 'startsAt' ? 'startsAt' : null),
  });
  const { register, control } = form;
  const [date, time] = useWatch({ control, name: ['date', 'time'] });
  const startsAt = istToIso({ date, time });

  const handleSubmit = submit(
    async (input, idempotencyKey) => {
      if (editing) await update({ id: editing._id, input }).unwrap();
      else await create({ input, idempotencyKey }).unwrap();
      showToast(
        'success',
        editing ? HOMEPAGE_LINEUP_TEXTS.updated : HOMEPAGE_LINEUP_TEXTS.scheduled,
      );
      onClose();
      onSaved();
    },
    { failureMessage: (error) => getErrorMessage(error, SAVE_FAILED) },
  );

  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open && !pending) onClose();
      }}
      title={editing ? 'Reschedule Lineup' : 'Schedule Lineup'}
      description={
        editing
          ? `Saves the editor's selection to the lineup scheduled for ${formatIst(editing.startsAt)}, at the start you choose.`
          : "The editor's selection replaces the live homepage at the start you choose; nothing changes until then."
      }
    >
      <form noValidate onSubmit={(event) => void handleSubmit(event)} className="space-y-5">
        <p className={muted}>
          {lineupCounts({
            places: selection.places.length,
            packages: selection.packages.length,
            blogs: selection.blogs.length,
          })}
          {selection.isActive ? '' : ' · homepage sections off'}
        </p>
        <fieldset disabled={pending} className="min-w-0">
          <IstDateTimeField
            legend="Start at (India Standard Time) *"
            labels={{ date: 'Start date (IST)', time: 'Start time (IST)' }}
            date={register('date', { deps: ['startsAt'] })}
            time={register('time', { deps: ['startsAt'] })}
            value={startsAt}
            error={form.formState.errors.startsAt?.message}
            required
          />
        </fieldset>
        <FormError message={alert} />
        <FormActions
          saving={pending}
          onCancel={onClose}
          saveLabel={editing ? 'Save Lineup' : 'Schedule Lineup'}
        />
      </form>
    </Modal>
  );
};
