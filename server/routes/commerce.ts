import type { FastifyInstance } from 'fastify';
import { cancelOrderRequest, checkoutSessionRequest, essayDeleteRequest, essayHistoryRequest, createOrderRequest, orderListRequest, orderNoRequest, quoteRequest, sandboxCompleteRequest, walletLedgerRequest } from '../../src/domain/endpoints/commerce.ts';
import { ledgerHistory } from '../services/ledger.ts';
import { productById } from '../../src/domain/products.ts';
import { isLlmMode } from '../../src/domain/rewriter.ts';
import { requestLocale } from '../plugins/errors.ts';
import { cancelSubscription, checkoutSession, closeOpenCheckouts, completeCheckout, currentSubscription, lastCheckoutOutcome, providerFor, refreshPaymentStatus, startCheckout, type PaymentProviders } from '../services/payments.ts';
import { endpoints } from '../../src/domain/endpoints/paths.ts';
import { OrderStatus, OrderType, subscriptionOrderTypes, toolOrderTypes } from '../../src/domain/orders.ts';
import type { Db } from '../db/client.ts';
import { ok } from '../envelope.ts';
import { AppError, ErrorCode } from '../errors.ts';
import { principalOf, requireAuth } from '../plugins/auth.ts';
import { acceptsFields } from '../plugins/multipart.ts';
import * as orders from '../services/orders.ts';
import { quote, walletProducts } from '../services/quotes.ts';
import { enforceLimit, limits } from '../services/rate-limit.ts';
import { usableDiscount } from '../services/coupons.ts';
import { authenticate } from '../services/sessions.ts';
import { siteOriginOf, type SiteOrigins } from '../site-origin.ts';

/** Largest body of a price quote, in bytes. */
export const quoteBodyLimit = 256 * 1024;

/** Quotes, orders and bean payments (spec §7). Bodies may be JSON or multipart fields. */
export function commerceRoutes(
  app: FastifyInstance,
  {
    db,
    key,
    providers,
    siteOrigins,
    llmConfigured = false,
    pricing = {},
    ipAllowlist = [],
  }: { db: Db; key: Uint8Array; providers: PaymentProviders; siteOrigins?: SiteOrigins; llmConfigured?: boolean; pricing?: orders.Pricing; ipAllowlist?: readonly string[] },
) {
  const authed = { preHandler: requireAuth(db, key) };

  // Public: a bounded body (one essay at the longest plan limit fits many times over) and a person's pace per address.
  app.post(endpoints.quote, { bodyLimit: quoteBodyLimit }, async (request) => {
    if (!ipAllowlist.includes(request.ip)) await enforceLimit(db, limits.quotePerIp, request.ip);
    const input = quoteRequest.parse(request.body);
    if (!input.couponIds?.length) return ok(quote(input, 0, pricing));
    // Coupons are the caller's own: with coupon ids the quote needs the access token.
    const { userId } = await authenticate(db, key, request.headers.authorization);
    const discount = await usableDiscount(db, userId, input.couponIds);
    return ok(quote(input, discount?.percent, pricing));
  });

  app.get(endpoints.walletProducts, async () => ok(walletProducts()));

  app.post(endpoints.createOrder, authed, async (request) => {
    const input = createOrderRequest.parse(request.body);
    // The rewriter's Expand and Creative modes invent content: only with the LLM backend (checked before any charge).
    if (input.extraInfo?.mode && isLlmMode(input.extraInfo.mode) && !llmConfigured) throw new AppError(ErrorCode.DEFAULT, 'rewriter.error.needsLlm');
    const idempotencyKey = request.headers['idempotency-key'];
    const order = await orders.createOrder(db, principalOf(request).userId, input, typeof idempotencyKey === 'string' ? idempotencyKey.slice(0, 128) : undefined, pricing);
    return ok({ orderNo: order.orderNo, status: order.status, productId: order.productId, orderType: order.orderType, payPrice: order.beans || order.amountCents, wordCount: order.wordCount });
  });

  app.post(endpoints.createPayment, authed, async (request) => {
    const { orderNo } = orderNoRequest.parse(request.body);
    const { userId } = principalOf(request);
    const order = await orders.getOwnOrder(db, userId, orderNo);
    if (productById(order.productId)?.kind !== 'tool') {
      // Plans and bean packs are paid in money through their channel's provider: a page to go to, or a QR code to show.
      const provider = providerFor(providers, order);
      // The checkout and its way back stay on the origin the buyer is on (localhost vs 127.0.0.1 are two logins).
      const origin = siteOrigins ? siteOriginOf(request.headers, siteOrigins) : undefined;
      const checkout = await startCheckout(db, provider, userId, order, requestLocale(request), origin).catch((error: unknown) => {
        if (error instanceof AppError) throw error;
        request.log.error({ err: error, provider: provider.name, orderNo }, 'payment provider failed');
        throw new AppError(ErrorCode.DEFAULT, 'commerce.error.providerFailed');
      });
      return ok({ orderNo, paid: false, ...checkout });
    }
    const paid = await orders.payWithBeans(db, userId, orderNo);
    return ok({ orderNo, status: paid.order.status, paid: true, balance: paid.balance });
  });

  // The sandbox's test checkout exists only while the sandbox is the provider: never beside a real one.
  if (providers.card?.name === 'sandbox' || providers.wechat?.name === 'sandbox') {
    app.get(endpoints.checkoutSession, authed, async (request) => {
      const { id } = checkoutSessionRequest.parse(request.query);
      return ok(await checkoutSession(db, principalOf(request).userId, id));
    });

    // The sandbox provider's verdict, given by its test checkout page (owner only, sandbox only).
    app.post(endpoints.sandboxComplete, authed, async (request) => {
      const { id, outcome } = sandboxCompleteRequest.parse(request.body);
      await checkoutSession(db, principalOf(request).userId, id);
      return ok(await completeCheckout(db, id, outcome));
    });
  }

  app.get(endpoints.currentSubscription, authed, async (request) => ok(await currentSubscription(db, principalOf(request).userId)));

  app.post(endpoints.cancelSubscription, authed, async (request) => {
    await cancelSubscription(db, principalOf(request).userId, providers);
    return ok(await currentSubscription(db, principalOf(request).userId));
  });

  app.post(endpoints.checkPaymentStatus, { ...authed, ...acceptsFields }, async (request) => {
    const { orderNo } = orderNoRequest.parse(request.body);
    const order = await orders.getOwnOrder(db, principalOf(request).userId, orderNo);
    // A provider that can be asked (WeChat Pay) is asked, so a lost notification never leaves a paid order pending.
    const status = await refreshPaymentStatus(db, providers, order).catch((error: unknown) => {
      request.log.warn({ err: error, orderNo }, 'payment status query failed');
      return order.status;
    });
    return ok({ orderNo: order.orderNo, status });
  });

  // The page a checkout returns to says what happened: paid, declined, cancelled, or still open.
  app.post(endpoints.orderOutcome, authed, async (request) => {
    const { orderNo } = orderNoRequest.parse(request.body);
    const order = await orders.getOwnOrder(db, principalOf(request).userId, orderNo);
    const status = await refreshPaymentStatus(db, providers, order).catch(() => order.status);
    return ok({ orderNo: order.orderNo, status, productId: order.productId, lastPayment: await lastCheckoutOutcome(db, order.orderNo) });
  });

  app.post(endpoints.cancelOrder, authed, async (request) => {
    const { orderNo } = cancelOrderRequest.parse(request.body);
    const userId = principalOf(request).userId;
    const unpaid = await orders.getOwnOrder(db, userId, orderNo);
    if (unpaid.status === OrderStatus.PAYMENT_PENDING) await closeOpenCheckouts(db, providers, unpaid);
    const order = await orders.cancelOrder(db, userId, orderNo);
    return ok({ orderNo: order.orderNo, status: order.status });
  });

  app.post(endpoints.deleteOrder, authed, async (request) => {
    const { orderNo } = orderNoRequest.parse(request.body);
    await orders.deleteOrder(db, principalOf(request).userId, orderNo);
    return ok(null);
  });

  app.post(endpoints.toolList, authed, async (request) => {
    const query = orderListRequest.parse(request.body ?? {});
    const known: readonly number[] = Object.values(OrderType);
    const types = (query.orderTypeArray ?? toolOrderTypes).filter((t) => known.includes(t));
    return ok(await orders.listOrders(db, principalOf(request).userId, { page: query.page, pageSize: query.pageSize, types, status: query.orderStatus }));
  });

  app.get(endpoints.essayHistory, authed, async (request) => {
    const { page, size } = essayHistoryRequest.parse(request.query);
    return ok(await orders.essayHistory(db, principalOf(request).userId, page, size));
  });

  app.post(endpoints.essayDelete, authed, async (request) => {
    const { jobId } = essayDeleteRequest.parse(request.body);
    await orders.deleteEssay(db, principalOf(request).userId, jobId);
    return ok(null);
  });

  // "Undo" after a deletion (issue 30), within orders.undoWindowMs.
  app.post(endpoints.essayRestore, authed, async (request) => {
    const { jobId } = essayDeleteRequest.parse(request.body);
    await orders.restoreOrder(db, principalOf(request).userId, jobId, true);
    return ok(null);
  });

  app.post(endpoints.restoreOrder, authed, async (request) => {
    const { orderNo } = orderNoRequest.parse(request.body);
    await orders.restoreOrder(db, principalOf(request).userId, orderNo);
    return ok(null);
  });

  app.get(endpoints.walletLedger, authed, async (request) => {
    const { page, size } = walletLedgerRequest.parse(request.query);
    return ok(await ledgerHistory(db, principalOf(request).userId, page, size));
  });

  app.post(endpoints.subscriptionList, authed, async (request) => {
    const query = orderListRequest.parse(request.body ?? {});
    return ok(await orders.listOrders(db, principalOf(request).userId, { page: query.page, pageSize: query.pageSize, types: subscriptionOrderTypes, status: query.orderStatus }));
  });
}
