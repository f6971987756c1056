/** What one multipart field may hold (see `toFormData`). */
export type FormFieldValue = string | number | boolean | File | null | undefined | object;

/**
 * The one multipart builder of the web: the fields in their order (a record, or name–value pairs
 * where a name repeats). `undefined` and `null` are left out; a number or a boolean travels as
 * its text ('true' / 'false'); a `File` as a file; a list of texts as `name[0]`, `name[1]`…, a
 * list of files as `name` once per file; any other object as JSON text.
 */
export const toFormData = (
  fields: Readonly<Record<string, FormFieldValue>> | readonly (readonly [string, FormFieldValue])[],
): FormData => {
  const body = new FormData();
  for (const [name, value] of Array.isArray(fields) ? fields : Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    if (value instanceof File) body.append(name, value);
    else if (Array.isArray(value)) {
      value.forEach((item: unknown, index) => {
        if (item instanceof File) body.append(name, item);
        else body.append(`${name}[${index}]`, String(item));
      });
    } else body.append(name, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  return body;
};
