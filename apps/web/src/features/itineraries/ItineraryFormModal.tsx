import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { Controller, useFieldArray, useWatch, type Control } from 'react-hook-form';
import {
  GROUP_SIZE_MIN,
  ITINERARY_LIMITS,
  ITINERARY_MESSAGES,
  ITINERARY_TEXTS,
  LANGUAGES,
  META_DESCRIPTION_ROWS,
  PRICE_MIN,
  RICH_TEXT_HEIGHT,
  TOUR_TYPES,
  itineraryInputSchema,
  type Itinerary,
} from '@safarnama/contract';
import { Button } from '../../components/ui/Button';
import { LazyRichTextEditor } from '../../components/ui/LazyRichTextEditor';
import { Modal } from '../../components/ui/Modal';
import { EditingNote } from '../../app/realtime/EditingNote';
import { ScheduleFields } from '../../components/ui/ScheduleFields';
import { MultiSelect, type MultiSelectOption } from '../../components/ui/MultiSelect';
import { getErrorEnvelope, getErrorStatus, wasAnswered } from '../../lib/errors';
import { showToast } from '../../lib/toast';
import { useContractForm } from '../../lib/useContractForm';
import { formSide, useVersionedSave } from '../../lib/useVersionedSave';
import { withScheduleRules } from '../../lib/schedule';
import { LocationFields } from '../geography/LocationFields';
import { ImageLibraryPicker } from '../image-libraries/ImageLibraryPicker';
import { placesOfRecord, routeStopsOf, type PickedPlace, type PlaceCache } from './routeStops';
import { LazyItineraryRouteMap } from './LazyItineraryRouteMap';
import {
  fieldErrorClasses,
  FormActions,
  FormError,
  FormField,
  FormSelect,
  iconButtonClasses,
  textOptions,
  type ControlProps,
} from '../../components/ui/Form';
import {
  ITINERARY_REQUIRED_MESSAGES,
  MONTH_OPTIONS,
  initialItineraryValues,
  toItineraryRequest,
  type ItineraryFormValues,
} from './itineraries.form';
import { useCreateItineraryMutation, useUpdateItineraryMutation } from './itineraries.api';
import { ITINERARY_CONFLICT_FIELDS } from './itineraries.conflict';
import { getDisplaySettings } from '../../lib/format';
import { HistoryButton } from '../revisions/LazyHistoryPanel';
import { DownloadPdfButton } from './DownloadPdfButton';
import { LazyItineraryQuality } from './LazyItineraryQuality';
import { ItinerarySeoPreview } from './ItinerarySeoPreview';
import { loadWithTimeout } from '../../app/lazy';

/** Issue 22: the pricing section (bands, GST, the live table) in its own chunk (60 KB budget). */
const ItineraryPricingSection = lazy(() =>
  loadWithTimeout(() => import('./ItineraryPricingSection')).then((module) => ({
    default: module.ItineraryPricingSection,
  })),
);

/** Issue 22: Highlights, Inclusions and Exclusions, in their own chunk too. */
const ItineraryTextLists = lazy(() =>
  loadWithTimeout(() => import('./ItineraryTextLists')).then((module) => ({
    default: module.ItineraryTextLists,
  })),
);

/** The days' editor with its drag and drop (dnd-kit), in its own chunk as well. */
const ItineraryDaysEditor = lazy(() =>
  loadWithTimeout(() => import('./ItineraryDaysEditor')).then((module) => ({
    default: module.ItineraryDaysEditor,
  })),
);

/** Issue 22: the days' places in order on a map, redrawn as the days change. */
const RouteOfDays = ({
  control,
  places,
}: {
  control: Control<ItineraryFormValues, unknown, unknown>;
  places: PlaceCache;
}) => {
  const days = useWatch({ control, name: 'dailyItinerary' });
  const stops = routeStopsOf(days, places);
  return (
    <div className="mt-4">
      <h4 className="mb-2 text-sm font-medium text-slate-700 dark:text-slate-300">Route</h4>
      <LazyItineraryRouteMap stops={stops} />
    </div>
  );
};

/** What a section loaded on its own shows meanwhile. */
const SectionLoading = ({ label }: { label: string }) => (
  <div
    aria-busy="true"
    className="h-24 animate-pulse rounded-md border border-dashed border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-800/40"
  >
    <span className="sr-only">Loading {label}…</span>
  </div>
);

interface ItineraryFormModalProps {
  /** null: 'Create New Itinerary'; a listed itinerary: 'Edit Itinerary'. */
  record: Itinerary | null;
  onClose: () => void;
}

/** Spec §8: the server's message, else 'Failed to save…' (answered) or 'Error updating/creating…'. */
const failureMessage = (error: unknown): string =>
  getErrorEnvelope(error)?.message ||
  (wasAnswered(error) ? ITINERARY_MESSAGES.saveFailed : ITINERARY_MESSAGES.saveError);

const LANGUAGE_OPTIONS = textOptions(LANGUAGES);

const Section = ({ title, children }: { title: string; children: ReactNode }) => {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border border-slate-200 p-4 dark:border-slate-800"
    >
      <h3 id={headingId} className="mb-4 text-base font-semibold text-slate-900 dark:text-white">
        {title}
      </h3>
      {children}
    </section>
  );
};

/** Languages or Months: a `MultiSelect` bound to its form field, with the `FormField`'s props. */
const ChoicesField = <V extends string>({
  control,
  name,
  noun,
  options,
  required,
  'control-props': props,
}: {
  control: Control<ItineraryFormValues, unknown, unknown>;
  name: 'languages' | 'months';
  noun: string;
  options: readonly MultiSelectOption<V>[];
  required?: boolean;
  'control-props': ControlProps;
}) => (
  <Controller
    control={control}
    name={name}
    render={({ field }) => (
      <MultiSelect
        id={props.id}
        aria-invalid={props['aria-invalid']}
        aria-describedby={props['aria-describedby']}
        ref={field.ref}
        noun={noun}
        options={options}
        value={field.value as V[]}
        onChange={field.onChange}
        onBlur={field.onBlur}
        required={required ?? false}
      />
    )}
  />
);

/**
 * 'Create New Itinerary' / 'Edit Itinerary' (spec §2): Itinerary Information, Seasonal & Group
 * Pricing (issue 22), SEO Optimization (public only), Location Details, Daily Itinerary (add,
 * edit, delete, reorder by dragging; issue 22: each day's places, meals, stay, transfer, image),
 * Highlights, Inclusions & Exclusions (issue 22) and FAQs (public only). On `useContractForm` with the contract's `itineraryInputSchema`; a create
 * carries the form's Idempotency-Key; spec §8's texts on success and failure.
 */
export const ItineraryFormModal = ({ record, onClose }: ItineraryFormModalProps) => {
  const isEdit = record !== null;
  const { form, submit, pending, alert, dirty } = useContractForm<
    ItineraryFormValues,
    typeof itineraryInputSchema
  >({
    schema: withScheduleRules(itineraryInputSchema, record),
    defaultValues: initialItineraryValues(record),
    toRequest: (values) => toItineraryRequest(values, record),
    requiredMessages: ITINERARY_REQUIRED_MESSAGES,
  });
  const { register, control, setValue, clearErrors, setError } = form;
  const { errors } = form.formState;
  const faqs = useFieldArray({ control, name: 'faqs' });
  const [visibility, countryId, stateId, placeId] = useWatch({
    control,
    name: ['visibility', 'countryId', 'stateId', 'placeId'],
  });
  // Issue 22: the names and coordinates of the days' places, saved and picked (the route map's).
  const [places, setPlaces] = useState<PlaceCache>(() => placesOfRecord(record));
  const rememberPlaces = (known: PlaceCache) => {
    setPlaces((cache) => ({ ...cache, ...known }));
  };
  const rememberPlace = (place: PickedPlace) => {
    rememberPlaces({ [place._id]: place });
  };
  const [create] = useCreateItineraryMutation();
  const [update] = useUpdateItineraryMutation();
  // Issue 21: saves send the version the form opened with; a stale one opens the conflict dialog.
  const versioned = useVersionedSave({
    ...formSide(form, () => handleSubmit()),
    version: record?.version,
    noun: 'itinerary',
    fields: ITINERARY_CONFLICT_FIELDS,
    toValues: (current) => {
      rememberPlaces(placesOfRecord(current as unknown as Itinerary));
      return initialItineraryValues(current as unknown as Itinerary);
    },
  });
  const descriptionId = useId();
  const isPublic = visibility === 'public';

  const handleSubmit = submit(
    async (input, idempotencyKey) => {
      if (record) await update({ id: record._id, input, version: versioned.version() }).unwrap();
      else await create({ input, idempotencyKey }).unwrap();
      showToast('success', isEdit ? ITINERARY_MESSAGES.updated : ITINERARY_MESSAGES.created);
      onClose();
    },
    {
      failureMessage,
      onError: (error) => {
        if (versioned.caught(error)) return true;
        const message = failureMessage(error);
        // 409: another itinerary of this place has the title (the server's unique rule).
        if (getErrorStatus(error) === 409 && getErrorEnvelope(error)?.message && !errors.title) {
          setError('title', { type: 'server', message });
        }
        showToast('error', message);
      },
    },
  );

  return (
    <Modal
      open
      dirty={dirty && !pending}
      onOpenChange={(open) => {
        if (!open && !pending) onClose();
      }}
      title={isEdit ? ITINERARY_TEXTS.editTitle : ITINERARY_TEXTS.createTitle}
      size="max-w-4xl"
      actions={
        record ? (
          <>
            <DownloadPdfButton itineraryId={record._id} />
            <HistoryButton
              entity="itinerary"
              id={record._id}
              name={record.title}
              record={record}
              onRestored={onClose}
            />
          </>
        ) : undefined
      }
    >
      <form noValidate onSubmit={(event) => void handleSubmit(event)} className="space-y-5">
        <EditingNote entity="itinerary" id={record?._id} />
        <LazyItineraryQuality control={form.control} record={record} />
        <fieldset disabled={pending} className="min-w-0 space-y-5">
          <Section title="Itinerary Information">
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField label="Title *" error={errors.title?.message} className="sm:col-span-2">
                {(props) => (
                  <input
                    {...props}
                    {...register('title')}
                    required
                    maxLength={ITINERARY_LIMITS.title}
                  />
                )}
              </FormField>
              <FormField label="Duration *" error={errors.duration?.message}>
                {(props) => (
                  <input
                    {...props}
                    {...register('duration')}
                    required
                    maxLength={ITINERARY_LIMITS.duration}
                    placeholder={ITINERARY_TEXTS.durationPlaceholder}
                  />
                )}
              </FormField>
              <FormField label="Type *" error={errors.type?.message}>
                {(props) => (
                  <FormSelect
                    {...props}
                    {...register('type')}
                    required
                    placeholder={ITINERARY_TEXTS.selectType}
                    options={textOptions(TOUR_TYPES)}
                  />
                )}
              </FormField>
              <FormField label="Group Size *" error={errors.groupSize?.message}>
                {(props) => (
                  <input
                    {...props}
                    {...register('groupSize', { valueAsNumber: true })}
                    type="number"
                    inputMode="numeric"
                    min={GROUP_SIZE_MIN}
                    max={ITINERARY_LIMITS.groupSizeMax}
                    step={1}
                    required
                  />
                )}
              </FormField>
              <FormField
                label={`Price per Person (${getDisplaySettings().currencySymbol}) *`}
                error={errors.pricePerPerson?.message}
              >
                {(props) => (
                  <input
                    {...props}
                    {...register('pricePerPerson', { valueAsNumber: true })}
                    type="number"
                    inputMode="numeric"
                    min={PRICE_MIN}
                    max={ITINERARY_LIMITS.priceMax}
                    step={1}
                    required
                  />
                )}
              </FormField>
              <FormField label="Languages *" error={errors.languages?.message}>
                {(props) => (
                  <ChoicesField
                    control={control}
                    name="languages"
                    noun="languages"
                    options={LANGUAGE_OPTIONS}
                    control-props={props}
                    required
                  />
                )}
              </FormField>
              <FormField
                label="Months"
                error={errors.months?.message}
                hint={ITINERARY_TEXTS.monthsHint}
              >
                {(props) => (
                  <ChoicesField
                    control={control}
                    name="months"
                    noun="months"
                    options={MONTH_OPTIONS}
                    control-props={props}
                  />
                )}
              </FormField>
              <FormField label="Visibility *" error={errors.visibility?.message}>
                {(props) => (
                  <FormSelect
                    {...props}
                    {...register('visibility')}
                    required
                    options={[
                      { value: 'public', label: 'Public' },
                      { value: 'private', label: 'Private' },
                    ]}
                  />
                )}
              </FormField>
              <div>
                <Controller
                  control={control}
                  name="imageLibraryId"
                  render={({ field, fieldState }) => (
                    <>
                      <ImageLibraryPicker value={field.value} onChange={field.onChange} />
                      {fieldState.error ? (
                        <p className={fieldErrorClasses}>{fieldState.error.message}</p>
                      ) : null}
                    </>
                  )}
                />
              </div>
              <div className="sm:col-span-2">
                <Controller
                  control={control}
                  name="description"
                  render={({ field, fieldState }) => (
                    <LazyRichTextEditor
                      id={descriptionId}
                      label="Tour Description"
                      value={field.value}
                      height={RICH_TEXT_HEIGHT}
                      error={fieldState.error?.message}
                      disabled={pending}
                      onChange={field.onChange}
                    />
                  )}
                />
              </div>
            </div>
          </Section>

          <Section title="Seasonal & Group Pricing">
            <Suspense fallback={<SectionLoading label="pricing" />}>
              <ItineraryPricingSection form={form} />
            </Suspense>
          </Section>

          {isPublic ? (
            <Section title="SEO Optimization">
              <div className="grid gap-4">
                <FormField label="Meta Title" error={errors.metaTitle?.message}>
                  {(props) => (
                    <input
                      {...props}
                      {...register('metaTitle')}
                      maxLength={ITINERARY_LIMITS.metaTitle}
                    />
                  )}
                </FormField>
                <FormField label="Meta Description" error={errors.metaDescription?.message}>
                  {(props) => (
                    <textarea
                      {...props}
                      {...register('metaDescription')}
                      rows={META_DESCRIPTION_ROWS}
                      maxLength={ITINERARY_LIMITS.metaDescription}
                    />
                  )}
                </FormField>
              </div>
              <ItinerarySeoPreview control={control} record={record} />
            </Section>
          ) : null}

          <Section title="Location Details">
            <div className="grid gap-4 sm:grid-cols-3">
              <LocationFields
                value={{ countryId, stateId, placeId }}
                onChange={(location) => {
                  setValue('countryId', location.countryId, { shouldDirty: true });
                  setValue('stateId', location.stateId, { shouldDirty: true });
                  setValue('placeId', location.placeId, { shouldDirty: true });
                  clearErrors(['countryId', 'stateId', 'placeId']);
                }}
                required
                disabled={pending}
                errors={{
                  countryId: errors.countryId?.message,
                  stateId: errors.stateId?.message,
                  placeId: errors.placeId?.message,
                }}
              />
            </div>
          </Section>

          <Section title="Daily Itinerary">
            <Suspense fallback={<SectionLoading label="the days" />}>
              <ItineraryDaysEditor
                form={form}
                places={places}
                onPickPlace={rememberPlace}
                gallery={record?.gallery ?? []}
              />
            </Suspense>
            <RouteOfDays control={form.control} places={places} />
          </Section>

          <Section title="Highlights, Inclusions & Exclusions">
            <Suspense fallback={<SectionLoading label="the lists" />}>
              <ItineraryTextLists form={form} />
            </Suspense>
          </Section>

          {isPublic ? (
            <Section title="FAQs">
              {faqs.fields.length === 0 ? (
                <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-500 dark:border-slate-700 dark:text-slate-400">
                  No FAQs yet.
                </p>
              ) : (
                <ol aria-label="FAQs" className="space-y-3">
                  {faqs.fields.map((faq, index) => {
                    const faqErrors = errors.faqs?.[index];
                    return (
                      <li
                        key={faq.id}
                        aria-label={`FAQ ${index + 1}`}
                        className="flex items-start gap-3 rounded-lg border border-slate-200 p-3 dark:border-slate-700"
                      >
                        <div className="min-w-0 flex-1 space-y-2">
                          <FormField
                            label={`Question ${index + 1}`}
                            error={faqErrors?.question?.message}
                          >
                            {(props) => (
                              <input
                                {...props}
                                {...register(`faqs.${index}.question`)}
                                maxLength={ITINERARY_LIMITS.question}
                              />
                            )}
                          </FormField>
                          <FormField
                            label={`Answer ${index + 1}`}
                            error={faqErrors?.answer?.message}
                          >
                            {(props) => (
                              <textarea
                                {...props}
                                {...register(`faqs.${index}.answer`)}
                                rows={3}
                                maxLength={ITINERARY_LIMITS.answer}
                              />
                            )}
                          </FormField>
                        </div>
                        <button
                          type="button"
                          aria-label={`Delete FAQ ${index + 1}`}
                          title="Delete FAQ"
                          className={`${iconButtonClasses} mt-7 text-red-600 hover:text-red-700 dark:text-red-400`}
                          onClick={() => {
                            faqs.remove(index);
                          }}
                        >
                          <span aria-hidden="true">×</span>
                        </button>
                      </li>
                    );
                  })}
                </ol>
              )}
              <div className="mt-3">
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={faqs.fields.length >= ITINERARY_LIMITS.faqs}
                  onClick={() => {
                    faqs.append({ question: '', answer: '' });
                  }}
                >
                  {ITINERARY_TEXTS.addFaq}
                </Button>
              </div>
            </Section>
          ) : null}

          <Section title="Schedule">
            <ScheduleFields form={form} kind="itinerary" disabled={pending} />
          </Section>
        </fieldset>

        <FormError message={alert} />

        <FormActions saving={pending} onCancel={onClose} saveLabel={ITINERARY_TEXTS.save} />
      </form>
      {versioned.dialog}
    </Modal>
  );
};
