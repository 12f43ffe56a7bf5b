import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { endpoints } from '../../src/domain/endpoints/paths.ts';
import type { Db } from '../db/client.ts';
import { ok } from '../envelope.ts';
import { AppError, ErrorCode } from '../errors.ts';
import { parseStripeWebhook, type StripeNotice, type StripeSettings } from '../payments/stripe.ts';
import { completeCheckout, endStripeSubscription, renewStripeSubscription } from '../services/payments.ts';

async function apply(db: Db, notice: StripeNotice): Promise<unknown> {
  switch (notice.kind) {
    case 'checkout':
      return completeCheckout(db, notice.paymentId, notice.outcome, notice.stripeSubscriptionId ? { stripeSubscriptionId: notice.stripeSubscriptionId } : {});
    case 'renewal':
      return renewStripeSubscription(db, notice);
    case 'subscriptionEnded':
      return endStripeSubscription(db, notice.stripeSubscriptionId);
  }
}

/**
 * POST /api/payment/stripe/webhook: Stripe's signed events. The body is kept
 * raw (in this plugin only) because the signature covers the exact bytes.
 * Replays and events for payments we do not know are acknowledged and change
 * nothing; a failure to store one answers 500, so Stripe sends it again.
 */
export async function stripeWebhookRoutes(app: FastifyInstance, { db, stripe, settings }: { db: Db; stripe: Stripe; settings: StripeSettings }) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.post(endpoints.stripeWebhook, async (request) => {
    let notice;
    try {
      notice = parseStripeWebhook(stripe, settings, request.body as Buffer, request.headers['stripe-signature'] as string | undefined);
    } catch {
      throw new AppError(ErrorCode.BAD_REQUEST, 'error.invalidInput', { status: 400 });
    }
    if (notice) {
      try {
        const result = await apply(db, notice);
        if (result && typeof result === 'object' && 'late' in result) {
          // Paid in the moment before the order was cancelled and its session expired: delivered; the operator hears of it.
          request.log.warn({ notice: notice.kind, result }, 'stripe payment arrived for a cancelled order: delivered');
        } else request.log.info({ notice: notice.kind, result }, 'stripe event applied');
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        request.log.warn({ err: error }, 'stripe event not applied');
      }
    }
    return ok(null);
  });
}
