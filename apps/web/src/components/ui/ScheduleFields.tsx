import { useWatch, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { formatIst, istToIso } from '../../lib/ist';
import type { ScheduleFormValues } from '../../lib/schedule';
import { hintClasses } from './Form';
import { IstDateTimeField } from './IstDateTimeField';

/** What "live" and "not live" are for each kind of record (itinerary: active; blog: published). */
const WORDS = {
  itinerary: { noun: 'itinerary', down: 'inactive', up: 'goes active' },
  blog: { noun: 'blog', down: 'a draft', up: 'is published' },
} as const;

interface ScheduleFieldsProps<T extends FieldValues, R> {
  /** The form (`useContractForm`'s), whose values include `ScheduleFormValues`. */
  form: UseFormReturn<T, unknown, R>;
  kind: keyof typeof WORDS;
  disabled?: boolean;
}

/**
 * The forms' "Schedule" section (issue 21): optional 'Publish at' and 'Unpublish at', each an IST
 * date and time with a 'Clear' button, their errors (the contract's and the server's, on
 * `publishAt` / `unpublishAt`), and what a future publish time does: the record is saved not live
 * and goes live by itself at that time.
 */
export const ScheduleFields = <T extends FieldValues & ScheduleFormValues, R>({
  form: anyForm,
  kind,
  disabled = false,
}: ScheduleFieldsProps<T, R>) => {
  // One view of the form by the schedule's own field names (a form's values extend them).
  const form = anyForm as unknown as UseFormReturn<ScheduleFormValues, unknown, unknown>;
  const { register, control, setValue, clearErrors } = form;
  const { errors } = form.formState;
  const [publishDate, publishTime, unpublishDate, unpublishTime] = useWatch({
    control,
    name: ['publishDate', 'publishTime', 'unpublishDate', 'unpublishTime'],
  });
  const publishAt = istToIso({ date: publishDate, time: publishTime });
  const unpublishAt = istToIso({ date: unpublishDate, time: unpublishTime });
  const words = WORDS[kind];
  // A change of either time re-checks both errors (the order rule spans them).
  const deps = { deps: ['publishAt', 'unpublishAt'] satisfies (keyof ScheduleFormValues)[] };

  const clear = (which: 'publish' | 'unpublish') => () => {
    setValue(`${which}Date`, '', { shouldDirty: true });
    setValue(`${which}Time`, '', { shouldDirty: true });
    clearErrors([`${which}At`, 'unpublishAt']);
  };

  return (
    <div className="space-y-4">
      <div className="grid gap-4 lg:grid-cols-2">
        <IstDateTimeField
          legend="Publish at (IST)"
          labels={{ date: 'Publish date (IST)', time: 'Publish time (IST)' }}
          date={register('publishDate', deps)}
          time={register('publishTime', deps)}
          value={publishAt}
          error={errors.publishAt?.message}
          hint="Optional. Asia/Kolkata, UTC+05:30."
          clear={
            publishDate || publishTime
              ? { label: 'Clear publish time', onClear: clear('publish'), disabled }
              : undefined
          }
        />
        <IstDateTimeField
          legend="Unpublish at (IST)"
          labels={{ date: 'Unpublish date (IST)', time: 'Unpublish time (IST)' }}
          date={register('unpublishDate', deps)}
          time={register('unpublishTime', deps)}
          value={unpublishAt}
          error={errors.unpublishAt?.message}
          hint="Optional. Asia/Kolkata, UTC+05:30."
          clear={
            unpublishDate || unpublishTime
              ? { label: 'Clear unpublish time', onClear: clear('unpublish'), disabled }
              : undefined
          }
        />
      </div>
      <p role="note" className={hintClasses}>
        {publishAt
          ? `Saving keeps the ${words.noun} ${words.down} until ${formatIst(publishAt)}; then it ${words.up} by itself.`
          : `A future publish time keeps the ${words.noun} ${words.down} until then; it ${words.up} by itself at that time.`}
        {unpublishAt ? ` At ${formatIst(unpublishAt)} it becomes ${words.down}.` : ''}
      </p>
    </div>
  );
};
