import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { endpoints } from '../../src/domain/endpoints/paths.ts';
import type { Db } from '../db/client.ts';
import { ok } from '../envelope.ts';
import { AppError, ErrorCode } from '../errors.ts';
import { parseStripeWebhook, type StripeSettings } from '../payments/stripe.ts';
import { completeCheckout } from '../services/payments.ts';

/**
 * POST /api/payment/stripe/webhook: Stripe's signed events. The body is kept
 * raw (in this plugin only) because the signature covers the exact bytes.
 */
export async function stripeWebhookRoutes(app: FastifyInstance, { db, stripe, settings }: { db: Db; stripe: Stripe; settings: StripeSettings }) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.post(endpoints.stripeWebhook, async (request) => {
    let verdict;
    try {
      verdict = parseStripeWebhook(stripe, settings, request.body as Buffer, request.headers['stripe-signature'] as string | undefined);
    } catch {
      throw new AppError(ErrorCode.BAD_REQUEST, 'error.invalidInput', { status: 400 });
    }
    // Replays and events for payments we no longer know are acknowledged and change nothing.
    if (verdict) await completeCheckout(db, verdict.paymentId, verdict.outcome).catch((error: unknown) => request.log.warn({ err: error }, 'stripe event not applied'));
    return ok(null);
  });
}
