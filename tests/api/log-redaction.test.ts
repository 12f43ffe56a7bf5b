import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase, type Database } from '../../server/db/client.ts';
import type { FastifyInstance } from 'fastify';
import { secondDatabaseRun } from './helpers.ts';

// Hole 11 of issue 10: error logs carried e-mails and content from query strings (and query parameters in database errors).
const lines: string[] = [];
let app: FastifyInstance;
let database: Database;
beforeAll(async () => {
  const config = loadConfig({ DATABASE_URL: 'memory://', LOG_LEVEL: 'info', SERVE_SITE: 'false', WORKER: 'false', RATE_LIMIT_ALLOWLIST: '127.0.0.1' });
  database = await openDatabase(config.database);
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  app = await buildApp(config, { database, logStream });
  await app.ready();
});
afterAll(async () => {
  await app.close();
});

describe.skipIf(secondDatabaseRun)('logs keep no e-mail address or user text', () => {
  it('redacts query strings of every request line', async () => {
    await app.inject({ method: 'GET', url: '/api/forgetPassword?email=victim.one%40example.edu&x=1' });
    const text = lines.join('');
    expect(text).toContain('/api/forgetPassword');
    expect(text).not.toMatch(/victim\.one/);
  });

  it('redacts the parameters a database error carries, and still logs the error', async () => {
    await database.close();
    const reset = await app.inject({ method: 'GET', url: '/api/forgetPassword?email=victim.two%40example.edu' });
    expect(reset.statusCode).toBe(500);
    const login = await app.inject({ method: 'POST', url: '/login', payload: { email: 'victim.three@example.edu', password: 'My secret essay sentence 1' } });
    expect(login.statusCode).toBe(500);
    const text = lines.join('');
    expect(text).toContain('unhandled error');
    expect(text).not.toMatch(/victim\.(two|three)/);
    expect(text).not.toContain('My secret essay sentence');
    expect(text).toContain('params: …');
  });
});
