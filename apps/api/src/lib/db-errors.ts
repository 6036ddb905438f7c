/** PostgreSQL's unique_violation, as raised by pg and PGlite (Drizzle may wrap it in `cause`). */
export function uniqueViolation(err: unknown): { constraint: string } | null {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (code === '23505') return { constraint: String((e as { constraint?: unknown }).constraint ?? '') };
  }
  return null;
}
