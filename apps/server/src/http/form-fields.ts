import { z } from 'zod';
import type { FieldError } from '@safarnama/contract';
import { ValidationError } from './errors.js';
import type { IndexedValues } from './multipart.js';

/** A zod issue path as the form's field name: `tags[2]`, `temperature.min`. */
export const formPath = (path: readonly PropertyKey[]): string =>
  path.reduce<string>((acc, segment) => {
    if (typeof segment === 'number') return `${acc}[${segment}]`;
    const name = String(segment);
    return acc ? `${acc}.${name}` : name;
  }, '') || 'data';

export const issuesToFieldErrors = (issues: readonly z.core.$ZodIssue[]): FieldError[] =>
  issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => ({
          path: formPath([...issue.path, key]),
          message: 'Unknown field',
        }))
      : [{ path: formPath(issue.path), message: issue.message }],
  );

/** Parses form fields with a contract schema; problems answer 400 with one error per field. */
export const parseFields = <S extends z.ZodType>(schema: S, input: unknown): z.output<S> => {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  throw new ValidationError(issuesToFieldErrors(parsed.error.issues));
};

/** The text field names of an object schema (what a multipart reader should accept). */
export const fieldNames = (schema: { shape: Record<string, unknown> }): string[] =>
  Object.keys(schema.shape);

/** Indexed values (`tags[i]`) in index order, gaps closed. */
export const indexedList = (values: IndexedValues | undefined): string[] =>
  values ? [...values.entries()].sort(([a], [b]) => a - b).map(([, v]) => v) : [];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A UUID in lower case, or undefined for anything else (never sent to the database). */
/** Whether `value` is a UUID as the uuid columns take it. */
export const isUuid = (value: string): boolean => UUID.test(value);

export const asUuid = (value: string | null | undefined): string | undefined =>
  value && UUID.test(value.trim()) ? value.trim().toLowerCase() : undefined;

/** A file field in the OpenAPI document. */
export const docFile = (description: string) =>
  z.string().meta({ format: 'binary', description }).optional();

/**
 * The OpenAPI body of a multipart route: the text fields of the contract schema (all strings on
 * the wire; `required` lists those the schema needs), plus file and indexed fields. The handler
 * streams the body itself; this schema documents it (see `multipartValidatorCompiler`).
 */
export const multipartDoc = (
  schema: { shape: Record<string, unknown> },
  required: readonly string[],
  extra: Record<string, z.ZodType> = {},
) =>
  z.object({
    ...Object.fromEntries(
      fieldNames(schema).map((name) => [
        name,
        required.includes(name) ? z.string() : z.string().optional(),
      ]),
    ),
    ...extra,
  });
