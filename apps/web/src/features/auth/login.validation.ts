import { loginRequestSchema, type LoginRequest } from '@safarnama/contract';

export type LoginFieldErrors = Partial<Record<'email' | 'password', string>>;

/**
 * Checks the form with the contract's schema (the same one the server applies). Loaded apart from
 * the login page so zod is not part of the JS needed to show it.
 */
export const validateLogin = (input: LoginRequest) => {
  const parsed = loginRequestSchema.safeParse(input);
  if (parsed.success) return { ok: true as const, data: parsed.data };
  const errors: LoginFieldErrors = {};
  for (const { path, message } of parsed.error.issues) {
    if (path[0] === 'email' || path[0] === 'password') errors[path[0]] ??= message;
  }
  return { ok: false as const, errors };
};
