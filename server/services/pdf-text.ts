import { localeInfo, type Locale } from '../../src/i18n/locales.ts';
import { translate, type MessageKey, type MessageParams } from '../../src/i18n/translate.ts';

/** What a PDF needs to speak one locale: its messages, and numbers, percentages and dates formatted the reader's way. */
export interface PdfText {
  locale: Locale;
  /** BCP 47 tag, for the PDF's /Lang (`id` for the `in` locale). */
  lang: string;
  rtl: boolean;
  t: (key: MessageKey, params?: MessageParams) => string;
  number: (n: number) => string;
  /** A share out of 100 (25 → "25%", "25 %", "%25", "٢٥٪"…). */
  percent: (n: number) => string;
  /** A figure already shown on screen ("25%", "*%", "<1%", "--"): the number in it is formatted for the locale. */
  figure: (shown: string) => string;
  /** An ISO instant as a date and time in UTC. */
  dateTime: (iso: string) => string;
  /** An ISO instant as a date. */
  date: (iso: string) => string;
}

export function pdfText(locale: Locale): PdfText {
  const { lang, dir } = localeInfo(locale);
  const numbers = new Intl.NumberFormat(lang);
  const percents = new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 1 });
  const dateTimes = new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeStyle: 'long', timeZone: 'UTC' });
  const dates = new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' });
  const percent = (n: number) => percents.format(n / 100);
  return {
    locale,
    lang,
    rtl: dir === 'rtl',
    t: (key, params) => translate(locale, key, params),
    number: (n) => numbers.format(n),
    percent,
    figure: (shown) => {
      const match = /^(<?)(\d+(?:\.\d+)?)%$/.exec(shown);
      return match ? `${match[1]}${percent(Number(match[2]))}` : shown;
    },
    dateTime: (iso) => (Number.isNaN(Date.parse(iso)) ? iso : dateTimes.format(new Date(iso))),
    date: (iso) => (Number.isNaN(Date.parse(iso)) ? iso : dates.format(new Date(iso))),
  };
}
