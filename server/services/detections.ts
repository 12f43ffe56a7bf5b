import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { bandOf, displayPercent, type Detection, type Report, type ReportClass, type ScoreBand } from '../../src/domain/detector.ts';
import { OrderType, failedRunStatuses } from '../../src/domain/orders.ts';
import type { Db } from '../db/client.ts';
import { orders, reportShares, toolResults } from '../db/schema.ts';
import type { DetectionResult } from '../engines/detector/index.ts';
import { AppError, ErrorCode } from '../errors.ts';
import { getOwnOrder, type OrderRow } from './orders.ts';

const failedStatuses: readonly number[] = failedRunStatuses;

/** The detector's result as /api/aiDetect answers it. */
export function detectionView(text: string, result: DetectionResult): Detection {
  const counts: Record<ScoreBand, number> = { likelyAi: 0, possiblyAi: 0, human: 0 };
  for (const s of result.sentences) if (s.qualifies) counts[bandOf(s.score)]++;
  return {
    text,
    qualifies: result.qualifies,
    reason: result.reason ?? null,
    probability: round(result.probability, 4),
    aiPercent: result.qualifies ? round(result.aiShare * 100, 1) : 0,
    isAi: result.qualifies && result.isAi,
    wordCount: result.wordCount,
    qualifyingWordCount: result.qualifyingWordCount,
    sentences: result.sentences.map((s) => ({ start: s.start, end: s.end, score: round(s.score, 4), qualifies: s.qualifies })),
    counts,
    modelVersion: result.modelVersion,
  };
}

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

/**
 * The Turnitin-style report: the share of qualifying text detected as AI, split
 * into AI-generated and AI-generated-then-paraphrased by the second classifier
 * (`paraphrased` answers a 0..1 score per sentence), with the 1–19% rule.
 */
export function buildReport(
  order: Pick<OrderRow, 'orderNo' | 'createdAt' | 'extraInfo'>,
  text: string,
  result: DetectionResult,
  paraphrased: (sentences: string[]) => number[],
): Report {
  const judged = result.sentences.map((s) => s.qualifies && result.qualifies && s.score >= result.threshold);
  const para = paraphrased(result.sentences.map((s) => s.text));
  const kinds: (ReportClass | null)[] = judged.map((ai, i) => (ai ? ((para[i] ?? 0) >= 0.5 ? 'aiParaphrased' : 'ai') : null));
  const words = (s: { text: string }) => s.text.split(/\s+/).filter(Boolean).length;
  const total = Math.max(1, result.qualifyingWordCount);
  let aiWords = 0;
  let paraWords = 0;
  result.sentences.forEach((s, i) => {
    if (kinds[i] === 'ai') aiWords += words(s);
    if (kinds[i] === 'aiParaphrased') paraWords += words(s);
  });
  const aiPercent = result.qualifies ? Math.min(100, ((aiWords + paraWords) / total) * 100) : 0;
  const shown = displayPercent(aiPercent);
  const fileName = typeof order.extraInfo?.fileName === 'string' ? order.extraInfo.fileName : null;
  return {
    submissionId: order.orderNo,
    submittedAt: order.createdAt.toISOString(),
    fileName,
    wordCount: result.wordCount,
    qualifyingWordCount: result.qualifyingWordCount,
    qualifies: result.qualifies,
    reason: result.reason ?? null,
    aiPercent: round(aiPercent, 1),
    displayPercent: shown.text,
    highlightsShown: shown.highlightsShown,
    aiOnlyPercent: round(result.qualifies ? (aiWords / total) * 100 : 0, 1),
    paraphrasedPercent: round(result.qualifies ? (paraWords / total) * 100 : 0, 1),
    text,
    sentences: result.sentences.map((s, i) => ({ start: s.start, end: s.end, kind: shown.highlightsShown ? (kinds[i] ?? null) : null })),
    modelVersion: result.modelVersion,
  };
}

async function ownToolResult(db: Db, userId: string, orderNo: string, type: number) {
  const order = await getOwnOrder(db, userId, orderNo);
  if (order.orderType !== type) throw new AppError(ErrorCode.DEFAULT, 'commerce.error.orderNotFound');
  if (failedStatuses.includes(order.status)) throw new AppError(ErrorCode.DEFAULT, 'humanizer.error.runFailed');
  const [result] = await db.select({ format: toolResults.format }).from(toolResults).where(eq(toolResults.orderNo, order.orderNo));
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
  return row.format as Report;
}

/** The owner's finished report (for the PDF). */
export async function ownReport(db: Db, userId: string, orderNo: string): Promise<Report> {
  const { format } = await ownToolResult(db, userId, orderNo, OrderType.AI_DETECTION_TURNITIN);
  if (!format) throw new AppError(ErrorCode.DEFAULT, 'humanizer.error.notReady');
  return format as Report;
}
