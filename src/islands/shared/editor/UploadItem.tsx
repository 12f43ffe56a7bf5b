/** The upload item (spec §3 uid, name, status, percent; §4 statuses): progress, cancel while uploading, retry after an error. */
import type { UploadItem as Item } from '../../../lib/upload.ts';
import type { Translator } from '../i18n.tsx';
import type { AreaMessages } from '../../../i18n/island-messages.ts';

export interface UploadItemProps {
  item: Pick<Item, 'uid' | 'name' | 'status' | 'percent'>;
  t: Translator<AreaMessages<'upload.'>>;
  onAbort: () => void;
  onRetry: () => void;
}

export function UploadItem({ item, t, onAbort, onRetry }: UploadItemProps) {
  const percent = Math.round(item.percent * 100);
  return (
    <div className="border-t border-slate-100 px-4 py-2" data-upload-status={item.status}>
      <div className="flex items-center justify-between gap-2 text-sm">
        <span className="truncate" dir="auto">
          {t(item.status === 'done' ? 'upload.done' : 'upload.uploading', { name: item.name })}
        </span>
        <span className="flex gap-1">
          {item.status === 'uploading' && (
            <button type="button" className="rounded px-2 py-1 text-slate-700 hover:bg-slate-100" onClick={onAbort}>
              {t('upload.abort')}
            </button>
          )}
          {item.status === 'error' && (
            <button type="button" className="rounded px-2 py-1 font-medium text-brand-700 hover:bg-slate-100" onClick={onRetry}>
              {t('upload.retry')}
            </button>
          )}
        </span>
      </div>
      <div className="mt-1 h-1.5 overflow-hidden rounded bg-slate-100" role="progressbar" aria-label={item.name} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
        <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
