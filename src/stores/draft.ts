import { persistentAtom } from '@nanostores/persistent';

/** A tool's unsent text, kept in local storage so a visitor's work survives sign-up (issue 11). */
export interface Draft {
  text: string;
  /** The name of the uploaded file the text came from, while it is unchanged. */
  fileName: string | null;
  /** When it was saved (ms since epoch); older drafts are dropped. */
  savedAt: number;
}

export type DraftTool = 'humanizer' | 'detector';

/** Local-storage key of the drafts. */
export const draftStorageKey = 'inkwise-draft';
/** A draft older than this is not brought back. */
export const draftMaxAgeMs = 24 * 60 * 60 * 1000;

function decode(raw: string): Partial<Record<DraftTool, Draft>> {
  try {
    const value = JSON.parse(raw) as unknown;
    return value && typeof value === 'object' ? (value as Partial<Record<DraftTool, Draft>>) : {};
  } catch {
    return {};
  }
}

/** Drafts by tool, persisted under `inkwise-draft`. */
export const $drafts = persistentAtom<Partial<Record<DraftTool, Draft>>>(draftStorageKey, {}, { encode: JSON.stringify, decode });

/** Keeps `text` as the tool's draft (an empty text forgets it). */
export function saveDraft(tool: DraftTool, text: string, fileName: string | null = null, now = Date.now()): void {
  const drafts = { ...$drafts.get() };
  if (text.trim()) drafts[tool] = { text, fileName, savedAt: now };
  else delete drafts[tool];
  $drafts.set(drafts);
}

/** The tool's draft if it is recent enough, else undefined. */
export function recentDraft(tool: DraftTool, now = Date.now()): Draft | undefined {
  const draft = $drafts.get()[tool];
  return draft && typeof draft.text === 'string' && now - draft.savedAt <= draftMaxAgeMs ? draft : undefined;
}

/** Forgets the tool's draft (after a paid run took it). */
export function clearDraft(tool: DraftTool): void {
  saveDraft(tool, '');
}
