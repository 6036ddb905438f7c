import { freePort } from './free-port';
import { createTestApp, type TestApp } from './test-app';

/**
 * A test app listening on a free port, told its own address before it listens: the messaging simulators
 * (Termii, the WhatsApp Cloud API) are called on it by the real clients and post their reports back to it.
 */
export async function listeningTestApp(envOverrides: Record<string, string> = {}): Promise<TestApp> {
  const port = await freePort();
  const t = await createTestApp({ APP_URL: `http://127.0.0.1:${port}`, ...envOverrides });
  await t.app.listen({ port, host: '127.0.0.1' });
  return t;
}
