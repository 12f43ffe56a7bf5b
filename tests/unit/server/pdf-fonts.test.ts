import { describe, expect, it } from 'vitest';
import PDFDocument from 'pdfkit';
import { catalogs } from '../../../src/i18n/messages/index.ts';
import { localeCodes } from '../../../src/i18n/locales.ts';
import { missingCharacters, PdfFonts } from '../../../server/services/pdf-fonts.ts';
import { pdfText } from '../../../server/services/pdf-text.ts';

const bold = /^(report|plagiarism)\.pdf\.(title|details|textTitle|meaningTitle|sources|passagesTitle|passageHeading|identical|minorChanges)$/;

describe('PDF report fonts', () => {
  it('[LOC-02] every character of every locale\'s PDF messages and dates has a glyph (rebuild the CJK subsets with scripts/build-pdf-fonts.ts after changing a zh, zh-TW, ja or ko message)', () => {
    for (const locale of localeCodes) {
      const messages = Object.entries(catalogs[locale]).filter(([key]) => /^(report|plagiarism)\.pdf\./.test(key));
      const text = pdfText(locale);
      const dates = [0, 5, 11].map((month) => text.dateTime(new Date(Date.UTC(2026, month, 28, month * 2, 5, 9)).toISOString())).join(' ');
      expect(missingCharacters(locale, messages.map(([, v]) => v).join(' ') + dates + text.percent(54.5)), locale).toEqual([]);
      expect(missingCharacters(locale, messages.filter(([key]) => bold.test(key)).map(([, v]) => v).join(' ') + '0123456789%', 'bold'), locale).toEqual([]);
    }
    // A character outside the subsets is reported.
    expect(missingCharacters('zh', '报告龘')).toEqual(['龘']);
  });

  it('[LOC-02] cuts text into runs of the font that holds each script, punctuation staying with its word', () => {
    const fonts = new PdfFonts(new PDFDocument(), 'en');
    expect(fonts.runs('Zażółć. Ελληνικά, русский. العربية. ภาษาไทย. 中文').map((r) => [r.text, r.font])).toEqual([
      ['Zażółć. Ελληνικά, русский. ', 'latin-regular'],
      ['العربية. ', 'arabic-regular'],
      ['ภาษาไทย. ', 'thai-regular'],
      ['中文', 'sc-regular'],
    ]);
    // A Chinese report prints its own strings, Latin letters included, in its own font.
    expect(new PdfFonts(new PDFDocument(), 'zh').runs('Inkwise AI 写作报告').map((r) => r.font)).toEqual(['sc-regular']);
  });
});
