import {
  addAdminUserRequestSchema,
  addUserTypeRequestSchema,
  type AddAdminUserRequest,
  type AddUserTypeRequest,
} from '@safarnama/contract';

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

interface Issue {
  path: readonly PropertyKey[];
  message: string;
}

/** The first message per top-level field of a failed parse. */
const byField = <F extends string>(issues: readonly Issue[]): FieldErrors<F> => {
  const errors: FieldErrors<F> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '') as F;
    if (field && !(field in errors)) errors[field] = issue.message;
  }
  return errors;
};

type UserTypeField = keyof AddUserTypeRequest;

/** A role's name and description, checked with the contract's schema (the server's rules). */
export const validateUserType = (
  values: AddUserTypeRequest,
): { data: AddUserTypeRequest | null; errors: FieldErrors<UserTypeField> } => {
  const result = addUserTypeRequestSchema.safeParse(values);
  return result.success
    ? { data: result.data, errors: {} }
    : { data: null, errors: byField<UserTypeField>(result.error.issues) };
};

export type AdminUserField = keyof AddAdminUserRequest;

export interface AdminUserFormValues {
  name: string;
  email: string;
  phone: string;
  userTypeId: string;
}

/**
 * An admin's invitation or edit form, checked with the contract's schema. The body keeps the
 * trimmed text (the phone as typed, '' for none): the server applies the same schema.
 */
export const validateAdminUser = (
  values: AdminUserFormValues,
): { data: AdminUserFormValues | null; errors: FieldErrors<AdminUserField> } => {
  const trimmed = {
    name: values.name.trim(),
    email: values.email.trim(),
    phone: values.phone.trim(),
    userTypeId: values.userTypeId,
  };
  const result = addAdminUserRequestSchema.safeParse(trimmed);
  if (result.success) return { data: trimmed, errors: {} };
  const errors = byField<AdminUserField>(result.error.issues);
  if (!trimmed.userTypeId) errors.userTypeId = 'Choose a role';
  return { data: null, errors };
};
