import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, secondDatabaseRun } from './helpers.ts';

// Hole 11 of issue 10: slow-body connections never timed out (requestTimeout 0: 300 trickling connections open at 100 s).
let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({ REQUEST_TIMEOUT_SECONDS: '1', WORKER: 'false' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(async () => {
  await t.close();
});

/** Opens a connection, sends `start` and then nothing more; answers what the server sent before it closed the connection. */
function stall(start: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(start));
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString()));
    socket.on('close', () => resolve(received));
    socket.on('error', reject);
  });
}

describe.skipIf(secondDatabaseRun)('connections that trickle are closed', () => {
  it('closes a request whose body never finishes, with 408', async () => {
    const answer = await stall('POST /api/calculateSettlement HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"products":');
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('closes a request whose headers never finish', async () => {
    const answer = await stall('GET /api/health HTTP/1.1\r\nHost: x\r\nX-Slow: ');
    expect(answer === '' || answer.startsWith('HTTP/1.1 408')).toBe(true);
  });

  it('still serves a request that arrives in time', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(res.status).toBe(200);
  });
});
