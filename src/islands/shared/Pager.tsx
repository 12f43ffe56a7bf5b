/**
 * Paging for a list panel (spec §9, COM-16: first page 1, sizes 10–50): the
 * page-size select and the previous/next navigation named by "Page x of y".
 */
import { useId } from 'react';
import { pageSizes } from '../../domain/orders.ts';

export interface PagerLabels {
  pageSize: string;
  previous: string;
  next: string;
  /** "Page 1 of 3", already filled in. */
  position: string;
}

/** The page-size select. */
export function PageSize({ size, onSize, label }: { size: number; onSize: (size: number) => void; label: string }) {
  return (
    <label className="text-sm font-medium">
      {label}
      <select className="mt-1 block rounded-lg border border-slate-300 px-3 py-2" value={size} onChange={(event) => onSize(Number(event.currentTarget.value))}>
        {pageSizes.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Previous / next with the position between them. */
export function PageNav({ page, pages, onPage, labels }: { page: number; pages: number; onPage: (page: number) => void; labels: Pick<PagerLabels, 'previous' | 'next' | 'position'> }) {
  const id = useId();
  const button = 'rounded-lg border border-slate-300 px-3 py-1.5 disabled:opacity-50';
  return (
    <nav className="flex items-center justify-between gap-2" aria-labelledby={id}>
      <button type="button" className={button} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {labels.previous}
      </button>
      <span id={id}>{labels.position}</span>
      <button type="button" className={button} disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {labels.next}
      </button>
    </nav>
  );
}
