import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';

/**
 * A local server speaking the parts of Google's documented OAuth 2.0 / OpenID
 * Connect protocol we use: the token endpoint (authorization code + PKCE S256,
 * client_secret_post) and the userinfo endpoint. The consent screen is
 * simulated by `consent()`, which issues a code as Google would after login.
 */
export interface FakeGoogle {
  issuer: string;
  env: Record<string, string>;
  consent(authorizationUrl: string, account: { sub: string; email: string; emailVerified?: boolean }): { code: string; state: string; redirectUri: string };
  tokenRequests: URLSearchParams[];
  close(): Promise<void>;
}

/** Starts the server; `clientId`/`clientSecret` are what our app must present. */
export async function startFakeGoogle(
  clientId = 'test-client.apps.googleusercontent.com',
  clientSecret = 'test-secret',
  options: { port?: number; autoConsentAccount?: (url: URL) => { sub: string; email: string } } = {},
): Promise<FakeGoogle> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk = await exportJWK(publicKey);
  const codes = new Map<string, { challenge: string; redirectUri: string; account: { sub: string; email: string; emailVerified?: boolean }; nonce?: string }>();
  const accessTokens = new Map<string, { sub: string; email: string; emailVerified?: boolean }>();
  const tokenRequests: URLSearchParams[] = [];
  let issuer = '';

  const json = (res: import('node:http').ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(JSON.stringify(body));
  };

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    if (req.method === 'POST' && url.pathname === '/token') {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', async () => {
        const form = new URLSearchParams(raw);
        tokenRequests.push(form);
        const grant = codes.get(form.get('code') ?? '');
        if (form.get('grant_type') !== 'authorization_code' || !grant) return json(res, 400, { error: 'invalid_grant' });
        if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret) return json(res, 401, { error: 'invalid_client' });
        if (form.get('redirect_uri') !== grant.redirectUri) return json(res, 400, { error: 'invalid_grant', error_description: 'redirect_uri mismatch' });
        const challenge = createHash('sha256').update(form.get('code_verifier') ?? '').digest('base64url');
        if (challenge !== grant.challenge) return json(res, 400, { error: 'invalid_grant', error_description: 'PKCE verification failed' });
        codes.delete(form.get('code')!);
        const accessToken = randomBytes(24).toString('base64url');
        accessTokens.set(accessToken, grant.account);
        const idToken = await new SignJWT({ email: grant.account.email, email_verified: grant.account.emailVerified ?? true })
          .setProtectedHeader({ alg: 'RS256', kid: 'test' })
          .setIssuer(issuer)
          .setAudience(clientId)
          .setSubject(grant.account.sub)
          .setIssuedAt()
          .setExpirationTime('1h')
          .sign(privateKey);
        return json(res, 200, { access_token: accessToken, token_type: 'Bearer', expires_in: 3599, scope: 'openid email profile', id_token: idToken });
      });
      return;
    }
    if (req.method === 'GET' && url.pathname === '/userinfo') {
      const account = accessTokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
      if (!account) return json(res, 401, { error: 'invalid_token' });
      return json(res, 200, { sub: account.sub, email: account.email, email_verified: account.emailVerified ?? true, name: 'Test Student' });
    }
    if (req.method === 'GET' && url.pathname === '/auth' && options.autoConsentAccount) {
      // The consent screen, answered at once for the browser tests: Google redirects back with a code.
      const { code, state, redirectUri } = consent(url.href, options.autoConsentAccount(url));
      const back = new URL(redirectUri);
      back.searchParams.set('code', code);
      back.searchParams.set('state', state);
      res.writeHead(302, { location: back.href });
      res.end();
      return;
    }
    if (url.pathname === '/certs') return json(res, 200, { keys: [{ ...jwk, kid: 'test', use: 'sig', alg: 'RS256' }] });
    json(res, 404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function consent(authorizationUrl: string, account: { sub: string; email: string; emailVerified?: boolean }) {
    const url = new URL(authorizationUrl);
    if (url.searchParams.get('client_id') !== clientId) throw new Error('wrong client_id');
    if (url.searchParams.get('code_challenge_method') !== 'S256') throw new Error('PKCE S256 required');
    if (url.searchParams.get('response_type') !== 'code') throw new Error('response_type must be code');
    const code = randomBytes(16).toString('base64url');
    const redirectUri = url.searchParams.get('redirect_uri')!;
    codes.set(code, { challenge: url.searchParams.get('code_challenge')!, redirectUri, account });
    return { code, state: url.searchParams.get('state')!, redirectUri };
  }

  return {
    issuer,
    env: {
      GOOGLE_CLIENT_ID: clientId,
      GOOGLE_CLIENT_SECRET: clientSecret,
      GOOGLE_ISSUER: issuer,
      GOOGLE_AUTHORIZATION_ENDPOINT: `${issuer}/auth`,
      GOOGLE_TOKEN_ENDPOINT: `${issuer}/token`,
      GOOGLE_USERINFO_ENDPOINT: `${issuer}/userinfo`,
    },
    consent,
    tokenRequests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
