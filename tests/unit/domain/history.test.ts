import { describe, expect, it } from 'vitest';
import { formatLocalDateTime, parseContentMeta } from '../../../src/domain/history.ts';

describe('essay history items', () => {
  it('[COM-15] shows createTime in local time as YYYY-MM-DD HH:mm:ss', () => {
    const iso = '2026-03-04T05:06:07Z';
    const d = new Date(iso);
    const pad = (n: number) => String(n).padStart(2, '0');
    expect(formatLocalDateTime(iso)).toBe(`${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`);
    expect(formatLocalDateTime(iso)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(formatLocalDateTime('not a date')).toBe('');
  });

  it('[COM-15] parses contentMeta from its JSON string', () => {
    expect(parseContentMeta('{"title":"On memory","wordCount":250,"orderType":7,"status":30}')).toEqual({ title: 'On memory', wordCount: 250, orderType: 7, status: 30 });
    expect(parseContentMeta('{broken')).toBeUndefined();
  });
});
