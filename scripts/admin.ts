/**
 * `npm run admin -- <command>`: what an operator does without an admin UI.
 *   coupon create --code SPRING --kind beans|discount|others --value 200 [--max-uses 100] [--expires 2027-01-31] [--internal]
 *   beans grant --email ana@example.edu --amount 500 [--note "support ticket 42"]
 *   sources add FILE   (a folder of .txt/.pdf/.docx/.doc files, or a JSONL file of {title, url, text})
 * Uses DATABASE_URL like the server (default: PGlite under ./data). On PGlite it refuses to run
 * while the server has the folder open (stop the server first); on PostgreSQL both run side by side.
 */
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { normalizeEmail } from '../src/domain/auth-rules.ts';
import { ConfigError, loadConfig } from '../server/config.ts';
import { DatabaseInUseError, openDatabase } from '../server/db/client.ts';
import { users } from '../server/db/schema.ts';
import { createCoupon, type CouponKind } from '../server/services/coupons.ts';
import { moveBeans } from '../server/services/ledger.ts';
import { addSourcesFrom } from '../server/services/plagiarism-import.ts';

const usage = `usage:
  npm run admin -- coupon create --code CODE --kind beans|discount|others --value N [--max-uses N] [--expires YYYY-MM-DD] [--internal]
  npm run admin -- beans grant --email ADDRESS --amount N [--note TEXT]
  npm run admin -- sources add FILE    (a folder of .txt/.pdf/.docx/.doc files, or a .jsonl file of {"title","url","text"} lines)`;

function fail(message: string): never {
  console.error(`${message}\n\n${usage}`);
  process.exit(1);
}

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    code: { type: 'string' },
    kind: { type: 'string' },
    value: { type: 'string' },
    'max-uses': { type: 'string' },
    expires: { type: 'string' },
    internal: { type: 'boolean' },
    email: { type: 'string' },
    amount: { type: 'string' },
    note: { type: 'string' },
  },
});

const whole = (name: string, raw: string | undefined, { min = 1 } = {}) => {
  const n = Number(raw);
  if (raw === undefined || !Number.isInteger(n) || n < min) fail(`--${name} must be a whole number of at least ${min}`);
  return n;
};

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) fail(`Configuration error: ${error.message}`);
  throw error;
}
const database = await openDatabase(config.database).catch((error: unknown) => {
  if (error instanceof DatabaseInUseError) fail(error.message);
  throw error;
});
try {
  const [area, action] = positionals;
  if (area === 'coupon' && action === 'create') {
    if (!values.code || !/^[A-Za-z0-9_-]{3,64}$/.test(values.code)) fail('--code must be 3 to 64 letters, digits, - or _');
    const kind = values.kind as CouponKind;
    if (!['beans', 'discount', 'others'].includes(kind)) fail('--kind must be beans, discount or others');
    const value = whole('value', values.value);
    if (kind === 'discount' && value > 100) fail('--value of a discount is a percentage from 1 to 100');
    const expiresAt = values.expires ? new Date(`${values.expires}T23:59:59Z`) : null;
    if (expiresAt && Number.isNaN(expiresAt.getTime())) fail('--expires must be a date like 2027-01-31');
    const coupon = await createCoupon(database.db, {
      code: values.code,
      kind,
      value,
      maxUses: values['max-uses'] ? whole('max-uses', values['max-uses']) : null,
      expiresAt,
      internal: values.internal ?? false,
    }).catch(() => fail(`A coupon with the code ${values.code?.toUpperCase()} already exists`));
    console.log(`created coupon ${coupon.code}: ${coupon.kind} ${coupon.value}${coupon.maxUses ? `, at most ${coupon.maxUses} uses` : ''}${coupon.expiresAt ? `, until ${coupon.expiresAt.toISOString()}` : ''}${coupon.internal ? ', internal' : ''}`);
  } else if (area === 'beans' && action === 'grant') {
    if (!values.email) fail('--email is required');
    const amount = whole('amount', values.amount);
    const [user] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, normalizeEmail(values.email)));
    if (!user) fail(`No account for ${values.email}`);
    const balance = await moveBeans(database.db, { userId: user.id, amount, reason: 'admin', ref: values.note?.trim() || undefined });
    console.log(`granted ${amount} beans to ${values.email}; balance now ${balance}`);
  } else if (area === 'sources' && action === 'add') {
    const file = positionals[2];
    if (!file) fail('sources add needs a folder or a .jsonl file');
    const result = await addSourcesFrom(database.db, file, (line) => console.log(line)).catch((error: Error) => fail(error.message));
    console.log(`added ${result.added} documents (${result.words} words), ${result.duplicates} already in the library, ${result.failed} unreadable; the library now holds ${result.total} documents`);
  } else {
    fail('unknown command');
  }
} finally {
  await database.close();
}
