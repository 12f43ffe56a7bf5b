import { eq } from 'drizzle-orm';
import { users } from '../../server/db/schema.ts';
import { signingKey } from '../../server/services/secrets.ts';
import { startSession } from '../../server/services/sessions.ts';
import { createUser } from '../../server/services/users.ts';
import type { TestApp } from './helpers.ts';

let n = 0;

/** A fresh account made through the service (welcome beans included) and its bearer header. */
export async function accountWithSession(t: TestApp, options: { referCode?: string; level?: number; prefix?: string } = {}) {
  const user = await createUser(t.database.db, {
    email: `${options.prefix ?? 'u'}${Date.now()}${n++}@example.edu`,
    passwordHash: null,
    locale: 'en',
    userType: '1',
    referCode: options.referCode,
  });
  if (options.level) await t.database.db.update(users).set({ membershipLevel: options.level }).where(eq(users.id, user.id));
  const session = await startSession(t.database.db, await signingKey(t.database.db, undefined), user.id);
  return { id: user.id, headers: { authorization: `Bearer ${session.accessToken}` } };
}
