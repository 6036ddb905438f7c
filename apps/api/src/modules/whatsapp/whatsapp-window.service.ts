import type { Executor } from '../../db/client';
import { lastInboundAt } from './whatsapp.repository';

/**
 * WhatsApp's customer service window: free-form messages may be sent to a person only this long after
 * their last message to the platform; outside it, only approved templates.
 */
export const SERVICE_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Whether the person's 24-hour customer service window is open at `now`. */
export async function serviceWindowOpen(
  executor: Executor,
  phone: string,
  now = new Date(),
): Promise<boolean> {
  const last = await lastInboundAt(executor, phone);
  return last !== null && now.getTime() - last.getTime() < SERVICE_WINDOW_MS;
}
