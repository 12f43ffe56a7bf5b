import { createDecipheriv, createPrivateKey, createPublicKey, createSign, createVerify, randomBytes, type KeyObject } from 'node:crypto';
import type { CurrencyCode } from '../../src/domain/plans.ts';
import { planChargeCents, productById } from '../../src/domain/products.ts';
import { wechatCurrency, wechatPlanFen } from '../../src/domain/wechat-prices.ts';
import { isLocale } from '../../src/i18n/locales.ts';
import { localizedPath } from '../../src/i18n/routes.ts';
import type { WeChatPayConfig } from '../config.ts';
import type { PaymentProvider, PaymentVerdict } from '../services/payments.ts';

/**
 * WeChat Pay API v3, Native (QR code) payments: signed requests, verified
 * responses and notifications, AEAD_AES_256_GCM resources (docs/decisions/0012).
 */
export interface WeChatPaySettings extends WeChatPayConfig {
  siteUrl: string;
}

/** The authorization scheme of API v3 (RSA-SHA256 over the request, PKCS#1 v1.5). */
export const authScheme = 'WECHATPAY2-SHA256-RSA2048';
/** Signed responses and notifications older or newer than this are refused (replays). */
export const maxClockSkewSeconds = 300;
/** WeChat Pay closes an unpaid Native order after this (our time_expire). */
export const codeLifetimeMs = 2 * 60 * 60 * 1000;

/** WeChat Pay answered with an error, or could not be reached. */
export class WeChatPayError extends Error {
  override name = 'WeChatPayError';
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(`WeChat Pay ${status} ${code}: ${message}`);
    this.status = status;
    this.code = code;
  }
}

/** A response or notification whose signature, serial or timestamp does not hold. */
export class WeChatSignatureError extends Error {
  override name = 'WeChatSignatureError';
}

/** The text API v3 signs: each part on its own line, with a final newline. */
export function signatureMessage(...parts: string[]): string {
  return `${parts.join('\n')}\n`;
}

/** RSA-SHA256 (PKCS#1 v1.5) over `message`, base64. */
export function rsaSign(privateKey: KeyObject, message: string): string {
  return createSign('RSA-SHA256').update(message).sign(privateKey, 'base64');
}

/** Checks an RSA-SHA256 base64 signature; a malformed one is simply false. */
export function rsaVerify(publicKey: KeyObject, message: string, signature: string): boolean {
  try {
    return createVerify('RSA-SHA256').update(message).verify(publicKey, signature, 'base64');
  } catch {
    return false;
  }
}

/** The Authorization header of a request to API v3. */
export function authorization(
  merchant: { mchId: string; serialNo: string; privateKey: KeyObject },
  request: { method: string; pathWithQuery: string; body: string; timestamp: number; nonce: string },
): string {
  const signature = rsaSign(merchant.privateKey, signatureMessage(request.method, request.pathWithQuery, String(request.timestamp), request.nonce, request.body));
  return `${authScheme} mchid="${merchant.mchId}",nonce_str="${request.nonce}",signature="${signature}",timestamp="${request.timestamp}",serial_no="${merchant.serialNo}"`;
}

/** The Wechatpay-* headers of a signed response or notification. */
export interface WeChatSignedHeaders {
  timestamp: string | undefined;
  nonce: string | undefined;
  signature: string | undefined;
  serial: string | undefined;
}

/** Reads the Wechatpay-* headers from a Fetch or Node header bag. */
export function signedHeaders(get: (name: string) => string | null | undefined): WeChatSignedHeaders {
  const one = (name: string) => get(name) ?? undefined;
  return { timestamp: one('wechatpay-timestamp'), nonce: one('wechatpay-nonce'), signature: one('wechatpay-signature'), serial: one('wechatpay-serial') };
}

/**
 * Verifies a response or notification from WeChat Pay: the serial names the
 * key we hold, the timestamp is within five minutes, and the signature over
 * `timestamp\nnonce\nbody\n` holds with WeChat Pay's public key. Throws otherwise.
 */
export function verifyWeChatSignature(platform: { publicKey: KeyObject; serial: string }, headers: WeChatSignedHeaders, body: string, nowMs = Date.now()): void {
  const { timestamp, nonce, signature, serial } = headers;
  if (!timestamp || !nonce || !signature || !serial) throw new WeChatSignatureError('missing Wechatpay-* signature headers');
  if (serial !== platform.serial) throw new WeChatSignatureError(`signed with ${serial}, we hold ${platform.serial}`);
  const seconds = Number(timestamp);
  if (!/^\d+$/.test(timestamp) || Math.abs(nowMs / 1000 - seconds) > maxClockSkewSeconds) throw new WeChatSignatureError('timestamp outside the allowed window');
  if (!rsaVerify(platform.publicKey, signatureMessage(timestamp, nonce, body), signature)) throw new WeChatSignatureError('signature does not verify');
}

/** An encrypted resource of a notification. */
export interface EncryptedResource {
  algorithm: string;
  ciphertext: string;
  nonce: string;
  associated_data?: string;
}

/** Decrypts a notification's resource: AEAD_AES_256_GCM with the APIv3 key; the 16-byte tag ends the ciphertext. */
export function decryptResource(apiV3Key: string, resource: EncryptedResource): string {
  if (resource.algorithm !== 'AEAD_AES_256_GCM') throw new WeChatSignatureError(`unknown algorithm ${resource.algorithm}`);
  const data = Buffer.from(resource.ciphertext, 'base64');
  if (data.length <= 16) throw new WeChatSignatureError('ciphertext too short');
  try {
    const decipher = createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(resource.nonce, 'utf8'));
    decipher.setAuthTag(data.subarray(data.length - 16));
    decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
    return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
  } catch {
    throw new WeChatSignatureError('resource does not decrypt (wrong key or tampered)');
  }
}

/** Our payment id as out_trade_no (6–32 characters of [0-9a-zA-Z_-|*]): the uuid without dashes. */
export function outTradeNo(paymentId: string): string {
  return paymentId.replace(/-/g, '');
}

/** The payment id an out_trade_no stands for, if it is one of ours. */
export function paymentIdOf(tradeNo: string): string | undefined {
  const m = /^([0-9a-f]{8})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{12})$/.exec(tradeNo);
  return m ? m.slice(1).join('-') : undefined;
}

/** RFC 3339 time in China Standard Time, as WeChat Pay writes time_expire. */
function beijingTime(ms: number): string {
  return `${new Date(ms + 8 * 3600 * 1000).toISOString().slice(0, 19)}+08:00`;
}

/** A transaction as API v3 describes it (query answer and decrypted notification resource). */
export interface WeChatTransaction {
  appid: string;
  mchid: string;
  out_trade_no: string;
  transaction_id?: string;
  trade_type?: string;
  trade_state: 'SUCCESS' | 'REFUND' | 'NOTPAY' | 'CLOSED' | 'REVOKED' | 'USERPAYING' | 'PAYERROR' | string;
  trade_state_desc?: string;
  success_time?: string;
  amount?: { total: number; currency: string; payer_total?: number; payer_currency?: string };
}

/** What a transaction means for our payment: succeeded (with the amount), ended unpaid, or still open. */
export function verdictOf(settings: Pick<WeChatPaySettings, 'mchId' | 'appId'>, transaction: WeChatTransaction): PaymentVerdict | undefined {
  if (transaction.mchid !== settings.mchId || transaction.appid !== settings.appId) return undefined;
  switch (transaction.trade_state) {
    case 'SUCCESS':
      return transaction.amount ? { outcome: 'succeeded', paid: { amountCents: transaction.amount.total, currency: transaction.amount.currency } } : undefined;
    case 'CLOSED':
    case 'REVOKED':
      return { outcome: 'abandoned' };
    case 'PAYERROR':
      return { outcome: 'failed' };
    default:
      return undefined;
  }
}

/** The merchant's client of API v3: signs every request and verifies every answer. */
export interface WeChatPayClient {
  request<T>(method: 'GET' | 'POST', pathWithQuery: string, body?: unknown): Promise<T>;
  /** Verifies a notification's signature and decrypts its resource. */
  openNotification(headers: WeChatSignedHeaders, rawBody: string): { eventType: string; resource: string };
}

/** API v3 client with keys parsed once; `fetchImpl` and `now` let tests speak to a local server. */
export function weChatPayClient(settings: WeChatPaySettings, options: { fetchImpl?: typeof fetch; now?: () => number } = {}): WeChatPayClient {
  const merchant = { mchId: settings.mchId, serialNo: settings.serialNo, privateKey: createPrivateKey(settings.privateKey) };
  const platform = { publicKey: createPublicKey(settings.platformPublicKey), serial: settings.platformSerial };
  const doFetch = options.fetchImpl ?? fetch;
  const now = options.now ?? Date.now;
  return {
    async request<T>(method: 'GET' | 'POST', pathWithQuery: string, body?: unknown): Promise<T> {
      const text = body === undefined ? '' : JSON.stringify(body);
      const header = authorization(merchant, { method, pathWithQuery, body: text, timestamp: Math.floor(now() / 1000), nonce: randomBytes(16).toString('hex').toUpperCase() });
      let response: Response;
      try {
        response = await doFetch(`${settings.apiBase}${pathWithQuery}`, {
          method,
          headers: { authorization: header, accept: 'application/json', 'user-agent': 'inkwise-wechatpay/1', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
          body: body === undefined ? undefined : text,
          signal: AbortSignal.timeout(15_000),
        });
      } catch (error) {
        throw new WeChatPayError(0, 'NETWORK', error instanceof Error ? error.message : String(error));
      }
      const answer = await response.text();
      const signed = signedHeaders((name) => response.headers.get(name));
      if (!response.ok) {
        // Error answers are parsed for their code; none of them is acted on.
        const error = (() => {
          try {
            return JSON.parse(answer) as { code?: string; message?: string };
          } catch {
            return {};
          }
        })();
        throw new WeChatPayError(response.status, error.code ?? 'UNKNOWN', error.message ?? answer.slice(0, 200));
      }
      verifyWeChatSignature(platform, signed, answer, now());
      return (answer ? JSON.parse(answer) : {}) as T;
    },
    openNotification(headers, rawBody) {
      verifyWeChatSignature(platform, headers, rawBody, now());
      let event: { event_type?: string; resource_type?: string; resource?: EncryptedResource };
      try {
        event = JSON.parse(rawBody) as typeof event;
      } catch {
        throw new WeChatSignatureError('notification is not JSON');
      }
      if (!event.resource) throw new WeChatSignatureError('notification without resource');
      return { eventType: event.event_type ?? '', resource: decryptResource(settings.apiV3Key, event.resource) };
    },
  };
}

/** What a WeChat plan costs in fen: the CNY list price, with the order's coupon discount carried over. */
export function weChatCharge(order: { productId: number; amountCents: number; currency: string | null }): { amountCents: number; currency: string } {
  const product = productById(order.productId);
  if (product?.kind !== 'plan') throw new Error(`product ${order.productId} is not a plan`);
  const list = wechatPlanFen[product.tier];
  if (order.currency === wechatCurrency) return { amountCents: order.amountCents, currency: wechatCurrency };
  const orderList = planChargeCents(product, (order.currency ?? 'USD') as CurrencyCode);
  const share = orderList > 0 ? order.amountCents / orderList : 1;
  return { amountCents: Math.max(1, Math.round(list * Math.min(1, share))), currency: wechatCurrency };
}

/** WeChat Pay Native as our payment provider: a QR code for the buyer, the order query for status checks. */
export function weChatPayProvider(client: WeChatPayClient, settings: WeChatPaySettings): PaymentProvider {
  return {
    name: 'wechat',
    charge: weChatCharge,
    // A few minutes past WeChat Pay's own expiry, so a payment made in the last second is still ours.
    checkoutTtlMs: codeLifetimeMs + 5 * 60 * 1000,
    async startCheckout({ paymentId, orderNo, amountCents, currency, productId, locale, createdAt, origin }) {
      const product = productById(productId);
      const plan = product?.kind === 'plan' && product.tier === 'pro' ? 'Pro' : 'Premium';
      // The same payment always sends the same parameters, so reopening it answers the same code.
      const { code_url: codeUrl } = await client.request<{ code_url: string }>('POST', '/v3/pay/transactions/native', {
        appid: settings.appId,
        mchid: settings.mchId,
        description: `Inkwise ${plan} - 1 month`,
        out_trade_no: outTradeNo(paymentId),
        time_expire: beijingTime(createdAt.getTime() + codeLifetimeMs),
        attach: orderNo,
        notify_url: settings.notifyUrl,
        amount: { total: amountCents, currency },
      });
      if (typeof codeUrl !== 'string' || !codeUrl) throw new WeChatPayError(200, 'NO_CODE_URL', 'native order answered without code_url');
      const home = isLocale(locale) ? locale : 'en';
      return { codeUrl, payUrl: `${origin ?? settings.siteUrl}${localizedPath(home, 'tryPremiumWeChat')}?orderNo=${encodeURIComponent(orderNo)}` };
    },
    async queryPayment(paymentId) {
      try {
        const transaction = await client.request<WeChatTransaction>('GET', `/v3/pay/transactions/out-trade-no/${outTradeNo(paymentId)}?mchid=${encodeURIComponent(settings.mchId)}`);
        return verdictOf(settings, transaction);
      } catch (error) {
        // Not yet known to WeChat Pay: still open.
        if (error instanceof WeChatPayError && error.code === 'ORDER_NOT_EXIST') return undefined;
        throw error;
      }
    },
  };
}

/**
 * Reads a payment notification: verified, decrypted, and mapped to our payment
 * and what was paid. Undefined for events we do not act on. Throws
 * WeChatSignatureError when the signature or the ciphertext does not hold.
 */
export function parseWeChatNotification(
  client: WeChatPayClient,
  settings: Pick<WeChatPaySettings, 'mchId' | 'appId'>,
  headers: WeChatSignedHeaders,
  rawBody: string,
): { paymentId: string; verdict: PaymentVerdict } | undefined {
  const { eventType, resource } = client.openNotification(headers, rawBody);
  if (eventType !== 'TRANSACTION.SUCCESS') return undefined;
  let transaction: WeChatTransaction;
  try {
    transaction = JSON.parse(resource) as WeChatTransaction;
  } catch {
    throw new WeChatSignatureError('resource is not JSON');
  }
  const paymentId = paymentIdOf(transaction.out_trade_no ?? '');
  const verdict = verdictOf(settings, transaction);
  if (!paymentId || verdict?.outcome !== 'succeeded') return undefined;
  return { paymentId, verdict };
}
