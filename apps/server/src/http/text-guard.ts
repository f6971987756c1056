import type { FastifyInstance } from 'fastify';
import type { FieldError } from '@safarnama/contract';
import { ValidationError } from './errors.js';

/**
 * Text no field may hold (SECURITY case 14): NUL, which PostgreSQL cannot store in text, and an
 * unpaired UTF-16 surrogate, which is not a character at all (with the `u` flag a paired one is a
 * single astral code point, so only lone halves match the range).
 */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

export const TEXT_GUARD_MESSAGE = 'Contains a character that is not allowed (NUL or a broken one)';

export const isForbiddenText = (value: string): boolean =>
  value.includes('\u0000') || LONE_SURROGATE.test(value);

interface PathNode {
  key: string;
  parent: PathNode | null;
}

const pathOf = (node: PathNode | null): string => {
  const keys: string[] = [];
  for (let at = node; at; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.');
};

/**
 * The dotted path of the first string (key or value) in `value` that holds forbidden text. A loop
 * over an explicit stack with parent-linked paths, not recursion: a body nested ten thousand
 * levels deep costs one pass and no stack.
 */
export const forbiddenTextPath = (value: unknown): string | null => {
  const stack: [unknown, PathNode | null][] = [[value, null]];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [item, at] = next;
    if (typeof item === 'string') {
      if (isForbiddenText(item)) return pathOf(at);
      continue;
    }
    if (item === null || typeof item !== 'object') continue;
    const entries = Object.entries(item);
    for (let i = entries.length - 1; i >= 0; i -= 1) {
      const [key, child] = entries[i] as [string, unknown];
      const node = { key, parent: at };
      if (isForbiddenText(key)) return pathOf(node);
      stack.push([child, node]);
    }
  }
  return null;
};

/** The 400 for forbidden text at `path` (paths as the validation errors word them). */
export const forbiddenText = (path: string): ValidationError =>
  new ValidationError([{ path, message: TEXT_GUARD_MESSAGE } satisfies FieldError]);

/**
 * One check at the edge for every route: the query string, the path parameters and the JSON body
 * (paths inside `data`, as the schema errors give them) are refused with 400 before any schema,
 * service or SQL sees them. Multipart text fields go through the same check where they are read
 * (`http/multipart.ts`).
 */
export const registerTextGuard = (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    const sources: [unknown, string | null][] = [
      [request.query, 'query'],
      [request.params, 'params'],
      [request.body, null],
    ];
    for (const [value, context] of sources) {
      const found = forbiddenTextPath(value);
      if (found === null) continue;
      const path = context === null ? found.replace(/^data(\.|$)/, '') || 'data' : found;
      throw forbiddenText(path || (context ?? 'data'));
    }
  });
};
