import { ValidationError } from '../http/errors.js';
import type { FormReader, MultipartForm, MultipartSpec } from '../http/multipart.js';
import { noteStoredImage } from './duplicates.js';
import type { FileBatch } from './files.js';
import type { ImagePipeline, StoredImage } from './pipeline.js';

export interface ImageFormSpec<Text extends string, Indexed extends string> extends Omit<
  MultipartSpec<Text, Indexed>,
  'onFile'
> {
  /** Most files per file field (e.g. 1 for a cover); more answers 400 at that field. */
  maxFiles?: Partial<Record<string, number>>;
}

/**
 * Reads a multipart form, running every file through the media pipeline into `batch` as it
 * arrives (so `withStoredFiles` removes them again if anything later fails). Answers the form and
 * the stored images per file field, in the order they were sent.
 */
export const receiveImageForm = async <Text extends string, Indexed extends string>(
  read: FormReader,
  spec: ImageFormSpec<Text, Indexed>,
  pipeline: ImagePipeline,
  batch: FileBatch,
): Promise<{ form: MultipartForm<Text, Indexed>; files: Record<string, StoredImage[]> }> => {
  const files: Record<string, StoredImage[]> = {};
  const { maxFiles, ...rest } = spec;
  const form = await read({
    ...rest,
    onFile: async (file) => {
      const max = maxFiles?.[file.fieldname];
      if (max !== undefined && file.index >= max) {
        throw new ValidationError([
          {
            path: file.fieldname,
            message: max === 1 ? 'Send one image only' : `At most ${max} images`,
          },
        ]);
      }
      const list = (files[file.fieldname] ??= []);
      const stored = await pipeline.ingest(file.buffer, batch);
      if (file.request) noteStoredImage(file.request, stored);
      list[file.index] = stored;
    },
  });
  return { form, files };
};
