import type { AppContext } from '../../context';
import type { ZodApp } from '../../lib/route-kit';
import { gatewayAddresses } from './ussd.service';
import { ussdRoutes } from './ussd.routes';
import { ussdSimulatorRoutes } from './ussd-simulator.routes';

// The USSD menu for drivers on a basic phone: Africa's Talking's callbacks, answered screen
// by screen in the driver's language; the PIN the transporter gives; a simulated phone in development.

export function registerUssd(app: ZodApp, ctx: AppContext): void {
  const settings = ctx.env.ussd;
  ussdRoutes(app, ctx, settings ? gatewayAddresses(settings) : null);
  // The simulated phone is for development and tests; production talks to the real gateway only.
  if (settings && ctx.env.NODE_ENV !== 'production') ussdSimulatorRoutes(app, settings);
}
