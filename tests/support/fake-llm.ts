import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One chat-completions request as the fake server received it. */
export interface LlmRequest {
  authorization: string | undefined;
  body: { model?: string; messages?: Array<{ role: string; content: string }>; [key: string]: unknown };
}

/**
 * A local server speaking the OpenAI chat-completions protocol (POST /v1/chat/completions with a Bearer key).
 * `reply` decides the assistant's answer from the last user message (and the whole request); `status` lets a test
 * answer with an error and `delayMs` holds the answer back. Usage is reported as the protocol does: prompt tokens
 * (here one per word of all messages) and completion tokens (one per word of the answer).
 */
export interface FakeLlm {
  baseUrl: string;
  requests: LlmRequest[];
  reply: (userText: string, body: LlmRequest['body']) => string;
  status: number;
  delayMs: number;
  /**
   * A streamed answer (`stream: true`, server-sent events of `chat.completion.chunk`s ending with `data: [DONE]`, as
   * OpenAI's API streams) is cut into chunks of this many characters, one event each.
   */
  chunkChars: number;
  /** When set, a stream stops after this many chunks until `resume()`: a test can look at the page mid-stream. */
  pauseAfterChunks: number | null;
  /** Lets a paused stream go on to its end. */
  resume(): void;
  /** Resolves once a stream has sent `pauseAfterChunks` chunks and waits. */
  paused(): Promise<void>;
  close(): Promise<void>;
}

/** Starts the fake on a free port of 127.0.0.1; `apiKey` is the only key it accepts. */
export async function startFakeLlm(apiKey = 'test-llm-key', reply: FakeLlm['reply'] = (t) => t): Promise<FakeLlm> {
  const requests: LlmRequest[] = [];
  const pending = new Set<ServerResponse>();
  const resumers: (() => void)[] = [];
  const pauseWaiters: (() => void)[] = [];
  let pausedNow = false;
  let resumed = false;
  const fake: FakeLlm = {
    baseUrl: '',
    requests,
    reply,
    status: 200,
    delayMs: 0,
    chunkChars: 12,
    pauseAfterChunks: null,
    resume: () => {
      const go = resumers.splice(0);
      for (const r of go) r();
      resumed = true;
    },
    paused: () => (pausedNow ? Promise.resolve() : new Promise<void>((resolve) => pauseWaiters.push(resolve))),
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of pending) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  /** Server-sent events as OpenAI streams them: a role delta, content deltas, a finish reason, `[DONE]`. */
  async function stream(res: ServerResponse, content: string, model: string) {
    const id = `chatcmpl-${requests.length}`;
    const created = Math.floor(Date.now() / 1000);
    const event = (delta: Record<string, string>, finish: string | null = null) =>
      res.write(`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`);
    pending.add(res);
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    event({ role: 'assistant', content: '' });
    const chunks = content.match(new RegExp(`[\\s\\S]{1,${Math.max(1, fake.chunkChars)}}`, 'g')) ?? [];
    resumed = false;
    for (let i = 0; i < chunks.length; i++) {
      if (fake.pauseAfterChunks !== null && i === fake.pauseAfterChunks && !resumed) {
        pausedNow = true;
        for (const w of pauseWaiters.splice(0)) w();
        await new Promise<void>((resolve) => resumers.push(resolve));
        pausedNow = false;
      }
      if (res.destroyed) return;
      event({ content: chunks[i]! });
      // Each chunk its own write, as a real server flushes them: the client sees the text arrive piece by piece.
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    event({}, 'stop');
    res.end('data: [DONE]\n\n');
    pending.delete(res);
  }

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') return json(res, 404, { error: { message: 'not found', type: 'invalid_request_error' } });
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      let body: LlmRequest['body'];
      try {
        body = JSON.parse(raw) as LlmRequest['body'];
      } catch {
        return json(res, 400, { error: { message: 'invalid JSON', type: 'invalid_request_error' } });
      }
      requests.push({ authorization: req.headers.authorization, body });
      if (req.headers.authorization !== `Bearer ${apiKey}`) return json(res, 401, { error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } });
      const user = body.messages?.filter((m) => m.role === 'user').pop()?.content ?? '';
      const answer = () => {
        pending.delete(res);
        if (fake.status !== 200) return json(res, fake.status, { error: { message: 'upstream error', type: 'server_error' } });
        const content = fake.reply(user, body);
        const words = (text: string) => text.split(/\s+/).filter(Boolean).length;
        if (body.stream === true) return void stream(res, content, body.model ?? 'fake');
        json(res, 200, {
          id: `chatcmpl-${requests.length}`,
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: body.model ?? 'fake',
          choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
          usage: (() => {
            const prompt = (body.messages ?? []).reduce((n, m) => n + words(m.content), 0);
            return { prompt_tokens: prompt, completion_tokens: words(content), total_tokens: prompt + words(content) };
          })(),
        });
      };
      pending.add(res);
      if (fake.delayMs > 0) setTimeout(answer, fake.delayMs);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return fake;
}
