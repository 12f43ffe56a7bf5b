import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { displayPercent, summariseSentences, verdictOf, type Detection, type Report, type ReportClass } from '../../src/domain/detector.ts';
import { countWords } from '../../src/domain/word-count.ts';
import { OrderType } from '../../src/domain/orders.ts';
import type { Db } from '../db/client.ts';
import { orders, reportShares, toolResults } from '../db/schema.ts';
import type { DetectionResult } from '../engines/detector/index.ts';
import { AppError, ErrorCode } from '../errors.ts';
import { ownRun } from './runs.ts';
import { getOwnOrder, type OrderRow } from './orders.ts';

/**
 * The detector's result as /api/aiDetect answers it. The verdict, the band counts and the AI share are all derived
 * from the rounded scores sent, with the shared rules of src/domain/detector.ts, so the page and the report that
 * read the same numbers cannot disagree.
 */
export function detectionView(text: string, result: DetectionResult & { degraded?: boolean }): Detection {
  const sentences = result.sentences.map((s) => ({ start: s.start, end: s.end, score: round(s.score, 4), qualifies: result.qualifies && s.qualifies }));
  const probability = result.qualifies ? round(result.probability, 4) : 0;
  const summary = summariseSentences(text, result.qualifies, sentences);
  return {
    text,
    qualifies: result.qualifies,
    reason: result.reason ?? null,
    probability,
    aiPercent: summary.aiPercent,
    isAi: verdictOf({ qualifies: result.qualifies, probability }) === 'ai',
    wordCount: result.wordCount,
    qualifyingWordCount: result.qualifyingWordCount,
    sentences,
    counts: summary.counts,
    modelVersion: result.modelVersion,
    degraded: result.degraded === true,
  };
}

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

/** Whether a text's AI sentences, taken together, read as paraphrased: their word-weighted mean log-odds is at or over 0. */
export function paraphraseGate(sentences: ReadonlyArray<{ words: number; score: number }>): boolean {
  let sum = 0;
  let words = 0;
  for (const s of sentences) {
    if (s.words <= 0) continue;
    const p = Math.min(1 - 1e-6, Math.max(1e-6, s.score));
    sum += s.words * Math.log(p / (1 - p));
    words += s.words;
  }
  return words > 0 && sum / words >= 0;
}

/**
 * The Turnitin-style report: the share of qualifying text detected as AI, split
 * into AI-generated and AI-generated-then-paraphrased by the second classifier
 * (`paraphrased` answers a 0..1 score per sentence), with the 1–19% rule.
 */
export function buildReport(
  order: Pick<OrderRow, 'orderNo' | 'createdAt' | 'extraInfo'>,
  text: string,
  result: DetectionResult & { degraded?: boolean },
  paraphrased: (sentences: string[]) => number[],
): Report {
  // The same view as /api/aiDetect: the report highlights exactly the sentences the detector page marks "Likely AI".
  const view = detectionView(text, result);
  const { flagged } = summariseSentences(text, view.qualifies, view.sentences);
  const para = paraphrased(result.sentences.map((s, i) => (flagged[i] ? s.text : '')));
  // The paraphrase class is said only when the text as a whole reads paraphrased (decision 0027): the word-weighted
  // mean log-odds of its AI sentences reaches the line. Sentence by sentence alone, 44% of plain machine essays held
  // out got some "AI-paraphrased" text; with the gate 1.4%, and no human essay.
  const paraphrasedText = paraphraseGate(result.sentences.map((s, i) => ({ words: flagged[i] ? countWords(s.text) : 0, score: para[i] ?? 0 })));
  const kinds: (ReportClass | null)[] = flagged.map((ai, i) => (ai ? (paraphrasedText && (para[i] ?? 0) >= 0.5 ? 'aiParaphrased' : 'ai') : null));
  let qualifyingWords = 0;
  let aiWords = 0;
  let paraWords = 0;
  view.sentences.forEach((s, i) => {
    if (!s.qualifies) return;
    const n = countWords(text.slice(s.start, s.end));
    qualifyingWords += n;
    if (kinds[i] === 'ai') aiWords += n;
    if (kinds[i] === 'aiParaphrased') paraWords += n;
  });
  const total = Math.max(1, qualifyingWords);
  const aiPercent = view.aiPercent;
  const shown = displayPercent(aiPercent);
  const fileName = typeof order.extraInfo?.fileName === 'string' ? order.extraInfo.fileName : null;
  // The two classes split the share; the paraphrased part is what is left so that they add up to it exactly.
  const aiOnlyPercent = view.qualifies ? Math.min(aiPercent, round((aiWords / total) * 100, 1)) : 0;
  return {
    submissionId: order.orderNo,
    submittedAt: order.createdAt.toISOString(),
    fileName,
    wordCount: result.wordCount,
    qualifyingWordCount: result.qualifyingWordCount,
    qualifies: view.qualifies,
    reason: view.reason,
    aiPercent,
    displayPercent: shown.text,
    highlightsShown: shown.highlightsShown,
    aiOnlyPercent,
    paraphrasedPercent: view.qualifies && paraWords > 0 ? round(aiPercent - aiOnlyPercent, 1) : 0,
    text,
    sentences: result.sentences.map((s, i) => ({ start: s.start, end: s.end, kind: shown.highlightsShown ? (kinds[i] ?? null) : null })),
    modelVersion: result.modelVersion,
    degraded: result.degraded === true,
  };
}

async function ownToolResult(db: Db, userId: string, orderNo: string, type: number) {
  const { order, result } = await ownRun(db, userId, orderNo, type);
  return { order, format: result?.format ?? null };
}

/** POST /api/aiDetect: `data` stays null until the check is done. */
export async function detectionResult(db: Db, userId: string, orderNo: string) {
  const { order, format } = await ownToolResult(db, userId, orderNo, OrderType.AI_DETECTION);
  return { orderNo: order.orderNo, status: order.status, data: format as Detection | null };
}

/** POST /api/turnitinReport: the owner's report, with whether a share link is live. */
export async function reportResult(db: Db, userId: string, orderNo: string) {
  const { order, format } = await ownToolResult(db, userId, orderNo, OrderType.AI_DETECTION_TURNITIN);
  const [share] = await db.select({ createdAt: reportShares.createdAt }).from(reportShares).where(and(eq(reportShares.orderNo, order.orderNo), isNull(reportShares.revokedAt)));
  return { orderNo: order.orderNo, status: order.status, data: format as Report | null, shared: Boolean(share) };
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Creates the report's share link: an unguessable token (stored hashed), one
 * live link per report — a new one replaces the old.
 */
export async function shareReport(db: Db, userId: string, orderNo: string): Promise<string> {
  const { order, format } = await ownToolResult(db, userId, orderNo, OrderType.AI_DETECTION_TURNITIN);
  if (!format) throw new AppError(ErrorCode.DEFAULT, 'humanizer.error.notReady');
  const token = randomBytes(24).toString('base64url');
  await db.transaction(async (tx) => {
    await tx.update(reportShares).set({ revokedAt: new Date() }).where(and(eq(reportShares.orderNo, order.orderNo), isNull(reportShares.revokedAt)));
    await tx.insert(reportShares).values({ tokenHash: hashToken(token), orderNo: order.orderNo, userId });
  });
  return token;
}

/** Revokes the report's share link: the address stops working at once. */
export async function revokeReportShare(db: Db, userId: string, orderNo: string): Promise<void> {
  const order = await getOwnOrder(db, userId, orderNo);
  await db.update(reportShares).set({ revokedAt: new Date() }).where(and(eq(reportShares.orderNo, order.orderNo), isNull(reportShares.revokedAt)));
}

/** The report behind a share token, for anyone who has the link. */
export async function sharedReport(db: Db, token: string): Promise<Report> {
  const [row] = await db
    .select({ format: toolResults.format })
    .from(reportShares)
    .innerJoin(toolResults, eq(toolResults.orderNo, reportShares.orderNo))
    .innerJoin(orders, eq(orders.orderNo, reportShares.orderNo))
    .where(and(eq(reportShares.tokenHash, hashToken(token)), isNull(reportShares.revokedAt), isNull(orders.deletedAt)));
  if (!row) throw new AppError(ErrorCode.DEFAULT, 'report.error.linkGone');
  // Whoever holds the link reads the report, not the owner's order number or file name (issue 29): the submission
  // is named by the link's own id.
  const report = row.format as Report;
  return { ...report, submissionId: `S-${hashToken(token).slice(0, 10).toUpperCase()}`, fileName: null };
}

/** The owner's finished report (for the PDF). */
export async function ownReport(db: Db, userId: string, orderNo: string): Promise<Report> {
  const { format } = await ownToolResult(db, userId, orderNo, OrderType.AI_DETECTION_TURNITIN);
  if (!format) throw new AppError(ErrorCode.DEFAULT, 'humanizer.error.notReady');
  return format as Report;
}
