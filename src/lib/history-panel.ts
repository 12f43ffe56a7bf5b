import { formatLocalDateTime, parseContentMeta, type EssayHistoryItem } from '../domain/history.ts';
import { endpoints } from '../domain/endpoints/paths.ts';
import { OrderType, firstPage } from '../domain/orders.ts';
import { isLocale } from '../i18n/locales.ts';
import { localizedPath, type RouteName } from '../i18n/routes.ts';
import { api } from './api/instance.ts';
import { pageMessage } from './page-messages.ts';
import { bindPager } from './pager.ts';
import '../stores/user.ts';

/** The screen that shows a finished run of each tool (opened with ?orderNo=, spec §4). */
const resultRoute: Readonly<Record<number, RouteName>> = {
  [OrderType.HUMANIZER]: 'humanizer',
  [OrderType.HUMANIZER_ULTRA]: 'humanizer',
  [OrderType.AI_DETECTION]: 'aiDetector',
  [OrderType.AI_DETECTION_TURNITIN]: 'aiDetector',
  [OrderType.PLAGIARISM_CHECK]: 'plagiarism',
  [OrderType.COPY_REWRITE]: 'rewriter',
  [OrderType.REFERENCE_CHECK]: 'referenceChecker',
  [OrderType.AI_WRITE]: 'aiWriter',
};

/** Fills the history page (HistoryPanel.astro). */
export function bindHistoryPanel(root: HTMLElement): void {
  const locale = isLocale(root.dataset.locale) ? root.dataset.locale : 'en';

  const row = (item: EssayHistoryItem) => {
    const meta = parseContentMeta(item.contentMeta);
    const li = document.createElement('li');
    li.className = 'flex flex-wrap items-center justify-between gap-3 p-4';
    li.dataset.job = item.jobId;
    const text = document.createElement('div');
    const title = document.createElement('p');
    title.className = 'font-medium';
    title.textContent = meta?.title || item.jobId;
    const info = document.createElement('p');
    info.className = 'text-sm text-slate-600';
    const tool = meta ? pageMessage(`history.tool.${meta.orderType}`) : '';
    info.textContent = [tool, meta ? pageMessage('history.words', { count: meta.wordCount }) : '', formatLocalDateTime(item.createTime)].filter(Boolean).join(' · ');
    text.append(title, info);
    const actions = document.createElement('div');
    actions.className = 'flex gap-2';
    const route = meta ? resultRoute[meta.orderType] : undefined;
    if (route) {
      const open = document.createElement('a');
      open.className = 'rounded-lg bg-brand-600 px-3 py-1 text-sm font-semibold text-white hover:bg-brand-700';
      // The detector page opens a report by ?report= and a plain check by ?orderNo=.
      const param = meta?.orderType === OrderType.AI_DETECTION_TURNITIN ? 'report' : 'orderNo';
      open.href = `${localizedPath(locale, route)}?${param}=${encodeURIComponent(item.jobId)}`;
      open.textContent = pageMessage('history.open');
      actions.append(open);
    }
    const remove = document.createElement('button');
    remove.type = 'button';
    remove.className = 'rounded-lg border border-slate-300 px-3 py-1 text-sm hover:bg-slate-50';
    remove.textContent = pageMessage('history.delete');
    remove.addEventListener('click', () => void api(endpoints.essayDelete, { method: 'POST', body: { jobId: item.jobId } }).then(load).catch(() => undefined));
    actions.append(remove);
    li.append(text, actions);
    return li;
  };

  const pager = bindPager(
    root,
    async (page, size) => {
      const result = await api<{ list: EssayHistoryItem[]; total: number }>(endpoints.essayHistory, { query: { page, size } });
      root.querySelector('[data-list]')!.replaceChildren(...result.list.map(row));
      root.querySelector<HTMLElement>('[data-empty]')!.hidden = result.total > 0;
      return result.total;
    },
    Number(new URL(location.href).searchParams.get('page')) || firstPage,
  );
  const load = () => pager.reload();
}
