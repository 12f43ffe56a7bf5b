/** What an essay history item's `contentMeta` holds (spec §3: a JSON string, parsed by the page). */
export interface ContentMeta {
  title: string;
  wordCount: number;
  orderType: number;
  status: number;
}

/** One essay history item of spec §3. */
export interface EssayHistoryItem {
  jobId: string;
  /** UTC, ISO 8601; the page shows it in local time as 'YYYY-MM-DD HH:mm:ss'. */
  createTime: string;
  contentMeta: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Spec §3: a UTC time shown in the reader's local time as 'YYYY-MM-DD HH:mm:ss'. */
export function formatLocalDateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** Parses `contentMeta`, tolerating a malformed one. */
export function parseContentMeta(raw: string): ContentMeta | undefined {
  try {
    const meta = JSON.parse(raw) as Partial<ContentMeta>;
    if (typeof meta !== 'object' || meta === null) return undefined;
    return { title: String(meta.title ?? ''), wordCount: Number(meta.wordCount ?? 0), orderType: Number(meta.orderType ?? 0), status: Number(meta.status ?? 0) };
  } catch {
    return undefined;
  }
}
