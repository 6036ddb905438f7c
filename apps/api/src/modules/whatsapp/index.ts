import type { AppContext } from '../../context';
import type { ZodApp } from '../../lib/route-kit';
import { cloudApiSimulatorRoutes } from './cloud-api-simulator.routes';
import type { WhatsappChannel } from './whatsapp-channel';
import {
  WHATSAPP_SEND_JOB,
  WHATSAPP_SEND_MAX_ATTEMPTS,
  sendQueuedWhatsapp,
  whatsappSendBackoffSeconds,
} from './whatsapp-send.job';
import { TRIP_LOOKUP_JOB } from './trip-lookup-request';
import { answerTripLookup } from './trip-lookup.service';
import { whatsappRoutes } from './whatsapp.routes';

// WhatsApp messages (docs/whatsapp.md): each one recorded, sent by a job through the WhatsApp Business
// Cloud API (or its simulator in development), and followed by the API's signed status notifications;
// messages people send the platform are kept and open their 24-hour service window.

declare module '../../context' {
  interface AppContext {
    /** The Cloud API (or none: WhatsApp off) and, in development, the simulated API's memory. */
    whatsapp: WhatsappChannel;
  }
}

export function registerWhatsapp(app: ZodApp, ctx: AppContext): void {
  whatsappRoutes(app, ctx);
  ctx.jobs.handle(WHATSAPP_SEND_JOB, (payload, attempt) => sendQueuedWhatsapp(ctx, payload, attempt), {
    maxAttempts: WHATSAPP_SEND_MAX_ATTEMPTS,
    backoffSeconds: whatsappSendBackoffSeconds,
    // Each message is its own call to the Cloud API, mostly spent waiting on it: many go at once.
    parallel: true,
  });
  ctx.jobs.handle(TRIP_LOOKUP_JOB, (payload) => answerTripLookup(ctx, payload));
  // The simulated API is for development and tests; production talks to the real one only.
  const simulator = ctx.whatsapp.simulator;
  if (simulator && ctx.env.NODE_ENV !== 'production') {
    cloudApiSimulatorRoutes(app, simulator);
    app.addHook('onClose', async () => simulator.dropOwedStatuses());
  }
}

export { buildWhatsapp } from './whatsapp-channel';
export type { WhatsappChannel } from './whatsapp-channel';
export { queueWhatsapp } from './whatsapp.service';
export type { QueuedWhatsapp, WhatsappRequest } from './whatsapp.service';
export { WHATSAPP_TEMPLATES } from './whatsapp-templates';
export type { WhatsappTemplateName } from './whatsapp-templates';
