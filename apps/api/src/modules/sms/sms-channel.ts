import type { Env, SmsSettings } from '../../env';
import type { SmsProvider } from './sms-provider';
import { TermiiProvider } from './termii';
import { TermiiSimulator } from './termii-simulator';

export const TERMII_DELIVERY_REPORT_PATH = '/api/v1/sms/delivery-reports/termii';
/** How long the simulated gateway waits before reporting a message's fate, as a network takes a moment. */
const SIMULATED_REPORT_DELAY_MS = 1500;

/** How this app sends text messages, built once per app (buildApp) and carried on its context. */
export interface SmsChannel {
  settings: SmsSettings;
  /** Null when SMS is off (SMS_PROVIDER=none): messages are recorded and marked failed. */
  provider: SmsProvider | null;
  /** The simulated gateway's memory, when it stands in for Termii (never in production). */
  simulator: TermiiSimulator | null;
}

export function buildSms(env: Env): SmsChannel {
  const settings = env.sms;
  const termii = settings.termii;
  if (!termii) return { settings, provider: null, simulator: null };
  const simulated = settings.provider === 'simulator' && env.NODE_ENV !== 'production';
  const simulator =
    simulated && termii.secretKey
      ? new TermiiSimulator({
          apiKey: termii.apiKey,
          secretKey: termii.secretKey,
          webhookUrl: `${env.appUrl}${TERMII_DELIVERY_REPORT_PATH}`,
          priceKobo: settings.priceKobo,
          reportDelayMs: SIMULATED_REPORT_DELAY_MS,
        })
      : null;
  return {
    settings,
    provider: new TermiiProvider({
      name: settings.provider,
      apiKey: termii.apiKey,
      secretKey: termii.secretKey,
      baseUrl: termii.baseUrl,
    }),
    simulator,
  };
}
