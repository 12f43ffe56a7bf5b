import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { parseWeChatNotification, signedHeaders, WeChatSignatureError, type WeChatPayClient, type WeChatPaySettings } from '../payments/wechat.ts';
import { completeCheckout } from '../services/payments.ts';

/** Where WeChat Pay posts payment notifications (the default WECHATPAY_NOTIFY_URL path). */
export const wechatNotifyPath = '/api/payment/wechat/notify';

/**
 * POST /api/payment/wechat/notify: WeChat Pay's signed, encrypted payment
 * notifications. The body is kept raw (in this plugin only) because the
 * signature covers the exact bytes. Answers as WeChat Pay expects: 204 when
 * handled (replays included), 401 `{code: 'FAIL'}` for a bad signature or
 * ciphertext, 500 when we could not store it, so WeChat Pay sends it again.
 */
export async function wechatNotifyRoutes(app: FastifyInstance, { db, client, settings }: { db: Db; client: WeChatPayClient; settings: WeChatPaySettings }) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.post(wechatNotifyPath, async (request, reply) => {
    const raw = Buffer.isBuffer(request.body) ? request.body.toString('utf8') : '';
    let notice;
    try {
      notice = parseWeChatNotification(client, settings, signedHeaders((name) => request.headers[name] as string | undefined), raw);
    } catch (error) {
      if (!(error instanceof WeChatSignatureError)) throw error;
      request.log.warn({ reason: error.message }, 'wechat notification refused');
      return reply.code(401).send({ code: 'FAIL', message: 'signature verification failed' });
    }
    if (notice) {
      try {
        await completeCheckout(db, notice.paymentId, notice.verdict.outcome, { paid: notice.verdict.paid });
      } catch (error) {
        // A payment we do not know or an amount we did not ask for: sending it again changes nothing.
        if (!(error instanceof AppError)) {
          request.log.error({ err: error }, 'wechat notification not stored');
          return reply.code(500).send({ code: 'FAIL', message: 'try again' });
        }
        request.log.warn({ err: error, paymentId: notice.paymentId }, 'wechat notification not applied');
      }
    }
    return reply.code(204).send();
  });
}
