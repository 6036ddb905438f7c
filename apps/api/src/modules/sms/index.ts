import type { AppContext } from '../../context';
import type { ZodApp } from '../../lib/route-kit';
import type { SmsChannel } from './sms-channel';
import { SMS_SEND_JOB, SMS_SEND_MAX_ATTEMPTS, sendQueuedSms, smsSendBackoffSeconds } from './sms-send.job';
import { smsRoutes } from './sms.routes';
import { termiiSimulatorRoutes } from './termii-simulator.routes';

// Text messages (docs/sms.md): each one recorded, sent by a job through the SMS gateway (Termii, or its
// simulator in development), and followed by the gateway's signed delivery reports.

declare module '../../context' {
  interface AppContext {
    /** The SMS gateway (or none: SMS off) and, in development, the simulated gateway's memory. */
    sms: SmsChannel;
  }
}

export function registerSms(app: ZodApp, ctx: AppContext): void {
  smsRoutes(app, ctx);
  ctx.jobs.handle(SMS_SEND_JOB, (payload, attempt) => sendQueuedSms(ctx, payload, attempt), {
    maxAttempts: SMS_SEND_MAX_ATTEMPTS,
    backoffSeconds: smsSendBackoffSeconds,
    // Each message is its own call to the gateway, mostly spent waiting on it: many go at once.
    parallel: true,
  });
  // The simulated gateway is for development and tests; production talks to the real one only.
  const simulator = ctx.sms.simulator;
  if (simulator && ctx.env.NODE_ENV !== 'production') {
    termiiSimulatorRoutes(app, simulator);
    app.addHook('onClose', async () => simulator.dropOwedReports());
  }
}

export { buildSms } from './sms-channel';
export type { SmsChannel } from './sms-channel';
export { MAX_SMS_SEGMENTS, queueSms } from './sms.service';
/** Quiet hours (21:00 to 06:00 Lagos), the rule every SMS and WhatsApp message that can wait keeps. */
export { isQuietHours, quietHoursEnd } from '@freightlane/domain';
export type { QueuedSms, SmsRequest } from './sms.service';
