import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { appSecrets } from '../db/schema.ts';

/**
 * The key that signs access tokens and keys code hashes: JWT_SECRET when set;
 * otherwise one generated on first start and kept in the database, so the
 * embedded default works with no setup and survives restarts.
 */
export async function signingKey(db: Db, configured: string | undefined): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  await db.insert(appSecrets).values({ name: 'jwt', value: randomBytes(48).toString('base64url') }).onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, 'jwt'));
  return new TextEncoder().encode(row!.value);
}
