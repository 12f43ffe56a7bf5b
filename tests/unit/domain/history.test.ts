import { describe, expect, it } from 'vitest';
import { formatLocalDateTime, parseContentMeta } from '../../../src/domain/history.ts';
import { formatLocalDate } from '../../../src/domain/dates.ts';

describe('essay history items', () => {
  it('[COM-15] shows createTime in local time as YYYY-MM-DD HH:mm:ss', () => {
    const iso = '2026-03-04T05:06:07Z';
    const d = new Date(iso);
    const pad = (n: number) => String(n).padStart(2, '0');
    expect(formatLocalDateTime(iso)).toBe(`${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`);
    expect(formatLocalDateTime(iso)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(formatLocalDateTime('not a date')).toBe('');
    // One format: a day alone is the date part of the same.
    expect(formatLocalDateTime(iso).startsWith(`${formatLocalDate(iso)} `)).toBe(true);
    expect(formatLocalDate('2026-12-31T12:00:00Z')).toMatch(/^2026-12-3[01]$|^2027-01-01$/);
    expect(formatLocalDate('nope')).toBe('');
  });

  it('[COM-15] parses contentMeta from its JSON string', () => {
    expect(parseContentMeta('{"title":"On memory","wordCount":250,"orderType":7,"status":30}')).toEqual({ title: 'On memory', wordCount: 250, orderType: 7, status: 30, versions: 1 });
    expect(parseContentMeta('{"title":"On memory","wordCount":250,"orderType":7,"status":50,"versions":3}')?.versions).toBe(3);
    expect(parseContentMeta('{broken')).toBeUndefined();
  });
});
