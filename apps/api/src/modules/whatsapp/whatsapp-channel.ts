import type { Env, WhatsappSettings } from '../../env';
import { CloudApiProvider } from './cloud-api';
import { CloudApiSimulator } from './cloud-api-simulator';
import type { WhatsappProvider } from './whatsapp-provider';

export const WHATSAPP_WEBHOOK_PATH = '/api/v1/whatsapp/webhook';
/** How long the simulated API waits before posting a message's statuses, as a phone takes a moment. */
const SIMULATED_STATUS_DELAY_MS = 1500;

/** How this app sends WhatsApp messages, built once per app (buildApp) and carried on its context. */
export interface WhatsappChannel {
  settings: WhatsappSettings;
  /** Null when WhatsApp is off (WHATSAPP_PROVIDER=none): messages are recorded and marked failed. */
  provider: WhatsappProvider | null;
  /** The simulated Cloud API's memory, when it stands in (never in production). */
  simulator: CloudApiSimulator | null;
}

export function buildWhatsapp(env: Env): WhatsappChannel {
  const settings = env.whatsapp;
  const cloud = settings.cloud;
  if (!cloud) return { settings, provider: null, simulator: null };
  const simulated = settings.provider === 'simulator' && env.NODE_ENV !== 'production';
  const simulator =
    simulated && cloud.appSecret
      ? new CloudApiSimulator({
          token: cloud.token,
          phoneNumberId: cloud.phoneNumberId,
          appSecret: cloud.appSecret,
          webhookUrl: `${env.appUrl}${WHATSAPP_WEBHOOK_PATH}`,
          statusDelayMs: SIMULATED_STATUS_DELAY_MS,
        })
      : null;
  return { settings, provider: new CloudApiProvider({ name: settings.provider, ...cloud }), simulator };
}
