import { z } from 'zod';
import {
  bidHistoryPage,
  bidHistoryQuery,
  bidIdParams,
  marketOrderDetailSchema,
  marketOrderPage,
  myBidSchema,
  openOrdersQuery,
  orderIdParam,
  pageQuery,
  placeBidRequest,
  reviseBidRequest,
  wonTripPage,
  wonTripsQuery,
} from '@freightlane/domain';
import type { AppContext } from '../../context';
import { sendJsonAnswer } from '../../lib/http-cache';
import { bearerSecurity, errorResponses, type ZodApp } from '../../lib/route-kit';
import { principalOf, requireAuth } from '../../plugins/auth';
import { listBidHistory, placeBid, reviseBid, withdrawBid } from './bid.service';
import {
  getMarketOrder,
  listMonitoredOrders,
  listOpenOrders,
  unwatchOrder,
  watchOrder,
} from './market.service';
import { listWonTripsOf } from './won-trips.service';

const tags = ['Bids'];
const noContent = z.null().describe('No content');

export function bidRoutes(app: ZodApp, ctx: AppContext): void {
  // Bidding is the transporter side of the market: the owner and the fleet managers act for the company.
  const transporterOnly = requireAuth(ctx, 'role_transporter', 'role_fleet_manager');

  app.get(
    '/api/v1/bids/open-orders',
    {
      preHandler: transporterOnly,
      schema: {
        tags,
        summary: 'New bids: open orders your company may bid on, newest first',
        security: bearerSecurity,
        querystring: openOrdersQuery,
        response: { 200: marketOrderPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) =>
      sendJsonAnswer(request, reply, await listOpenOrders(ctx, principalOf(request), request.query)),
  );

  app.get(
    '/api/v1/bids/open-orders/:orderId',
    {
      preHandler: transporterOnly,
      schema: {
        tags,
        summary: 'One order as your company sees it: items, quote document, your bid and watch flag',
        security: bearerSecurity,
        params: orderIdParam,
        response: { 200: marketOrderDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getMarketOrder(ctx, principalOf(request), request.params.orderId),
  );

  app.get(
    '/api/v1/bids/monitored',
    {
      preHandler: transporterOnly,
      schema: {
        tags,
        summary: 'Monitored bids: the orders your company watches, newest watch first',
        security: bearerSecurity,
        querystring: pageQuery,
        response: { 200: marketOrderPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listMonitoredOrders(ctx, principalOf(request), request.query),
  );

  app.put(
    '/api/v1/bids/monitored/:orderId',
    {
      preHandler: transporterOnly,
      schema: {
        tags,
        summary: 'Watch an order (idempotent)',
        security: bearerSecurity,
        params: orderIdParam,
        response: { 204: noContent, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await watchOrder(ctx, principalOf(request), request.params.orderId);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/api/v1/bids/monitored/:orderId',
    {
      preHandler: transporterOnly,
      schema: {
        tags,
        summary: 'Stop watching an order',
        security: bearerSecurity,
        params: orderIdParam,
        response: { 204: noContent, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await unwatchOrder(ctx, principalOf(request), request.params.orderId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/v1/bids',
    {
      preHandler: transporterOnly,
      schema: {
        tags,
        summary: 'Bid on an open order: a price per container or truck load, and the trucks you commit',
        security: bearerSecurity,
        body: placeBidRequest,
        response: { 201: myBidSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await placeBid(ctx, principalOf(request), request.body, request.ip)),
  );

  app.get(
    '/api/v1/bids',
    {
      preHandler: transporterOnly,
      schema: {
        tags,
        summary: "Your company's bids, most recently changed first, each with its order",
        security: bearerSecurity,
        querystring: bidHistoryQuery,
        response: { 200: bidHistoryPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listBidHistory(ctx, principalOf(request), request.query),
  );

  app.get(
    '/api/v1/bids/won',
    {
      preHandler: transporterOnly,
      schema: {
        tags,
        summary: 'Bids won: one row per trip awarded to your company, searchable',
        security: bearerSecurity,
        querystring: wonTripsQuery,
        response: { 200: wonTripPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listWonTripsOf(ctx, principalOf(request), request.query),
  );

  app.patch(
    '/api/v1/bids/:id',
    {
      preHandler: transporterOnly,
      schema: {
        tags,
        summary: 'Revise your active bid while bidding is open',
        security: bearerSecurity,
        params: bidIdParams,
        body: reviseBidRequest,
        response: { 200: myBidSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => reviseBid(ctx, principalOf(request), request.params.id, request.body, request.ip),
  );

  app.post(
    '/api/v1/bids/:id/withdraw',
    {
      preHandler: transporterOnly,
      schema: {
        tags,
        summary: 'Withdraw your active bid while bidding is open',
        security: bearerSecurity,
        params: bidIdParams,
        response: { 200: myBidSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => withdrawBid(ctx, principalOf(request), request.params.id, request.ip),
  );
}
