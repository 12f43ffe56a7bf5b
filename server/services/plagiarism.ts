/**
 * The plagiarism library and checks (spec §3 order type 5, §7 /api/plagiarism):
 * sources with their winnowed fingerprints in PostgreSQL (the same SQL on
 * PGlite), the candidate lookup, the report a run stores, and the owner's
 * setting that lets their checked texts join the library (docs/decisions/0018).
 */
import { createHash } from 'node:crypto';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { OrderType } from '../../src/domain/orders.ts';
import type { PlagiarismMatch, PlagiarismReport, PlagiarismSource, SearchedProvider } from '../../src/domain/plagiarism.ts';
import { countWords } from '../../src/domain/word-count.ts';
import type { Db } from '../db/client.ts';
import { plagiarismSources, users } from '../db/schema.ts';
import { alignText, documentFingerprints, engineVersion, queryHashes } from '../engines/plagiarism/index.ts';
import { AppError, ErrorCode } from '../errors.ts';
import { ownRun } from './runs.ts';
import type { OrderRow } from './orders.ts';

/** A document to add to the library. */
export interface NewSource {
  kind: 'library' | 'submission';
  title: string;
  url?: string | null;
  text: string;
  ownerId?: string | null;
  orderNo?: string | null;
}

/**
 * Source retrieval behind the library (services/web-sources.ts, or a test's): given the checked text, it answers
 * documents of the web to align against and what it searched. With one, the report says what was searched.
 */
export interface WebSearchAdapter {
  name: string;
  search(text: string): Promise<{ documents: { title: string; url: string; text: string }[]; searched: SearchedProvider[] }>;
}

/** How many sources are aligned at most per check: the best by shared fingerprints. */
export const candidateLimit = 50;
/** Characters of source text kept around a passage for the side-by-side view. */
/**
 * Characters of a library source shown around a matched passage: none. Context let a user rebuild a paywalled
 * document of 4,721 characters from a 30-word seed in 19 checks (issue 29); the passage itself is what matched.
 */
const excerptContext = 0;
const fingerprintBatch = 20_000;

const normalised = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();
const contentHash = (text: string) => createHash('sha256').update(normalised(text)).digest('hex');
/** An int[] parameter as PostgreSQL's array literal: one parameter, the same on PGlite and PostgreSQL. */
const intArray = (values: readonly number[]) => `{${values.join(',')}}`;

/** Adds a document and its fingerprints; a text already in the library is not added twice. */
export async function addSource(db: Db, source: NewSource, fingerprints?: readonly number[]): Promise<{ id: number; added: boolean }> {
  const text = source.text.trim();
  if (countWords(text) < 1) throw new AppError(ErrorCode.DEFAULT, 'commerce.error.contentRequired');
  const hash = contentHash(text);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(plagiarismSources)
      .values({ kind: source.kind, title: source.title.slice(0, 500), url: source.url ?? null, text, wordCount: countWords(text), contentHash: hash, ownerId: source.ownerId ?? null, orderNo: source.orderNo ?? null })
      .onConflictDoNothing({ target: plagiarismSources.contentHash })
      .returning({ id: plagiarismSources.id });
    if (!row) {
      const [existing] = await tx.select({ id: plagiarismSources.id }).from(plagiarismSources).where(eq(plagiarismSources.contentHash, hash));
      return { id: existing!.id, added: false };
    }
    const hashes = fingerprints ?? documentFingerprints(text);
    for (let i = 0; i < hashes.length; i += fingerprintBatch) {
      const batch = intArray(hashes.slice(i, i + fingerprintBatch));
      await tx.execute(sql`insert into plagiarism_fingerprints (hash, source_id) select unnest(${batch}::int[]), ${row.id} on conflict do nothing`);
    }
    return { id: row.id, added: true };
  });
}

/**
 * Adds many documents in one transaction (an administrator's collection, a
 * benchmark): one insert for the sources, one for all their fingerprints.
 * Texts already in the library, or twice in the batch, are skipped.
 */
export async function addSources(db: Db, batch: NewSource[]): Promise<{ added: number; duplicates: number }> {
  const seen = new Set<string>();
  const rows = batch
    .map((source) => ({ source, text: source.text.trim() }))
    .filter(({ text }) => countWords(text) > 0)
    .map(({ source, text }) => ({ kind: source.kind, title: source.title.slice(0, 500), url: source.url ?? null, text, wordCount: countWords(text), contentHash: contentHash(text), ownerId: source.ownerId ?? null, orderNo: source.orderNo ?? null }))
    .filter((row) => !seen.has(row.contentHash) && seen.add(row.contentHash));
  if (rows.length === 0) return { added: 0, duplicates: batch.length };
  return db.transaction(async (tx) => {
    const inserted = await tx.insert(plagiarismSources).values(rows).onConflictDoNothing({ target: plagiarismSources.contentHash }).returning({ id: plagiarismSources.id, contentHash: plagiarismSources.contentHash });
    const textOf = new Map(rows.map((r) => [r.contentHash, r.text]));
    let hashes: number[] = [];
    let ids: number[] = [];
    const flush = async () => {
      if (hashes.length === 0) return;
      await tx.execute(sql`insert into plagiarism_fingerprints (hash, source_id) select * from unnest(${intArray(hashes)}::int[], ${intArray(ids)}::int[]) on conflict do nothing`);
      hashes = [];
      ids = [];
    };
    for (const row of inserted) {
      for (const h of documentFingerprints(textOf.get(row.contentHash)!)) {
        hashes.push(h);
        ids.push(row.id);
      }
      if (hashes.length >= fingerprintBatch) await flush();
    }
    await flush();
    return { added: inserted.length, duplicates: batch.length - inserted.length };
  });
}

/** Documents in the library (what a report says it was checked against). */
export async function librarySize(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(plagiarismSources);
  return Number(row?.n ?? 0);
}

/** A k-gram met in more library documents than this is a common phrase, not evidence: it is skipped. */
export const commonHashPostings = 200;

/**
 * The sources sharing the most fingerprints with the text. Each k-gram hash is
 * one index range read of at most `commonHashPostings + 1` entries, so a lookup
 * costs the same however large the library grows; a hash met more often than
 * that is a common phrase and is skipped. A user's own earlier submissions are
 * never a source against them.
 */
export async function candidateSources(db: Db, text: string | readonly number[], options: { excludeOwner?: string; limit?: number } = {}) {
  const hashes = typeof text === 'string' ? queryHashes(text) : text;
  if (hashes.length === 0) return [];
  const limit = options.limit ?? candidateLimit;
  const hits = await db.execute<{ source_id: number; hits: number }>(sql`
    select p.source_id, count(*)::int as hits
    from unnest(${intArray(hashes)}::int[]) as q(hash)
    cross join lateral (
      select f.source_id, count(*) over () as postings
      from (select source_id from plagiarism_fingerprints where hash = q.hash limit ${commonHashPostings + 1}) f
    ) p
    where p.postings <= ${commonHashPostings}
    group by p.source_id
    order by hits desc, p.source_id
    limit ${limit * 2}`);
  const ids = rowsOf<{ source_id: number }>(hits).map((r) => Number(r.source_id));
  if (ids.length === 0) return [];
  const rows = await db.select().from(plagiarismSources).where(inArray(plagiarismSources.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids
    .map((id) => byId.get(id))
    .filter((r): r is NonNullable<typeof r> => r !== undefined && (!options.excludeOwner || r.ownerId !== options.excludeOwner))
    .slice(0, limit);
}

/** node-postgres answers { rows }, PGlite answers { rows } too, drizzle's types differ: read both. */
function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

function excerptOf(text: string, start: number, end: number): { text: string; offset: number } {
  let from = Math.max(0, start - excerptContext);
  let to = Math.min(text.length, end + excerptContext);
  // Whole words at the edges of the excerpt.
  while (from > 0 && from < start && !/\s/.test(text[from - 1]!)) from++;
  while (to < text.length && to > end && !/\s/.test(text[to]!)) to--;
  return { text: text.slice(from, to), offset: from };
}

/**
 * Checks a text against the library (and the web adapter when one is set):
 * candidates by fingerprint, then passage alignment with each. The caller may
 * bring the text's query hashes and have the alignment done elsewhere (the
 * server's compute thread: a 3,300-word check held the event loop 341 ms, issue
 * 29); without them both happen here.
 */
export async function checkText(
  db: Db,
  order: Pick<OrderRow, 'orderNo' | 'createdAt' | 'extraInfo' | 'userId'>,
  text: string,
  options: { web?: WebSearchAdapter; queryHashes?: readonly number[]; align?: (input: { text: string; sources: string[] }) => Promise<ReturnType<typeof alignText>> } = {},
): Promise<PlagiarismReport> {
  const candidates = await candidateSources(db, options.queryHashes ?? text, { excludeOwner: order.userId });
  const found: { source: PlagiarismSource; text: string }[] = candidates.map((c) => ({
    // Another user's submission is named by the day it was checked only: no time of day, no title, no link.
    source: c.kind === 'submission' ? { title: '', url: null, kind: 'submission', addedAt: c.createdAt.toISOString().slice(0, 10) } : { title: c.title, url: c.url, kind: 'library', addedAt: c.createdAt.toISOString() },
    text: c.text,
  }));
  const retrieval = options.web ? await options.web.search(text) : undefined;
  const fromWeb = found.length;
  // A web document the library already holds (an earlier check kept it) is aligned once, as the library's.
  const known = new Set(found.map((f) => f.source.url).filter(Boolean));
  for (const doc of (retrieval?.documents ?? []).filter((d) => !known.has(d.url))) found.push({ source: { title: doc.title, url: doc.url, kind: 'library', addedAt: new Date().toISOString() }, text: doc.text });
  const sourceTexts = found.map((f) => f.text);
  const { matches: raw, layout } = options.align ? await options.align({ text, sources: sourceTexts }) : alignText(text, sourceTexts);
  // Only the sources that matched are named in the report, in order of first appearance.
  const used = new Map<number, number>();
  const sources: PlagiarismSource[] = [];
  const matches: PlagiarismMatch[] = raw.map((m) => {
    let index = used.get(m.sourceId);
    if (index === undefined) {
      index = sources.length;
      used.set(m.sourceId, index);
      sources.push(found[m.sourceId]!.source);
    }
    const entry = found[m.sourceId]!;
    const private_ = entry.source.kind === 'submission';
    return {
      source: index,
      start: m.start,
      end: m.end,
      // Where the passage sits in another user's text is theirs: not told.
      sourceStart: private_ ? 0 : m.sourceStart,
      sourceEnd: private_ ? 0 : m.sourceEnd,
      words: m.words,
      label: m.identical ? 'identical' : 'minorChanges',
      excerpt: entry.source.kind === 'submission' ? null : excerptOf(entry.text, m.sourceStart, m.sourceEnd),
    };
  });
  // The web documents a passage came from join the library, with their link (the same text is kept once); the others
  // stay in the providers' answer cache.
  for (const index of new Set(raw.map((m) => m.sourceId).filter((id) => id >= fromWeb))) {
    const doc = found[index]!;
    await addSource(db, { kind: 'library', title: doc.source.title, url: doc.source.url, text: doc.text });
  }
  const fileName = typeof order.extraInfo?.fileName === 'string' ? order.extraInfo.fileName : null;
  return {
    submissionId: order.orderNo,
    submittedAt: order.createdAt.toISOString(),
    fileName,
    text,
    wordCount: countWords(text),
    coverage: { documents: await librarySize(db), web: Boolean(options.web), ...(retrieval ? { searched: retrieval.searched } : {}) },
    quotes: layout.quotes,
    bibliographyStart: layout.bibliographyStart,
    sources,
    matches,
    engineVersion,
  };
}

/** A finished check joins the library when its owner allows it (their own later checks never match it). */
export async function shareIfAllowed(db: Db, order: Pick<OrderRow, 'orderNo' | 'userId'>, text: string, fingerprints?: readonly number[]): Promise<boolean> {
  const [owner] = await db.select({ share: users.shareSubmissions }).from(users).where(eq(users.id, order.userId));
  if (!owner?.share || countWords(text) < 20) return false;
  await addSource(db, { kind: 'submission', title: '', text, ownerId: order.userId, orderNo: order.orderNo }, fingerprints);
  return true;
}

/** The owner's setting (off by default). */
export async function plagiarismSettings(db: Db, userId: string): Promise<{ shareSubmissions: boolean }> {
  const [row] = await db.select({ share: users.shareSubmissions }).from(users).where(eq(users.id, userId));
  if (!row) throw new AppError(ErrorCode.UNAUTHORIZED, 'auth.error.sessionExpired', { status: 401 });
  return { shareSubmissions: row.share };
}

export async function updatePlagiarismSettings(db: Db, userId: string, input: { shareSubmissions: boolean }): Promise<{ shareSubmissions: boolean }> {
  await db.update(users).set({ shareSubmissions: input.shareSubmissions }).where(eq(users.id, userId));
  // Sharing turned off takes the texts already shared out of the library, fingerprints and all (issue 29).
  if (!input.shareSubmissions) await db.delete(plagiarismSources).where(and(eq(plagiarismSources.kind, 'submission'), eq(plagiarismSources.ownerId, userId)));
  return plagiarismSettings(db, userId);
}

/** POST /api/plagiarism: `data` stays null until the check is done; a failed run answers an error. */
export async function plagiarismResult(db: Db, userId: string, orderNo: string): Promise<{ orderNo: string; status: number; data: PlagiarismReport | null }> {
  const { order, result } = await ownRun(db, userId, orderNo, OrderType.PLAGIARISM_CHECK);
  return { orderNo: order.orderNo, status: order.status, data: (result?.format as PlagiarismReport | undefined) ?? null };
}

/** The owner's finished report (for the PDF). */
export async function ownPlagiarismReport(db: Db, userId: string, orderNo: string): Promise<PlagiarismReport> {
  const { data } = await plagiarismResult(db, userId, orderNo);
  if (!data) throw new AppError(ErrorCode.DEFAULT, 'humanizer.error.notReady');
  return data;
}
