/** What an essay history item's `contentMeta` holds (spec §3: a JSON string, parsed by the page). */
export interface ContentMeta {
  title: string;
  wordCount: number;
  orderType: number;
  status: number;
  /** How many versions the run has (re-humanized texts share one entry); 1 for a single run. */
  versions: number;
}

/** One essay history item of spec §3. */
export interface EssayHistoryItem {
  jobId: string;
  /** UTC, ISO 8601; the page shows it in local time as 'YYYY-MM-DD HH:mm:ss'. */
  createTime: string;
  contentMeta: string;
}

export { formatLocalDateTime } from './dates.ts';

/** Parses `contentMeta`, tolerating a malformed one. */
export function parseContentMeta(raw: string): ContentMeta | undefined {
  try {
    const meta = JSON.parse(raw) as Partial<ContentMeta>;
    if (typeof meta !== 'object' || meta === null) return undefined;
    return { title: String(meta.title ?? ''), wordCount: Number(meta.wordCount ?? 0), orderType: Number(meta.orderType ?? 0), status: Number(meta.status ?? 0), versions: Math.max(1, Number(meta.versions ?? 1) || 1) };
  } catch {
    return undefined;
  }
}
