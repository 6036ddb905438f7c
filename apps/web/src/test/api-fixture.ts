import type { z } from 'zod';

/**
 * A test's API answer, parsed with the domain's response schema: a fixture missing a field the API
 * sends, or holding one of the wrong type, fails where it is built instead of passing a test that the
 * real API would fail.
 */
export function apiFixture<S extends z.ZodType>(schema: S, value: z.input<S>): z.output<S> {
  return schema.parse(value);
}
