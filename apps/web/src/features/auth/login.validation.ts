import { loginRequestSchema, type LoginRequest } from '@safarnama/contract';

export type LoginField = 'email' | 'password';
export type LoginFieldErrors = Partial<Record<LoginField, string>>;

/**
 * Checks the form with the contract's schema (the same one the server applies). Loaded apart from
 * the login page so zod is not part of the JS needed to show it.
 */
export const validateLogin = (
  input: LoginRequest,
): { ok: true; data: LoginRequest } | { ok: false; errors: LoginFieldErrors } => {
  const parsed = loginRequestSchema.safeParse(input);
  if (parsed.success) return { ok: true, data: parsed.data };
  const errors: LoginFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'email' || field === 'password') && !errors[field])
      errors[field] = issue.message;
  }
  return { ok: false, errors };
};
