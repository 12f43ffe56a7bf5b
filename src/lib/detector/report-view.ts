/** Fills ReportView.astro with a report; the owner also gets the PDF and the share link. */
import type { Report } from '../../domain/detector.ts';
import { endpoints } from '../../domain/endpoints/paths.ts';
import { localeInfo, isLocale } from '../../i18n/locales.ts';
import { apiBase } from '../api/base.ts';
import { q } from '../dom.ts';
import { pageMessage } from '../page-messages.ts';
import { renderMarked } from './highlight.ts';


export interface ReportOwner {
  orderNo: string;
  shared: boolean;
  downloadPdf(): Promise<void>;
  share(): Promise<string>;
  revoke(): Promise<void>;
  toast(message: string, kind?: 'success' | 'error'): void;
}

/** The address of the shared report page for a token (the token stays in the fragment: never sent to servers or logs). */
export function sharedReportUrl(token: string): string {
  const locale = document.documentElement.dataset.locale ?? 'en';
  return `${location.origin}/${locale}/report#t=${encodeURIComponent(token)}`;
}

/** The PDF address for a share token. */
export function sharedPdfUrl(token: string): string {
  return `${apiBase()}${endpoints.reportSharedPdf}?token=${encodeURIComponent(token)}`;
}

export function renderReport(view: HTMLElement, report: Report, owner?: ReportOwner): void {
  view.hidden = false;
  const figure = q(view, '[data-rp-figure]');
  figure.textContent = report.qualifies ? report.displayPercent : '–';
  q(view, '[data-rp-figure-label]').textContent = pageMessage(report.qualifies ? 'report.figureLabel' : 'report.notQualified');
  const note = q(view, '[data-rp-note]');
  note.hidden = !(report.qualifies && report.displayPercent === '*%');
  note.textContent = pageMessage('report.starNote');
  q(view, '[data-rp-classes]').hidden = !report.highlightsShown;
  q(view, '[data-rp-ai]').textContent = pageMessage('report.classPercent', { percent: report.aiOnlyPercent });
  q(view, '[data-rp-para]').textContent = pageMessage('report.classPercent', { percent: report.paraphrasedPercent });
  q(view, '[data-rp-id]').textContent = report.submissionId;
  const code = document.documentElement.dataset.locale;
  const lang = isLocale(code) ? localeInfo(code).lang : 'en';
  q(view, '[data-rp-date]').textContent = new Date(report.submittedAt).toLocaleString(lang);
  const file = q(view, '[data-rp-file]');
  file.textContent = report.fileName ?? file.dataset.pasted ?? '';
  q(view, '[data-rp-words]').textContent = String(report.wordCount);
  q(view, '[data-rp-qualifying]').textContent = String(report.qualifyingWordCount);
  renderMarked(
    q(view, '[data-rp-text]'),
    report.text,
    report.sentences.filter((s) => s.kind).map((s) => ({ start: s.start, end: s.end, className: `rp-${s.kind}` })),
  );
  const ownerBox = q(view, '[data-rp-owner]');
  ownerBox.hidden = !owner;
  if (!owner) return;
  const linkBox = q(view, '[data-rp-link]');
  const input = q<HTMLInputElement>(view, '[data-rp-link-input]');
  linkBox.hidden = true;
  const bind = (selector: string, handler: () => Promise<void>) => {
    const button = q<HTMLButtonElement>(view, selector);
    button.onclick = async () => {
      button.disabled = true;
      try {
        await handler();
      } catch (error) {
        owner.toast(error instanceof Error ? error.message : String(error));
      } finally {
        button.disabled = false;
      }
    };
  };
  bind('[data-rp-pdf]', () => owner.downloadPdf());
  bind('[data-rp-share]', async () => {
    input.value = sharedReportUrl(await owner.share());
    linkBox.hidden = false;
    input.select();
  });
  bind('[data-rp-copy]', async () => {
    await navigator.clipboard.writeText(input.value);
    owner.toast(pageMessage('report.linkCopied'), 'success');
  });
  bind('[data-rp-revoke]', async () => {
    await owner.revoke();
    input.value = '';
    linkBox.hidden = true;
    owner.toast(pageMessage('report.revoked'), 'success');
  });
}
