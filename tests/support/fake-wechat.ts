import { createCipheriv, createPublicKey, createSign, createVerify, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local server speaking the part of WeChat Pay API v3 we call, as documented:
 * it verifies the merchant's WECHATPAY2-SHA256-RSA2048 request signatures with
 * the merchant's public key (401 SIGN_ERROR otherwise), answers signed with the
 * platform private key, and sends signed, AEAD_AES_256_GCM-encrypted payment
 * notifications to the notify_url of an order.
 */
export interface FakeWeChatPayOptions {
  mchId: string;
  appId: string;
  merchantSerial: string;
  merchantPublicKey: KeyObject | string;
  platformPrivateKey: KeyObject;
  platformSerial: string;
  apiV3Key: string;
}

/** A Native order as the fake holds it. */
export interface FakeOrder {
  request: Record<string, unknown> & { out_trade_no: string; notify_url: string; amount: { total: number; currency: string } };
  codeUrl: string;
  state: 'NOTPAY' | 'SUCCESS' | 'CLOSED';
  transactionId: string;
  successTime?: string;
}

/** How the fake signs its answers: properly, with a wrong key, or with a stale timestamp. */
export type ResponseSigning = 'valid' | 'wrong-key' | 'stale' | 'wrong-serial';

/** Ways to spoil a notification, to see that we refuse it. */
export interface NotifyOptions {
  /** Sign with another key than the platform's. */
  signWith?: KeyObject;
  /** Flip a byte of the ciphertext after encryption. */
  tamper?: boolean;
  /** Seconds to move the timestamp by. */
  skewSeconds?: number;
  /** Encrypt with another APIv3 key. */
  apiV3Key?: string;
  /** Report this paid amount instead of the ordered one. */
  total?: number;
}

export interface FakeWeChatPay {
  apiBase: string;
  orders: Map<string, FakeOrder>;
  /** Requests refused for their signature. */
  refused: { method: string; url: string; reason: string }[];
  /** How the next answers are signed. */
  responseSigning: ResponseSigning;
  /** The buyer pays an order (its state becomes SUCCESS); answers the transaction. */
  pay(outTradeNo: string): Record<string, unknown>;
  /** The signed, encrypted TRANSACTION.SUCCESS notification of a paid order: headers and body. */
  notification(outTradeNo: string, options?: NotifyOptions): { headers: Record<string, string>; body: string };
  /** Posts that notification to the order's notify_url; answers our status and body. */
  notify(outTradeNo: string, options?: NotifyOptions): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

const nonce = () => randomBytes(16).toString('hex').toUpperCase();
const message = (...parts: string[]) => `${parts.join('\n')}\n`;

/** Parses `WECHATPAY2-SHA256-RSA2048 k="v",…`. */
function parseAuthorization(header: string | undefined): Record<string, string> | undefined {
  const match = /^WECHATPAY2-SHA256-RSA2048\s+(.+)$/.exec(header ?? '');
  if (!match) return undefined;
  return Object.fromEntries([...match[1]!.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
}

export async function startFakeWeChatPay(options: FakeWeChatPayOptions): Promise<FakeWeChatPay> {
  const merchantKey = typeof options.merchantPublicKey === 'string' ? createPublicKey(options.merchantPublicKey) : options.merchantPublicKey;
  const wrongKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  const orders = new Map<string, FakeOrder>();
  const refused: FakeWeChatPay['refused'] = [];

  /** Signature headers over a body, as WeChat Pay sends them. */
  const sign = (body: string, how: ResponseSigning = 'valid', key: KeyObject = options.platformPrivateKey, skewSeconds = 0) => {
    const timestamp = String(Math.floor(Date.now() / 1000) + (how === 'stale' ? -600 : 0) + skewSeconds);
    const n = nonce();
    const signature = createSign('RSA-SHA256')
      .update(message(timestamp, n, body))
      .sign(how === 'wrong-key' ? wrongKey : key, 'base64');
    return {
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': n,
      'wechatpay-signature': signature,
      'wechatpay-serial': how === 'wrong-serial' ? 'PUB_KEY_ID_SOMEONE_ELSE' : options.platformSerial,
    };
  };

  /** Checks our Authorization header as the real API does. */
  const verifyRequest = (method: string, url: string, headers: IncomingHttpHeaders, body: string): string | undefined => {
    const auth = parseAuthorization(headers.authorization);
    if (!auth) return 'no WECHATPAY2-SHA256-RSA2048 authorization';
    if (auth.mchid !== options.mchId) return 'mchid mismatch';
    if (auth.serial_no !== options.merchantSerial) return 'serial_no mismatch';
    if (!auth.nonce_str || !auth.timestamp || !auth.signature) return 'missing authorization fields';
    if (Math.abs(Date.now() / 1000 - Number(auth.timestamp)) > 300) return 'timestamp expired';
    const ok = createVerify('RSA-SHA256').update(message(method, url, auth.timestamp, auth.nonce_str, body)).verify(merchantKey, auth.signature, 'base64');
    return ok ? undefined : 'signature does not verify';
  };

  const transaction = (order: FakeOrder, total?: number) => ({
    appid: options.appId,
    mchid: options.mchId,
    out_trade_no: order.request.out_trade_no,
    transaction_id: order.transactionId,
    trade_type: 'NATIVE',
    trade_state: order.state,
    trade_state_desc: order.state === 'SUCCESS' ? '支付成功' : '未支付',
    bank_type: 'OTHERS',
    attach: order.request.attach ?? '',
    ...(order.successTime ? { success_time: order.successTime } : {}),
    payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
    amount: { total: total ?? order.request.amount.total, payer_total: total ?? order.request.amount.total, currency: order.request.amount.currency, payer_currency: 'CNY' },
  });

  const fake: FakeWeChatPay = {
    apiBase: '',
    orders,
    refused,
    responseSigning: 'valid',
    pay(outTradeNo) {
      const order = orders.get(outTradeNo);
      if (!order) throw new Error(`no order ${outTradeNo}`);
      order.state = 'SUCCESS';
      order.successTime = new Date().toISOString().slice(0, 19) + '+08:00';
      return transaction(order);
    },
    notification(outTradeNo, notify = {}) {
      const order = orders.get(outTradeNo);
      if (!order) throw new Error(`no order ${outTradeNo}`);
      const resourceNonce = randomBytes(6).toString('hex');
      const associated = 'transaction';
      const cipher = createCipheriv('aes-256-gcm', Buffer.from(notify.apiV3Key ?? options.apiV3Key, 'utf8'), Buffer.from(resourceNonce, 'utf8'));
      cipher.setAAD(Buffer.from(associated, 'utf8'));
      const sealed = Buffer.concat([cipher.update(JSON.stringify(transaction(order, notify.total)), 'utf8'), cipher.final(), cipher.getAuthTag()]);
      if (notify.tamper) sealed[3] = sealed[3]! ^ 0x01;
      const body = JSON.stringify({
        id: `EV-${randomBytes(8).toString('hex')}`,
        create_time: new Date().toISOString(),
        resource_type: 'encrypt-resource',
        event_type: 'TRANSACTION.SUCCESS',
        summary: '支付成功',
        resource: { original_type: 'transaction', algorithm: 'AEAD_AES_256_GCM', ciphertext: sealed.toString('base64'), associated_data: associated, nonce: resourceNonce },
      });
      return { headers: { 'content-type': 'application/json', ...sign(body, 'valid', notify.signWith ?? options.platformPrivateKey, notify.skewSeconds ?? 0) }, body };
    },
    async notify(outTradeNo, notify) {
      const order = orders.get(outTradeNo)!;
      const { headers, body } = fake.notification(outTradeNo, notify);
      const response = await fetch(order.request.notify_url, { method: 'POST', headers, body });
      return { status: response.status, body: await response.text() };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c));
    req.on('end', () => {
      const url = req.url ?? '/';
      const method = req.method ?? 'GET';
      const send = (status: number, body: unknown) => {
        const text = body === undefined ? '' : JSON.stringify(body);
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `08${randomBytes(10).toString('hex')}`, ...sign(text, fake.responseSigning) });
        res.end(text);
      };
      const reason = verifyRequest(method, url, req.headers, raw);
      if (reason) {
        refused.push({ method, url, reason });
        return send(401, { code: 'SIGN_ERROR', message: '签名错误，请检查后再试' });
      }
      if (method === 'POST' && url === '/v3/pay/transactions/native') {
        let body: FakeOrder['request'];
        try {
          body = JSON.parse(raw) as FakeOrder['request'];
        } catch {
          return send(400, { code: 'PARAM_ERROR', message: '请求体不是合法的JSON' });
        }
        const total = body.amount?.total;
        if (body.appid !== options.appId || body.mchid !== options.mchId) return send(400, { code: 'APPID_MCHID_NOT_MATCH', message: 'appid和mch_id不匹配' });
        if (!Number.isInteger(total) || total < 1 || body.amount.currency !== 'CNY') return send(400, { code: 'PARAM_ERROR', message: '订单金额错误' });
        if (!/^[0-9A-Za-z_\-|*]{6,32}$/.test(String(body.out_trade_no)) || typeof body.description !== 'string' || !/^https?:\/\/[^?]+$/.test(String(body.notify_url))) {
          return send(400, { code: 'PARAM_ERROR', message: '参数错误' });
        }
        const existing = orders.get(body.out_trade_no);
        if (existing) {
          if (JSON.stringify(existing.request) !== JSON.stringify(body)) return send(400, { code: 'INVALID_REQUEST', message: '201 商户订单号重复' });
          if (existing.state === 'SUCCESS') return send(400, { code: 'ORDERPAID', message: '该订单已支付' });
          return send(200, { code_url: existing.codeUrl });
        }
        const order: FakeOrder = { request: body, codeUrl: `weixin://wxpay/bizpayurl?pr=${randomBytes(5).toString('hex')}`, state: 'NOTPAY', transactionId: `4200${Date.now()}${randomBytes(4).toString('hex')}` };
        orders.set(body.out_trade_no, order);
        return send(200, { code_url: order.codeUrl });
      }
      const query = /^\/v3\/pay\/transactions\/out-trade-no\/([^/?]+)\?mchid=(\d+)$/.exec(url);
      if (method === 'GET' && query) {
        if (query[2] !== options.mchId) return send(400, { code: 'PARAM_ERROR', message: 'mchid错误' });
        const order = orders.get(decodeURIComponent(query[1]!));
        if (!order) return send(404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
        return send(200, transaction(order));
      }
      send(404, { code: 'RESOURCE_NOT_EXISTS', message: '资源不存在' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
