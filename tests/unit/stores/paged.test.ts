import { describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/lib/page-messages.ts', () => ({ pageMessage: (key: string) => key }));
const { pagedList } = await import('../../../src/stores/paged.ts');
const { ApiError } = await import('../../../src/lib/api/client.ts');

const items = Array.from({ length: 23 }, (_, i) => i + 1);
const fetchPage = vi.fn(async (page: number, size: number) => ({ list: items.slice((page - 1) * size, page * size), total: items.length }));

describe('paged lists', () => {
  it('[COM-16] starts at page 1 with 10 per page, counts the pages, and a new size starts again at page 1', async () => {
    const list = pagedList(fetchPage);
    expect(list.$state.get()).toMatchObject({ page: 1, size: 10, loading: true });
    await list.load(3);
    expect(list.$state.get()).toMatchObject({ items: [21, 22, 23], page: 3, pages: 3, total: 23, loading: false });
    await list.setSize(20);
    expect(list.$state.get()).toMatchObject({ page: 1, pages: 2, size: 20 });
    expect(list.$state.get().items).toHaveLength(20);
  });

  it('moves back to the last page when the page asked for is past the end (after a delete)', async () => {
    const list = pagedList(fetchPage);
    await list.load(9);
    expect(list.$state.get()).toMatchObject({ page: 3, items: [21, 22, 23] });
  });

  it('keeps the last failure as a message and stops loading', async () => {
    const list = pagedList(async () => {
      throw new ApiError('Choose 10, 20, 30, 40 or 50 items per page.', 1);
    });
    await list.load();
    expect(list.$state.get()).toMatchObject({ loading: false, error: 'Choose 10, 20, 30, 40 or 50 items per page.' });
  });
});
