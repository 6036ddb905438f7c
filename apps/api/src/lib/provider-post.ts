/**
 * POSTs JSON to a messaging provider (Termii, the WhatsApp Cloud API) and reads its answer as JSON (null when
 * it is empty or not JSON). When the provider cannot be reached or does not answer in time, `unreachable`
 * makes the error to throw, with words for which it was: the caller's retryable kind of error.
 */
export async function postToProvider(
  url: string,
  options: {
    headers: Record<string, string>;
    body: unknown;
    timeoutMs: number;
    unreachable: (words: 'did not answer in time' | 'could not be reached', cause: unknown) => Error;
  },
): Promise<{ status: number; ok: boolean; answer: unknown }> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...options.headers },
      body: JSON.stringify(options.body),
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (cause) {
    const timedOut = cause instanceof Error && cause.name === 'TimeoutError';
    throw options.unreachable(timedOut ? 'did not answer in time' : 'could not be reached', cause);
  }
  let answer: unknown = null;
  try {
    const text = await response.text();
    answer = text ? JSON.parse(text) : null;
  } catch {
    answer = null;
  }
  return { status: response.status, ok: response.ok, answer };
}
