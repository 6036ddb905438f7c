import type { AppContext } from '../../context';
import type { ZodApp } from '../../lib/route-kit';
import { bidRoutes } from './bid.routes';

// Bids, the market of open orders and the trips a transporter won.

export function registerBid(app: ZodApp, ctx: AppContext): void {
  bidRoutes(app, ctx);
}
