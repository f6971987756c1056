import { useId, useState, type FormEvent, type ReactNode } from 'react';
import {
  GROUP_SIZE_MIN,
  ITINERARY_LIMITS,
  ITINERARY_MESSAGES,
  ITINERARY_TEXTS,
  LANGUAGES,
  META_DESCRIPTION_ROWS,
  MONTHS,
  MONTH_CODES,
  PRICE_MIN,
  RICH_TEXT_HEIGHT,
  TOUR_TYPES,
  type Itinerary,
  type Language,
  type MonthCode,
  type TourType,
} from '@safarnama/contract';
import { Button } from '../../components/ui/Button';
import { LazyRichTextEditor } from '../../components/ui/LazyRichTextEditor';
import { Modal } from '../../components/ui/Modal';
import { getErrorEnvelope, getErrorStatus, wasAnswered } from '../../lib/errors';
import { showToast } from '../../lib/toast';
import { LocationFields, selectClasses } from '../geography/LocationFields';
import { ImageLibraryPicker } from '../image-libraries/ImageLibraryPicker';
import { ItineraryDaysEditor } from './ItineraryDaysEditor';
import {
  fieldErrorClasses,
  FieldNotes,
  inputClasses,
  labelClasses,
  iconButtonClasses,
} from '../../components/ui/Form';
import {
  addDay,
  addFaq,
  initialItineraryValues,
  parseItineraryForm,
  serverFieldErrors,
  type FaqValue,
  type ItineraryErrors,
  type ItineraryFormValues,
} from './itineraries.form';
import { useCreateItineraryMutation, useUpdateItineraryMutation } from './itineraries.api';

interface ItineraryFormModalProps {
  /** null: 'Create New Itinerary'; a listed itinerary: 'Edit Itinerary'. */
  record: Itinerary | null;
  onClose: () => void;
}

/** Paths the form shows next to a field; other server paths go to the banner. */
const FIELD_PATHS = new Set([
  'title',
  'duration',
  'type',
  'groupSize',
  'languages',
  'pricePerPerson',
  'visibility',
  'imageLibraryId',
  'months',
  'description',
  'metaTitle',
  'metaDescription',
  'countryId',
  'stateId',
  'placeId',
]);
const isShownPath = (path: string): boolean =>
  FIELD_PATHS.has(path) || /^(dailyItinerary|faqs)\.\d+\.\w+$/.test(path);

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

interface FieldProps {
  label: string;
  required?: boolean;
  error?: string;
  hint?: string;
  className?: string;
  children: (props: {
    id: string;
    'aria-invalid': true | undefined;
    'aria-describedby': string | undefined;
  }) => ReactNode;
}

/** A label, the control (given its id and aria attributes), an optional hint and the error. */
const Field = ({ label, required = false, error, hint, className = '', children }: FieldProps) => {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClasses}>
        {label}
        {required ? ' *' : ''}
      </label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': described.length > 0 ? described.join(' ') : undefined,
      })}
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
};

const selectedValues = (select: HTMLSelectElement): string[] =>
  Array.from(select.selectedOptions, (option) => option.value);

/**
 * 'Create New Itinerary' / 'Edit Itinerary' (spec §2): Itinerary Information, SEO Optimization
 * (public only), Location Details, Daily Itinerary (add, edit, delete, reorder by dragging) and
 * FAQs (public only). Checked with the contract's `itineraryInputSchema` before sending; the
 * server's 400 details land on their fields; spec §8's texts on success and failure.
 */
export const ItineraryFormModal = ({ record, onClose }: ItineraryFormModalProps) => {
  const isEdit = record !== null;
  const [values, setValues] = useState<ItineraryFormValues>(() => initialItineraryValues(record));
  const [errors, setErrors] = useState<ItineraryErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [create, createState] = useCreateItineraryMutation();
  const [update, updateState] = useUpdateItineraryMutation();
  const saving = createState.isLoading || updateState.isLoading;
  const descriptionId = useId();
  const isPublic = values.visibility === 'public';

  const set = <K extends keyof ItineraryFormValues>(
    field: K,
    value: ItineraryFormValues[K],
  ): void => {
    setValues((previous) => ({ ...previous, [field]: value }));
  };
  const clearError = (...paths: string[]): void => {
    setErrors((previous) =>
      paths.some((path) => path in previous)
        ? Object.fromEntries(Object.entries(previous).filter(([key]) => !paths.includes(key)))
        : previous,
    );
  };
  const clearPrefix = (prefix: string): void => {
    setErrors((previous) =>
      Object.keys(previous).some((key) => key.startsWith(prefix))
        ? Object.fromEntries(Object.entries(previous).filter(([key]) => !key.startsWith(prefix)))
        : previous,
    );
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    if (saving) return;
    setFormError(null);
    const { input, errors: found } = parseItineraryForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      if (record) await update({ id: record._id, input }).unwrap();
      else await create(input).unwrap();
      showToast('success', isEdit ? ITINERARY_MESSAGES.updated : ITINERARY_MESSAGES.created);
      onClose();
    } catch (error) {
      // Spec §8: a non-success status shows the server's message, else 'Failed to save…'; no
      // answer at all (an exception) shows the server's message, else 'Error updating/creating…'.
      const serverMessage = getErrorEnvelope(error)?.message;
      const message =
        serverMessage ||
        (wasAnswered(error) ? ITINERARY_MESSAGES.saveFailed : ITINERARY_MESSAGES.saveError);
      const fieldErrors = serverFieldErrors(error);
      const shown = Object.fromEntries(
        Object.entries(fieldErrors).filter(([path]) => isShownPath(path)),
      );
      // 409: another itinerary of this place has the title (the server's unique rule).
      if (getErrorStatus(error) === 409 && serverMessage && !shown.title)
        shown.title = serverMessage;
      setErrors(shown);
      setFormError(message);
      showToast('error', message);
    }
  };

  const handleFaq = (key: string, patch: Partial<Pick<FaqValue, 'question' | 'answer'>>) => {
    set(
      'faqs',
      values.faqs.map((faq) => (faq.key === key ? { ...faq, ...patch } : faq)),
    );
    clearPrefix('faqs.');
  };

  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open && !saving) onClose();
      }}
      title={isEdit ? ITINERARY_TEXTS.editTitle : ITINERARY_TEXTS.createTitle}
      size="max-w-4xl"
    >
      <form noValidate onSubmit={(event) => void handleSubmit(event)} className="space-y-5">
        <Section title="Itinerary Information">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Title" required error={errors.title} className="sm:col-span-2">
              {(props) => (
                <input
                  {...props}
                  value={values.title}
                  required
                  maxLength={ITINERARY_LIMITS.title}
                  disabled={saving}
                  onChange={(event) => {
                    set('title', event.target.value);
                    clearError('title');
                  }}
                  className={inputClasses(Boolean(errors.title))}
                />
              )}
            </Field>
            <Field label="Duration" required error={errors.duration}>
              {(props) => (
                <input
                  {...props}
                  value={values.duration}
                  required
                  maxLength={ITINERARY_LIMITS.duration}
                  placeholder={ITINERARY_TEXTS.durationPlaceholder}
                  disabled={saving}
                  onChange={(event) => {
                    set('duration', event.target.value);
                    clearError('duration');
                  }}
                  className={inputClasses(Boolean(errors.duration))}
                />
              )}
            </Field>
            <Field label="Type" required error={errors.type}>
              {(props) => (
                <select
                  {...props}
                  value={values.type}
                  required
                  disabled={saving}
                  onChange={(event) => {
                    const type = TOUR_TYPES.find((t) => t === event.target.value);
                    set('type', type ?? ('' as TourType | ''));
                    clearError('type');
                  }}
                  className={selectClasses(Boolean(errors.type))}
                >
                  <option value="">{ITINERARY_TEXTS.selectType}</option>
                  {TOUR_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {type}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field label="Group Size" required error={errors.groupSize}>
              {(props) => (
                <input
                  {...props}
                  type="number"
                  inputMode="numeric"
                  min={GROUP_SIZE_MIN}
                  max={ITINERARY_LIMITS.groupSizeMax}
                  step={1}
                  required
                  value={values.groupSize}
                  disabled={saving}
                  onChange={(event) => {
                    set('groupSize', event.target.value);
                    clearError('groupSize');
                  }}
                  className={inputClasses(Boolean(errors.groupSize))}
                />
              )}
            </Field>
            <Field label="Price per Person (₹)" required error={errors.pricePerPerson}>
              {(props) => (
                <input
                  {...props}
                  type="number"
                  inputMode="numeric"
                  min={PRICE_MIN}
                  max={ITINERARY_LIMITS.priceMax}
                  step={1}
                  required
                  value={values.pricePerPerson}
                  disabled={saving}
                  onChange={(event) => {
                    set('pricePerPerson', event.target.value);
                    clearError('pricePerPerson');
                  }}
                  className={inputClasses(Boolean(errors.pricePerPerson))}
                />
              )}
            </Field>
            <Field
              label="Languages"
              required
              error={errors.languages}
              hint="Hold Ctrl/Cmd to select multiple languages"
            >
              {(props) => (
                <select
                  {...props}
                  multiple
                  required
                  size={LANGUAGES.length}
                  value={values.languages}
                  disabled={saving}
                  onChange={(event) => {
                    const chosen = selectedValues(event.target);
                    set(
                      'languages',
                      LANGUAGES.filter((language): language is Language =>
                        chosen.includes(language),
                      ),
                    );
                    clearError('languages');
                  }}
                  className={selectClasses(Boolean(errors.languages))}
                >
                  {LANGUAGES.map((language) => (
                    <option key={language} value={language}>
                      {language}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field label="Months" error={errors.months} hint={ITINERARY_TEXTS.monthsHint}>
              {(props) => (
                <select
                  {...props}
                  multiple
                  size={8}
                  value={values.months}
                  disabled={saving}
                  onChange={(event) => {
                    const chosen = selectedValues(event.target);
                    set(
                      'months',
                      MONTH_CODES.filter((code): code is MonthCode => chosen.includes(code)),
                    );
                    clearError('months');
                  }}
                  className={selectClasses(Boolean(errors.months))}
                >
                  {MONTHS.map((month) => (
                    <option key={month.code} value={month.code}>
                      {month.name}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field label="Visibility" required error={errors.visibility}>
              {(props) => (
                <select
                  {...props}
                  required
                  value={values.visibility}
                  disabled={saving}
                  onChange={(event) => {
                    set('visibility', event.target.value === 'private' ? 'private' : 'public');
                    clearError('visibility');
                  }}
                  className={selectClasses(Boolean(errors.visibility))}
                >
                  <option value="public">Public</option>
                  <option value="private">Private</option>
                </select>
              )}
            </Field>
            <div>
              <ImageLibraryPicker
                value={values.imageLibraryId}
                onChange={(id) => {
                  set('imageLibraryId', id);
                  clearError('imageLibraryId');
                }}
              />
              {errors.imageLibraryId ? (
                <p className={fieldErrorClasses}>{errors.imageLibraryId}</p>
              ) : null}
            </div>
            <div className="sm:col-span-2">
              <LazyRichTextEditor
                id={descriptionId}
                label="Tour Description"
                value={values.description}
                height={RICH_TEXT_HEIGHT}
                error={errors.description}
                disabled={saving}
                onChange={(html) => {
                  set('description', html);
                  clearError('description');
                }}
              />
            </div>
          </div>
        </Section>

        {isPublic ? (
          <Section title="SEO Optimization">
            <div className="grid gap-4">
              <Field label="Meta Title" error={errors.metaTitle}>
                {(props) => (
                  <input
                    {...props}
                    value={values.metaTitle}
                    maxLength={ITINERARY_LIMITS.metaTitle}
                    disabled={saving}
                    onChange={(event) => {
                      set('metaTitle', event.target.value);
                      clearError('metaTitle');
                    }}
                    className={inputClasses(Boolean(errors.metaTitle))}
                  />
                )}
              </Field>
              <Field label="Meta Description" error={errors.metaDescription}>
                {(props) => (
                  <textarea
                    {...props}
                    rows={META_DESCRIPTION_ROWS}
                    value={values.metaDescription}
                    maxLength={ITINERARY_LIMITS.metaDescription}
                    disabled={saving}
                    onChange={(event) => {
                      set('metaDescription', event.target.value);
                      clearError('metaDescription');
                    }}
                    className={inputClasses(Boolean(errors.metaDescription))}
                  />
                )}
              </Field>
            </div>
          </Section>
        ) : null}

        <Section title="Location Details">
          <div className="grid gap-4 sm:grid-cols-3">
            <LocationFields
              value={values.location}
              onChange={(location) => {
                set('location', location);
                clearError('countryId', 'stateId', 'placeId');
              }}
              required
              disabled={saving}
              errors={{
                countryId: errors.countryId,
                stateId: errors.stateId,
                placeId: errors.placeId,
              }}
            />
          </div>
        </Section>

        <Section title="Daily Itinerary">
          <ItineraryDaysEditor
            days={values.dailyItinerary}
            errors={errors}
            disabled={saving}
            onChange={(days) => {
              set('dailyItinerary', days);
              clearPrefix('dailyItinerary.');
            }}
          />
          <div className="mt-3">
            <Button
              variant="secondary"
              size="sm"
              disabled={saving || values.dailyItinerary.length >= ITINERARY_LIMITS.days}
              onClick={() => {
                set('dailyItinerary', addDay(values.dailyItinerary));
              }}
            >
              {ITINERARY_TEXTS.addDay}
            </Button>
          </div>
        </Section>

        {isPublic ? (
          <Section title="FAQs">
            {values.faqs.length === 0 ? (
              <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-500 dark:border-slate-700 dark:text-slate-400">
                No FAQs yet.
              </p>
            ) : (
              <ol aria-label="FAQs" className="space-y-3">
                {values.faqs.map((faq, index) => (
                  <li
                    key={faq.key}
                    aria-label={`FAQ ${index + 1}`}
                    className="flex items-start gap-3 rounded-lg border border-slate-200 p-3 dark:border-slate-700"
                  >
                    <div className="min-w-0 flex-1 space-y-2">
                      <Field
                        label={`Question ${index + 1}`}
                        error={errors[`faqs.${index}.question`]}
                      >
                        {(props) => (
                          <input
                            {...props}
                            value={faq.question}
                            maxLength={ITINERARY_LIMITS.question}
                            disabled={saving}
                            onChange={(event) => {
                              handleFaq(faq.key, { question: event.target.value });
                            }}
                            className={inputClasses(Boolean(errors[`faqs.${index}.question`]))}
                          />
                        )}
                      </Field>
                      <Field label={`Answer ${index + 1}`} error={errors[`faqs.${index}.answer`]}>
                        {(props) => (
                          <textarea
                            {...props}
                            rows={3}
                            value={faq.answer}
                            maxLength={ITINERARY_LIMITS.answer}
                            disabled={saving}
                            onChange={(event) => {
                              handleFaq(faq.key, { answer: event.target.value });
                            }}
                            className={inputClasses(Boolean(errors[`faqs.${index}.answer`]))}
                          />
                        )}
                      </Field>
                    </div>
                    <button
                      type="button"
                      aria-label={`Delete FAQ ${index + 1}`}
                      title="Delete FAQ"
                      disabled={saving}
                      className={`${iconButtonClasses} mt-7 text-red-600 hover:text-red-700 dark:text-red-400`}
                      onClick={() => {
                        set(
                          'faqs',
                          values.faqs.filter((other) => other.key !== faq.key),
                        );
                        clearPrefix('faqs.');
                      }}
                    >
                      <span aria-hidden="true">×</span>
                    </button>
                  </li>
                ))}
              </ol>
            )}
            <div className="mt-3">
              <Button
                variant="secondary"
                size="sm"
                disabled={saving || values.faqs.length >= ITINERARY_LIMITS.faqs}
                onClick={() => {
                  set('faqs', addFaq(values.faqs));
                }}
              >
                {ITINERARY_TEXTS.addFaq}
              </Button>
            </div>
          </Section>
        ) : null}

        {formError || Object.keys(errors).length > 0 ? (
          <p
            role="alert"
            className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900/60 dark:bg-red-950/40 dark:text-red-300"
          >
            {formError ?? 'Please correct the highlighted fields.'}
          </p>
        ) : null}

        <div className="flex justify-end gap-3 border-t border-slate-200 pt-4 dark:border-slate-800">
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            {saving ? ITINERARY_TEXTS.saving : ITINERARY_TEXTS.save}
          </Button>
        </div>
      </form>
    </Modal>
  );
};
