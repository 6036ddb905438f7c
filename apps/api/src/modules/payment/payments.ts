import { SIMULATOR_PATH, type Env } from '../../env';
import type { PaymentProvider } from './payment-provider';
import { PaystackProvider } from './paystack';
import { PaystackSimulator } from './paystack-simulator';

export const PAYSTACK_WEBHOOK_PATH = '/api/v1/payments/paystack/webhook';
/** The web app's page the checkout sends the payer back to; it asks the API to verify the payment. */
export const PAYMENT_CALLBACK_PATH = '/payments/callback';

/** How this app takes payments online, built once per app (buildApp) and carried on its context. */
export interface Payments {
  /** Null when online payment is off (production without a secret key): bank transfers only. */
  provider: PaymentProvider | null;
  /** The simulated checkout's memory, when it stands in for the provider (never in production). */
  simulator: PaystackSimulator | null;
  callbackUrl: string;
  webhookUrl: string;
}

export function buildPayments(env: Env): Payments {
  const settings = env.paystack;
  const webhookUrl = `${env.appUrl}${PAYSTACK_WEBHOOK_PATH}`;
  const simulator =
    settings?.mode === 'simulator' && env.NODE_ENV !== 'production'
      ? new PaystackSimulator(settings.secretKey, `${env.appUrl}${SIMULATOR_PATH}`, webhookUrl)
      : null;
  return {
    provider: settings ? new PaystackProvider(settings.secretKey, settings.baseUrl) : null,
    simulator,
    callbackUrl: `${env.appUrl}${PAYMENT_CALLBACK_PATH}`,
    webhookUrl,
  };
}
