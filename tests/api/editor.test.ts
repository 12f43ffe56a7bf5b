import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editorLimits } from '../../src/domain/editor.ts';
import { accountWithSession } from './fixtures.ts';
import { createTestApp, type TestApp } from './helpers.ts';

type Json = Record<string, any>;

async function call(t: TestApp, method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: unknown): Promise<Json> {
  const res = await t.app.inject({ method, url, headers: { ...headers, 'accept-language': 'fr' }, payload: payload as object | undefined });
  return { status: res.statusCode, ...res.json() };
}

describe('essay editor documents API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('[TOOL-06] autosaves a document, reopens it with its paragraphs, lists it, and keeps it from other users', async () => {
    const user = await accountWithSession(t);
    const other = await accountWithSession(t);
    const created = await call(t, 'POST', '/api/editor/document', user.headers, { text: 'My essay on sleep\r\nPhones keep teenagers awake.' });
    expect(created.code, JSON.stringify(created)).toBe(0);
    expect(created.data).toMatchObject({ revision: 1, title: 'My essay on sleep' });
    const id = created.data.id as string;

    const updated = await call(t, 'POST', '/api/editor/document', user.headers, { id, text: 'My essay on sleep\nPhones keep teenagers awake at night.' });
    expect(updated.data).toMatchObject({ id, revision: 2 });

    const opened = await call(t, 'GET', `/api/editor/document?id=${id}`, user.headers);
    expect(opened.data).toMatchObject({ id, text: 'My essay on sleep\nPhones keep teenagers awake at night.', wordCount: 10, revision: 2 });

    const list = await call(t, 'GET', '/api/editor/documents?page=1&size=10', user.headers);
    expect(list.data.total).toBe(1);
    expect(list.data.list[0]).toMatchObject({ id, title: 'My essay on sleep', wordCount: 10 });
    expect(list.data.list[0].text).toBeUndefined();

    // Another user neither sees nor overwrites it.
    const foreign = await call(t, 'GET', `/api/editor/document?id=${id}`, other.headers);
    expect(foreign.code).not.toBe(0);
    expect(foreign.message).toBe('Ce document est introuvable.');
    expect((await call(t, 'POST', '/api/editor/document', other.headers, { id, text: 'stolen' })).code).not.toBe(0);
    expect((await call(t, 'GET', '/api/editor/documents', other.headers)).data.total).toBe(0);
    expect((await call(t, 'GET', `/api/editor/document?id=${id}`, user.headers)).data.text).toContain('awake at night');

    // Deleted: gone from the list and from reopening.
    expect((await call(t, 'POST', '/api/editor/document/delete', user.headers, { id })).code).toBe(0);
    expect((await call(t, 'GET', '/api/editor/documents', user.headers)).data.total).toBe(0);
    expect((await call(t, 'GET', `/api/editor/document?id=${id}`, user.headers)).code).not.toBe(0);
  });

  it('[TOOL-06] two tabs on one document: a save based on an older revision is refused with a translated conflict, nothing changed', async () => {
    const user = await accountWithSession(t);
    const created = await call(t, 'POST', '/api/editor/document', user.headers, { text: 'Draft one' });
    const id = created.data.id as string;
    expect(created.data.revision).toBe(1);
    // Tab A saves on revision 1: accepted, now revision 2.
    const first = await call(t, 'POST', '/api/editor/document', user.headers, { id, revision: 1, text: 'Draft from tab A' });
    expect(first.data).toMatchObject({ id, revision: 2 });
    // Tab B still holds revision 1: refused, 409, the server's revision in the answer.
    const stale = await call(t, 'POST', '/api/editor/document', user.headers, { id, revision: 1, text: 'Draft from tab B' });
    expect(stale.status).toBe(200);
    expect(stale.code).toBe(409);
    expect(stale.message).toBe('Ce document a été modifié dans un autre onglet ou une autre fenêtre. Rien n’a été enregistré ici.');
    expect(stale.data).toEqual({ revision: 2 });
    const kept = await call(t, 'GET', `/api/editor/document?id=${id}`, user.headers);
    expect(kept.data).toMatchObject({ text: 'Draft from tab A', revision: 2 });
    // Based on the newer revision, tab B's save goes through.
    expect((await call(t, 'POST', '/api/editor/document', user.headers, { id, revision: 2, text: 'Draft from tab B' })).data).toMatchObject({ revision: 3 });
    // Another user's document is "not found", not a conflict, whatever the revision.
    const other = await accountWithSession(t);
    const foreign = await call(t, 'POST', '/api/editor/document', other.headers, { id, revision: 1, text: 'stolen' });
    expect(foreign.code).not.toBe(409);
    expect(foreign.message).toBe('Ce document est introuvable.');
    // A revision past PostgreSQL's integer range is refused with the translated message, not a 500.
    for (const revision of [2147483648, 1e300]) {
      const huge = await call(t, 'POST', '/api/editor/document', user.headers, { id, revision, text: 'Draft from nowhere' });
      expect(huge.status, JSON.stringify(huge)).toBe(200);
      expect(huge.message).toBe('Ce document est introuvable.');
    }
    expect((await call(t, 'GET', `/api/editor/document?id=${id}`, user.headers)).data).toMatchObject({ text: 'Draft from tab B', revision: 3 });
  });

  it('[TOOL-06] refuses a visitor, an over-long text and a malformed id with translated messages, changing nothing', async () => {
    expect((await call(t, 'POST', '/api/editor/document', {}, { text: 'hello' })).status).toBe(401);
    const user = await accountWithSession(t);
    const long = await call(t, 'POST', '/api/editor/document', user.headers, { text: 'a'.repeat(editorLimits.maxChars + 1) });
    expect(long.code).not.toBe(0);
    expect(long.message).toBe('Un document contient au plus 100 000 caractères.');
    const bad = await call(t, 'GET', '/api/editor/document?id=not-a-uuid', user.headers);
    expect(bad.message).toBe('Ce document est introuvable.');
    expect(JSON.stringify(bad)).not.toMatch(/at \w+ \(/);
    expect((await call(t, 'GET', '/api/editor/documents', user.headers)).data.total).toBe(0);
  });
});
