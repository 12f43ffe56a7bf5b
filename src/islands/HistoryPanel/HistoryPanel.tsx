/**
 * History (spec §2, COM-15/16): the user's runs, one entry per run (the
 * versions of a re-humanized text together, issue 11), paged 10–50, each
 * linking back to its result, with delete. Times in the one format
 * 'YYYY-MM-DD HH:mm:ss' (local).
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { formatLocalDateTime } from '../../domain/dates.ts';
import { parseContentMeta } from '../../domain/history.ts';
import { firstPage } from '../../domain/orders.ts';
import type { AreaMessages } from '../../i18n/island-messages.ts';
import type { Locale } from '../../i18n/locales.ts';
import { $documents, $documentsTotal, loadDocumentList } from '../../stores/editor-documents.ts';
import { deleteRun, documentHref, essayHistory, resultHref } from '../../stores/history.ts';
import { Button, LinkButton } from '../shared/Button.tsx';
import { ConfirmDialog } from '../shared/ConfirmDialog.tsx';
import { formatNumber, ltrIsolate } from '../shared/format.ts';
import { MessagesProvider, useT } from '../shared/i18n.tsx';
import { PageNav, PageSize } from '../shared/Pager.tsx';

export type HistoryPanelMessages = AreaMessages<'history.' | 'orders.pageSize' | 'orders.previous' | 'orders.next' | 'orders.page' | 'user.historyEmpty' | 'editor.documents' | 'editor.untitled' | 'editor.documentMeta' | 'editor.showMore'>;

export interface HistoryPanelProps {
  locale: Locale;
  lang: string;
  messages: HistoryPanelMessages;
}

export function HistoryPanel(props: HistoryPanelProps) {
  return (
    <MessagesProvider messages={props.messages}>
      <Panel {...props} />
    </MessagesProvider>
  );
}

function Panel({ locale, lang }: HistoryPanelProps) {
  const t = useT<HistoryPanelMessages>();
  const state = useStore(essayHistory.$state);
  const documents = useStore($documents);
  const documentsTotal = useStore($documentsTotal);
  useEffect(() => {
    void essayHistory.load(Number(new URLSearchParams(location.search).get('page')) || firstPage);
    void loadDocumentList();
  }, []);
  const [deleting, setDeleting] = useState<string>();
  return (
    <div className="space-y-4" aria-busy={state.loading || undefined}>
      <PageSize size={state.size} label={t('orders.pageSize')} onSize={(size) => void essayHistory.setSize(size)} />
      {state.error && (
        <p className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800" role="alert">
          {state.error}
        </p>
      )}
      <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200" aria-label={t('history.listLabel')}>
        {state.items.map((item) => {
          const meta = parseContentMeta(item.contentMeta);
          const href = meta ? resultHref(locale, meta.orderType, item.jobId) : undefined;
          const info = [
            meta ? t(`history.tool.${meta.orderType}` as keyof HistoryPanelMessages & string) : '',
            meta && meta.versions > 1 ? t('history.versions', { count: meta.versions }) : '',
            meta ? t('history.words', { count: formatNumber(lang, meta.wordCount) }) : '',
            ltrIsolate(lang, formatLocalDateTime(item.createTime)),
          ].filter(Boolean);
          return (
            <li key={item.jobId} className="flex flex-wrap items-center justify-between gap-3 p-4">
              <div className="min-w-0">
                <p className="truncate font-medium" dir="auto">
                  {meta?.title || item.jobId}
                </p>
                <p className="text-sm text-slate-600">{info.join(' · ')}</p>
              </div>
              <div className="flex gap-2">
                {href && (
                  <LinkButton href={href} className="px-3 py-1 text-sm">
                    {t('history.open')}
                  </LinkButton>
                )}
                <Button variant="action" onClick={() => setDeleting(item.jobId)}>
                  {t('history.delete')}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      {!state.loading && state.total === 0 && <p className="rounded-xl border border-slate-200 p-8 text-center text-slate-700">{t('user.historyEmpty')}</p>}
      <PageNav page={state.page} pages={state.pages} onPage={(page) => void essayHistory.load(page)} labels={{ previous: t('orders.previous'), next: t('orders.next'), position: t('orders.page', { page: state.page, pages: state.pages }) }} />
      {/* Deleting a run asks first (issue 30: one click removed it with all its versions). */}
      <ConfirmDialog
        open={deleting !== undefined}
        title={t('history.deleteConfirmTitle')}
        confirmLabel={t('history.delete')}
        cancelLabel={t('history.keep')}
        onClose={() => setDeleting(undefined)}
        onConfirm={async () => {
          const result = await deleteRun(deleting!, { deleted: t('history.deleted'), undo: t('history.undo') });
          return result.ok ? undefined : result.message;
        }}
      >
        {t('history.deleteConfirmBody')}
      </ConfirmDialog>
      {documents.length > 0 && (
        <section aria-labelledby="history-documents" data-editor-documents>
          <h2 id="history-documents" className="text-lg font-semibold text-slate-900">
            {t('editor.documents')}
          </h2>
          <ul className="mt-2 divide-y divide-slate-100 rounded-xl border border-slate-200">
            {documents.map((d) => (
              <li key={d.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
                <a className="min-w-0 truncate font-medium text-brand-700 underline" href={documentHref(locale, d.id)} dir="auto">
                  {d.title || t('editor.untitled')}
                </a>
                <span className="text-sm text-slate-600">{t('editor.documentMeta', { count: formatNumber(lang, d.wordCount), date: ltrIsolate(lang, formatLocalDateTime(d.updatedAt)) })}</span>
              </li>
            ))}
          </ul>
          {documents.length < documentsTotal && (
            <Button variant="action" className="mt-2" onClick={() => void loadDocumentList(true)}>
              {t('editor.showMore')}
            </Button>
          )}
        </section>
      )}
    </div>
  );
}
