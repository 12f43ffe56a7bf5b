import { atom, type ReadableAtom } from 'nanostores';
import { firstPage, pageSizes } from '../domain/orders.ts';
import { failureMessage } from '../lib/failure.ts';

/** A page of a list as the API answers it. */
export interface Page<T> {
  list: T[];
  total: number;
}

/** What a paged list panel shows. */
export interface PagedState<T> {
  items: T[];
  total: number;
  page: number;
  size: number;
  pages: number;
  /** True until the first page arrived, and while another loads. */
  loading: boolean;
  /** The last failure, in the reader's language. */
  error: string | undefined;
}

/** A paged list (orders, history, bean history) with the spec's paging: first page 1, sizes 10–50 (COM-16). */
export interface PagedList<T> {
  $state: ReadableAtom<PagedState<T>>;
  /** Loads `page` (clamped to the last page) at the current size. */
  load(page?: number): Promise<void>;
  /** A new page size starts again at page 1. */
  setSize(size: number): Promise<void>;
  /** Reloads the current page (after a cancel or a delete). */
  reload(): Promise<void>;
}

/** A paged list over `fetchPage`; nothing loads until `load` is called. */
export function pagedList<T>(fetchPage: (page: number, size: number) => Promise<Page<T>>, size: number = pageSizes[0]): PagedList<T> {
  const $state = atom<PagedState<T>>({ items: [], total: 0, page: firstPage, size, pages: 1, loading: true, error: undefined });
  let request = 0;
  async function load(page = $state.get().page): Promise<void> {
    const mine = ++request;
    const current = $state.get();
    $state.set({ ...current, page: Math.max(firstPage, page), loading: true, error: undefined });
    try {
      const answer = await fetchPage(Math.max(firstPage, page), current.size);
      if (mine !== request) return;
      const pages = Math.max(1, Math.ceil(answer.total / current.size));
      // A page past the end (after deleting the last item on it) moves back to the last one.
      if (page > pages && answer.list.length === 0 && answer.total > 0) return load(pages);
      $state.set({ ...$state.get(), items: answer.list, total: answer.total, page: Math.max(firstPage, page), pages, loading: false });
    } catch (error) {
      if (mine !== request) return;
      $state.set({ ...$state.get(), loading: false, error: failureMessage(error) });
    }
  }
  return {
    $state,
    load,
    setSize: (next) => {
      $state.set({ ...$state.get(), size: next });
      return load(firstPage);
    },
    reload: () => load(),
  };
}
