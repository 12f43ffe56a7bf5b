import { describe, expect, it } from 'vitest';
import { docToText, humanizerLimits, segmentsToDoc, textToDoc, uploadKindOf } from '../../../src/domain/humanizer.ts';
import { accepts, withinLimit } from '../../../src/lib/upload.ts';

describe('humanizer domain', () => {
  it('[HUM-09] [HUM-21] [HUM-22] keeps the spec constants', () => {
    expect(humanizerLimits).toMatchObject({ maxVersions: 5, pollMs: 1000, sampleDelayMs: { min: 2000, max: 12000 }, editorIdleTimeoutMs: 10_000, feedbackDebounceMs: 1000, uploadMaxBytes: 10 * 1024 * 1024 });
  });

  it('[HUM-13] turns text into a document and back, one paragraph per line', () => {
    const doc = textToDoc('First line.\r\n\r\n  Second line.  \n');
    expect(doc.content).toHaveLength(2);
    expect(docToText(doc)).toBe('First line.\nSecond line.');
  });

  it('[HUM-02] keeps the engine’s change marks as editor marks', () => {
    const doc = segmentsToDoc([[{ text: 'It is ' }, { text: 'quite', change: 'added' }, { text: ' ' }, { text: 'clear', change: 'edited' }, { text: '.' }]]);
    expect(doc.content[0]!.content).toEqual([
      { type: 'text', text: 'It is ' },
      { type: 'text', text: 'quite', marks: [{ type: 'change', attrs: { kind: 'added' } }] },
      { type: 'text', text: ' ' },
      { type: 'text', text: 'clear', marks: [{ type: 'change', attrs: { kind: 'edited' } }] },
      { type: 'text', text: '.' },
    ]);
    expect(docToText(doc)).toBe('It is quite clear.');
  });
});

describe('upload rules', () => {
  it('[UPL-03] accepts pdf, doc and docx by extension or MIME type, nothing else', () => {
    expect(uploadKindOf('Essay.PDF', '')).toBe('pdf');
    expect(uploadKindOf('blob', 'application/msword')).toBe('doc');
    expect(uploadKindOf('essay.docx', 'application/octet-stream')).toBe('docx');
    expect(uploadKindOf('essay.txt', 'text/plain')).toBeUndefined();
  });

  it('[UPL-04] matches the accept filter by MIME type or extension, and a limit of 0 is unlimited', () => {
    expect(accepts({ name: 'a.PDF', type: '' }, '.pdf,.docx')).toBe(true);
    expect(accepts({ name: 'scan', type: 'image/png' }, 'image/*')).toBe(true);
    expect(accepts({ name: 'a.txt', type: 'text/plain' }, '.pdf,application/msword')).toBe(false);
    expect(accepts({ name: 'a.txt', type: 'text/plain' }, '')).toBe(true);
    expect(withinLimit({ size: 10 ** 12 }, 0)).toBe(true);
    expect(withinLimit({ size: 11 }, 10)).toBe(false);
  });
});
