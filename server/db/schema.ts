import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** Page views and the analytics events of spec §9, as sent by the site. */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    path: text('path').notNull(),
    locale: text('locale'),
    source: text('source'),
    props: jsonb('props').$type<Record<string, string | number | boolean>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('analytics_events_name_created_idx').on(t.name, t.createdAt)],
);

/** Accounts. `userType` '0' means the e-mail is not verified (spec §3). */
export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash'),
  userType: text('user_type').notNull().default('1'),
  googleSub: text('google_sub').unique(),
  locale: text('locale').notNull().default('en'),
  membershipLevel: integer('membership_level').notNull().default(0),
  orderStatus: integer('order_status').notNull().default(0),
  referCode: text('refer_code'),
  /** The user's own invite code (spec §1 referral invitations). */
  inviteCode: text('invite_code').unique(),
  /** Channel bound by an internal code (user store useChannelCode). */
  channelCode: text('channel_code'),
  /** The owner lets the texts they check join this installation's plagiarism library (off by default). */
  shareSubmissions: boolean('share_submissions').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  /** The owner deleted the account (services/account.ts): no sign-in, no texts; its orders and ledger stay. */
  closedAt: timestamp('closed_at', { withTimezone: true }),
});

/**
 * Addresses of deleted accounts, as keyed hashes (never the address): signing up again with one gets no second
 * welcome gift, so deleting and re-joining is not a way to collect free beans.
 */
export const closedAccounts = pgTable('closed_accounts', {
  emailHash: text('email_hash').primaryKey(),
  closedAt: timestamp('closed_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Bean wallets; every change goes through the ledger (commerce). */
export const wallets = pgTable('wallets', {
  userId: uuid('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  balance: integer('balance').notNull().default(0),
});

/** One-time e-mail codes for sign-up and password reset, stored as keyed hashes. */
export const emailCodes = pgTable(
  'email_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_codes_email_purpose_idx').on(t.email, t.purpose, t.createdAt)],
);

/** A login: the family of rotating refresh tokens; revoking it ends the session. */
export const sessions = pgTable('sessions', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  revokedReason: text('revoked_reason'),
});

/** Refresh tokens, stored as SHA-256 hashes; each is used once and replaced. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id').notNull().references(() => sessions.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId)],
);

/** Single-use tokens for e-mail verification links and OAuth hand-over tickets, hashed. */
export const oneTimeTokens = pgTable('one_time_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  purpose: text('purpose').notNull(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
  data: jsonb('data').$type<Record<string, string>>(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** Fixed-window counters shared by every API process (rate limits). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/** E-mails as sent (or to be read on the dev outbox page when no SMTP server is set). */
export const mailOutbox = pgTable('mail_outbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  transport: text('transport').notNull(),
  error: text('error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Secrets generated on first start when the environment sets none (embedded default only). */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
});

/** Every change of a bean balance, append-only, written in the same transaction as the change. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    reason: text('reason').notNull(),
    ref: text('ref'),
    /** One entry per key: a retried payment or refund cannot move beans twice. */
    idempotencyKey: text('idempotency_key').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ledger_entries_user_idx').on(t.userId, t.createdAt)],
);

/** Orders of tools, plans and bean packs (spec §3 order types and statuses). */
export const orders = pgTable(
  'orders',
  {
    orderNo: text('order_no').primaryKey(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull(),
    orderType: integer('order_type').notNull(),
    status: integer('status').notNull().default(0),
    content: text('content'),
    wordCount: integer('word_count').notNull().default(0),
    beans: integer('beans').notNull().default(0),
    amountCents: integer('amount_cents').notNull().default(0),
    currency: text('currency'),
    extraInfo: jsonb('extra_info').$type<Record<string, unknown>>(),
    originOrderNo: text('origin_order_no'),
    orderGroup: text('order_group'),
    idempotencyKey: text('idempotency_key'),
    paymentProvider: text('payment_provider'),
    paymentRef: text('payment_ref'),
    /** Tool runs: how often a worker claimed the job (a crashed run is retried, then refunded). */
    attempts: integer('attempts').notNull().default(0),
    /** Tool runs: percent of the work done while the order is processing (polled by the editor). */
    progress: integer('progress').notNull().default(0),
    /** Tool runs that stream (the AI writer): what the run can already show, for the polling page; cleared when the result is stored. */
    partialResult: jsonb('partial_result').$type<Record<string, unknown>>(),
    /** LLM-backed runs: tokens spent and their cost in millionths of a US dollar (docs/llm-backend.md). */
    llmPromptTokens: integer('llm_prompt_tokens').notNull().default(0),
    llmCompletionTokens: integer('llm_completion_tokens').notNull().default(0),
    llmCostMicroUsd: integer('llm_cost_micro_usd').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    uniqueIndex('orders_user_idempotency_idx').on(t.userId, t.idempotencyKey),
    index('orders_group_idx').on(t.orderGroup),
    index('orders_queue_idx').on(t.status, t.createdAt),
  ],
);

/**
 * What a tool run produced (spec §3 humanizer result version): the input as the
 * editor sent it, the formatted output with its change or score marks, and plain text.
 */
export const toolResults = pgTable('tool_results', {
  orderNo: text('order_no')
    .primaryKey()
    .references(() => orders.orderNo, { onDelete: 'cascade' }),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  engine: text('engine').notNull(),
  source: text('source').notNull(),
  format: jsonb('format').$type<unknown>().notNull(),
  plain: text('plain').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A user's thumbs on a result (spec §3 rating: 5 up, 1 down), one per order, last one wins. */
export const orderRatings = pgTable('order_ratings', {
  orderNo: text('order_no')
    .primaryKey()
    .references(() => orders.orderNo, { onDelete: 'cascade' }),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  rating: integer('rating').notNull(),
  comment: text('comment'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Coupons: beans granted at once, a discount on a plan, or something else (spec §3 coupon type). */
export const coupons = pgTable('coupons', {
  id: uuid('id').primaryKey().defaultRandom(),
  code: text('code').notNull().unique(),
  kind: text('kind').notNull(),
  value: integer('value').notNull(),
  /** Internal codes (partners, support, channels) are bound with bindInternalCode. */
  internal: integer('internal').notNull().default(0),
  maxUses: integer('max_uses'),
  uses: integer('uses').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A coupon a user took: once per user. */
export const userCoupons = pgTable(
  'user_coupons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    couponId: uuid('coupon_id').notNull().references(() => coupons.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('available'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    orderNo: text('order_no'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_coupons_user_coupon_idx').on(t.userId, t.couponId)],
);

/** Who invited whom (one inviter per invitee) and the rewards paid. */
export const referrals = pgTable('referrals', {
  inviteeId: uuid('invitee_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  inviterId: uuid('inviter_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  signupReward: integer('signup_reward').notNull().default(0),
  paymentReward: integer('payment_reward').notNull().default(0),
  firstPaidAt: timestamp('first_paid_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A checkout with a payment provider for a plan or bean pack order. */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderNo: text('order_no').notNull().references(() => orders.orderNo, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    status: text('status').notNull().default('open'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    /** The provider's id of the checkout (a Stripe Checkout Session), to expire it when the order is cancelled. */
    externalId: text('external_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [index('payments_order_idx').on(t.orderNo)],
);

/** A user's plan: paid periods, renewal and cancellation (spec §3 subscription status). */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    orderNo: text('order_no').notNull().unique(),
    productId: integer('product_id').notNull(),
    level: integer('level').notNull(),
    status: integer('status').notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    cancelAtPeriodEnd: integer('cancel_at_period_end').notNull().default(0),
    /** Stripe Billing's subscription (sub_…) when the plan renews through Stripe; null for one-off payments. */
    stripeSubscriptionId: text('stripe_subscription_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('subscriptions_user_idx').on(t.userId, t.currentPeriodEnd), uniqueIndex('subscriptions_stripe_subscription_idx').on(t.stripeSubscriptionId)],
);

/** Share links of Turnitin-style reports: the token is stored hashed; revoking stops it at once. */
export const reportShares = pgTable(
  'report_shares',
  {
    tokenHash: text('token_hash').primaryKey(),
    orderNo: text('order_no')
      .notNull()
      .references(() => orders.orderNo, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('report_shares_order_idx').on(t.orderNo)],
);

/**
 * Cached answers of Crossref and OpenAlex for the reference checker (docs/decisions/0019): one row per request
 * (`provider:kind:query`); `status` 200 with the JSON, or 404 for "no such DOI". Shared by every user and process.
 */
export const referenceLookups = pgTable(
  'reference_lookups',
  {
    key: text('key').primaryKey(),
    provider: text('provider').notNull(),
    status: integer('status').notNull(),
    body: jsonb('body').$type<unknown>(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('reference_lookups_fetched_idx').on(t.fetchedAt)],
);

/**
 * The plagiarism checker's library: collections an administrator loads and,
 * when their owner allows it, texts checked on this installation. The same
 * text is stored once.
 */
export const plagiarismSources = pgTable(
  'plagiarism_sources',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** 'library' (loaded by an administrator) or 'submission' (a user's checked text). */
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    url: text('url'),
    text: text('text').notNull(),
    wordCount: integer('word_count').notNull(),
    /** SHA-256 of the normalised text: a document loaded twice is one source. */
    contentHash: text('content_hash').notNull().unique(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    orderNo: text('order_no'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('plagiarism_sources_owner_idx').on(t.ownerId)],
);

/**
 * Winnowed fingerprints of every source (server/engines/plagiarism): a lookup
 * of a text's k-gram hashes is one index range per hash, however large the
 * library grows. (hash, source) is the primary key, so the lookup is index-only.
 */
export const plagiarismFingerprints = pgTable(
  'plagiarism_fingerprints',
  {
    hash: integer('hash').notNull(),
    sourceId: integer('source_id')
      .notNull()
      .references(() => plagiarismSources.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.hash, t.sourceId] }), index('plagiarism_fingerprints_source_idx').on(t.sourceId)],
);

/**
 * The essay editor's documents (docs/decisions/0024): the user's own text, autosaved. Paragraphs as lines of
 * `text`; `revision` counts saves. A deleted document keeps its row for a week (`deleted_at`; services/maintenance.ts prunes it).
 */
export const editorDocuments = pgTable(
  'editor_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    text: text('text').notNull(),
    wordCount: integer('word_count').notNull(),
    revision: integer('revision').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('editor_documents_user_idx').on(t.userId, t.updatedAt)],
);
