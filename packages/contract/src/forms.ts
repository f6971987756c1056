import { z } from 'zod';

/**
 * Multipart text fields arrive as strings. These helpers read them into typed values, so one
 * schema serves the server's parsing and the web's form validation.
 */

/** 'true' / 'false' (also a real boolean, for JSON callers and forms). */
export const formBooleanSchema = z.union([
  z.boolean(),
  z.enum(['true', 'false']).transform((value) => value === 'true'),
]);

/** An id field; an empty string reads as "none" (null). */
export const optionalIdSchema = z
  .string()
  .trim()
  .max(64)
  .transform((value) => (value === '' ? null : value));

/** A required id (uuid) field. */
export const idFieldSchema = (label: string) =>
  z.string().trim().min(1, `${label} is required`).max(64);

/**
 * A JSON object sent as text in a form field (spec §7: place details' temperature, location and
 * bestTimeToVisit). Bad JSON answers a field error, not a 500.
 */
export const jsonTextSchema = <T extends z.ZodType>(inner: T) =>
  z
    .union([z.string().max(10_000), z.record(z.string(), z.unknown())])
    .transform((value, ctx) => {
      if (typeof value !== 'string') return value;
      try {
        return JSON.parse(value) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'Must be valid JSON' });
        return z.NEVER;
      }
    })
    .pipe(inner);

/** Turns a title into a URL slug: lower-case ASCII words joined by hyphens. */
export const slugify = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, 120)
    // After the cut too: a slug never ends in a hyphen (SLUG_PATTERN).
    .replace(/-+$/, '');

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Markup in a field that is plain text (a day's plan, an FAQ): an HTML tag or a comment (`<b>`,
 * `</p>`, `<img …>`, `<!--`). Text that merely uses the signs (`a < b`, `<3`, `5 > 3`) is fine.
 * Such fields are refused, not cleaned: cleaning would change what the admin wrote, and a site
 * that renders them as HTML must never receive a tag from us.
 */
const MARKUP = /<\/?[a-z][^>]*>|<!--/i;
export const PLAIN_TEXT_MESSAGE = 'Plain text only: remove the HTML tags';
export const isPlainText = (value: string): boolean => !MARKUP.test(value);
