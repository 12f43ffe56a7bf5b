import { atom } from 'nanostores';
import type { Report } from '../domain/detector.ts';
import { fetchSharedReport } from '../lib/api/tools.ts';

/** The report opened by a share link, or why it could not be opened. */
export const $sharedReport = atom<{ token: string; report: Report | null; error: string | null }>({ token: '', report: null, error: null });

/** Loads the report behind a share token; the server's message (translated) says why when it fails. */
export async function openSharedReport(token: string, fallbackError: string): Promise<void> {
  try {
    $sharedReport.set({ token, report: await fetchSharedReport(token), error: null });
  } catch (error) {
    $sharedReport.set({ token, report: null, error: error instanceof Error && error.message ? error.message : fallbackError });
  }
}
