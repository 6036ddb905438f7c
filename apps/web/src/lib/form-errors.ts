import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api';

/**
 * Puts the server's per-field messages (`errors: [{field, message}]`) under the form's fields.
 * Answers whether any was placed.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  if (!(error instanceof ApiError)) return false;
  let placed = false;
  for (const { field, message } of error.errors) {
    const match = fields.find((f) => f === field);
    if (match) {
      setError(match, { type: 'server', message }, { shouldFocus: !placed });
      placed = true;
    }
  }
  return placed;
}

/**
 * The server's refusal with its field names turned into the form's: the API names amounts in kobo
 * (`amountKobo`), the form holds them as naira (`amount`).
 */
export function withFormFieldNames(error: unknown, names: Record<string, string>): unknown {
  if (!(error instanceof ApiError)) return error;
  return new ApiError(
    error.status,
    error.message,
    error.code,
    error.errors.map((e) => ({ ...e, field: names[e.field] ?? e.field })),
    error.details,
  );
}
