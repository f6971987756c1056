import { useEffect, useRef, useState, type BaseSyntheticEvent } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  get,
  useForm,
  type DefaultValues,
  type FieldError,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import { z } from 'zod';
import { getErrorEnvelope, getErrorMessage } from './errors';
import { useIdempotencyKey } from './idempotency';
import { sameValues } from './useUnsavedChanges';

/** The summary under a form whose fields carry the errors. */
export const CORRECT_FIELDS_MESSAGE = 'Please correct the highlighted fields.';

export interface ContractFormOptions<TValues extends FieldValues, TSchema extends z.ZodType> {
  /** The contract's schema of the request: the form's only rules. */
  schema: TSchema;
  defaultValues: DefaultValues<TValues>;
  /**
   * The thin mapping from what the inputs hold to the request the schema reads, keeping the
   * paths (so the schema's errors land on the inputs). Default: the values as they are.
   */
  toRequest?: (values: TValues) => unknown;
  /**
   * The form field a server error's `path` (dotted, from inside `data`) belongs to, or null for
   * the form-level error. Default: the path itself when the form holds a value there.
   */
  fieldOf?: (path: string) => Path<TValues> | null;
  /**
   * Wording for a required input left empty (by path): the form's words for an unchosen option,
   * a cleared number or an empty text, over the schema's. The rule stays the schema's.
   */
  requiredMessages?: Readonly<Partial<Record<string, string>>>;
}

export interface SubmitOptions {
  /** The form-level text of a failure that names no field. Default: the server's message. */
  failureMessage?: (error: unknown) => string;
  /** Runs on a failure, after the field errors; answering true means it showed the failure itself. */
  onError?: (error: unknown) => unknown;
}

export interface ContractForm<TValues extends FieldValues, TRequest> {
  form: UseFormReturn<TValues, unknown, TRequest>;
  /**
   * Makes the form's submit handler: checks with the schema, then calls `send` with the parsed
   * request and the form's `Idempotency-Key`. A throw from `send` is a failure: its 400 details
   * land on the fields, the rest in `formError`, and the key is kept for the retry; a success
   * takes a new key. A submit while one is pending does nothing.
   */
  submit: (
    send: (request: TRequest, idempotencyKey: string) => Promise<unknown>,
    options?: SubmitOptions,
  ) => (event?: BaseSyntheticEvent) => Promise<void>;
  /** True from the submit until its call ends: the submit button and the inputs are disabled. */
  pending: boolean;
  /** The form-level error: the failure's message or the details no field shows. */
  formError: string | null;
  /** What the form's alert shows: `formError`, else the summary while fields are wrong. */
  alert: string | null;
  /** Forgets every error shown (a later action elsewhere on the page made them stale). */
  clearErrors: () => void;
  /**
   * The values differ from what the form was opened (or last reset) with, whichever way they
   * were set (typed, `setValue` without `shouldDirty`, a chosen file, a field array's change):
   * what `Modal`'s `dirty` and `useUnsavedChanges` take (issue 20).
   */
  dirty: boolean;
  idempotencyKey: string;
}

const isEmptyInput = (input: unknown) =>
  input === undefined || input === null || input === '' || Number.isNaN(input);

/**
 * The one form pattern of the web (react-hook-form + the contract's zod schema): client checks
 * by the server's own rules, a server 400's `details` on the fields, an `Idempotency-Key` per
 * opened form for its create, and no second submit while one is pending.
 */
export const useContractForm = <TValues extends FieldValues, TSchema extends z.ZodType>({
  schema,
  defaultValues,
  toRequest,
  fieldOf,
  requiredMessages = {},
}: ContractFormOptions<TValues, TSchema>): ContractForm<TValues, z.output<TSchema>> => {
  type TRequest = z.output<TSchema>;
  const [resolver] = useState((): Resolver<TValues, unknown, TRequest> => {
    // The request's schema behind the thin mapping; zod's paths stay the form's paths.
    const checked = (toRequest ? z.preprocess(toRequest, schema) : schema) as unknown as z.ZodType<
      FieldValues,
      FieldValues
    >;
    const resolve = zodResolver(checked) as unknown as Resolver<TValues, unknown, TRequest>;
    return async (values, context, options) => {
      const result = await resolve(values, context, options);
      for (const [path, message] of Object.entries(requiredMessages)) {
        const error = get(result.errors, path) as FieldError | undefined;
        if (error && message && isEmptyInput(get(values, path))) error.message = message;
      }
      return result;
    };
  });
  const form = useForm<TValues, unknown, TRequest>({ defaultValues, resolver });
  const { key: idempotencyKey, renew: renewIdempotencyKey } = useIdempotencyKey();
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [dirty, setDirty] = useState(false);
  const pendingRef = useRef(false);

  // A failure is about what was sent: the first edit after it takes its form-level error away.
  const { subscribe } = form;
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: () => {
          setFormError(null);
        },
      }),
    [subscribe],
  );
  // Compared with the defaults on every change (RHF's own isDirty misses a `setValue` without
  // `shouldDirty`); a state change only when the answer flips, so typing re-renders nothing.
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ values, defaultValues }) => {
          setDirty(!sameValues(values, defaultValues));
        },
      }),
    [subscribe],
  );

  const fieldOfPath = (path: string): Path<TValues> | null => {
    if (fieldOf) return fieldOf(path);
    return form.getValues(path as Path<TValues>) === undefined ? null : (path as Path<TValues>);
  };

  /** Sets the details of a failure on their fields; answers the messages no field takes. */
  const placeDetails = (error: unknown): string[] => {
    const rest: string[] = [];
    const placed = new Set<string>();
    for (const { path, message } of getErrorEnvelope(error)?.details ?? []) {
      const field = fieldOfPath(path);
      if (!field) rest.push(message);
      else if (!placed.has(field)) {
        placed.add(field);
        form.setError(field, { type: 'server', message });
      }
    }
    return rest;
  };

  const submit: ContractForm<TValues, TRequest>['submit'] =
    (send, { failureMessage, onError } = {}) =>
    async (event) => {
      event?.preventDefault();
      if (pendingRef.current) return;
      pendingRef.current = true;
      setPending(true);
      setFormError(null);
      try {
        await form.handleSubmit(async (request) => {
          try {
            await send(request, idempotencyKey);
            renewIdempotencyKey();
          } catch (error) {
            const rest = placeDetails(error);
            const handled = onError?.(error) === true;
            const hasDetails = (getErrorEnvelope(error)?.details?.length ?? 0) > 0;
            setFormError(
              rest.length > 0
                ? rest.join(' ')
                : handled || hasDetails
                  ? null
                  : (failureMessage?.(error) ?? getErrorMessage(error, 'The save failed.')),
            );
          }
        })(event);
      } finally {
        pendingRef.current = false;
        setPending(false);
      }
    };

  const hasFieldErrors = Object.keys(form.formState.errors).length > 0;
  return {
    form,
    submit,
    pending,
    formError,
    alert: formError ?? (hasFieldErrors ? CORRECT_FIELDS_MESSAGE : null),
    clearErrors: () => {
      setFormError(null);
      form.clearErrors();
    },
    dirty,
    idempotencyKey,
  };
};
