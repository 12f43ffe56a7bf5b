import { firstPage } from '../domain/orders.ts';
import { pageMessage } from './page-messages.ts';

/**
 * Paging for a list panel (spec §9: first page 1, sizes 10–50): a size select
 * `[data-size]`, buttons `[data-prev]`/`[data-next]` and a `[data-page]` label.
 * `fetchPage` renders one page and answers the total; out-of-range pages clamp.
 */
export function bindPager(root: HTMLElement, fetchPage: (page: number, size: number) => Promise<number>, initialPage = firstPage) {
  const sizeSelect = root.querySelector<HTMLSelectElement>('[data-size]')!;
  let page = Math.max(firstPage, initialPage);

  async function load(): Promise<void> {
    const size = Number(sizeSelect.value);
    const total = await fetchPage(page, size);
    const pages = Math.max(1, Math.ceil(total / size));
    if (page > pages) {
      page = pages;
      return load();
    }
    root.querySelector('[data-page]')!.textContent = pageMessage('orders.page', { page, pages });
    root.querySelector<HTMLButtonElement>('[data-prev]')!.disabled = page <= 1;
    root.querySelector<HTMLButtonElement>('[data-next]')!.disabled = page >= pages;
  }

  const restart = () => {
    page = firstPage;
    void load();
  };
  sizeSelect.addEventListener('change', restart);
  root.querySelector('[data-prev]')!.addEventListener('click', () => {
    page -= 1;
    void load();
  });
  root.querySelector('[data-next]')!.addEventListener('click', () => {
    page += 1;
    void load();
  });
  void load();
  return { reload: load, restart };
}
