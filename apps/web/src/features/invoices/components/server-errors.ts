import { ApiError } from '../../../lib/api';

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
