import { siteName } from '../../src/config/site.ts';
import { localeInfo, type Locale } from '../../src/i18n/locales.ts';
import { translate, type MessageKey, type MessageParams } from '../../src/i18n/translate.ts';

/** An e-mail ready to send. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/** The e-mails the product sends. */
export type MailKind =
  | { kind: 'code'; code: string; minutes: number }
  | { kind: 'existing'; loginUrl: string; resetUrl: string }
  | { kind: 'reset'; code: string; minutes: number }
  | { kind: 'verify'; url: string; hours: number };

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Renders a localized e-mail (text and HTML) in the reader's locale. */
export function renderMail(locale: Locale, mail: MailKind): MailContent {
  const t = (key: MessageKey, params: MessageParams = {}) => translate(locale, key, { name: siteName, ...params });
  const { lang, dir } = localeInfo(locale);
  let subject: string;
  const lines: string[] = [];
  let code: string | undefined;
  let link: { url: string; label: string } | undefined;
  switch (mail.kind) {
    case 'code':
      subject = t('mail.code.subject', { code: mail.code });
      lines.push(t('mail.code.body'));
      code = mail.code;
      lines.push(t('mail.code.expires', { count: mail.minutes }));
      break;
    case 'reset':
      subject = t('mail.reset.subject', { code: mail.code });
      lines.push(t('mail.reset.body'));
      code = mail.code;
      lines.push(t('mail.code.expires', { count: mail.minutes }));
      break;
    case 'existing':
      subject = t('mail.existing.subject');
      lines.push(t('mail.existing.body'));
      link = { url: mail.loginUrl, label: t('header.login') };
      lines.push(`${t('auth.forgot')} ${mail.resetUrl}`);
      break;
    case 'verify':
      subject = t('mail.verify.subject');
      lines.push(t('mail.verify.body', { count: mail.hours }));
      link = { url: mail.url, label: t('mail.verify.button') };
      break;
  }
  const text = [
    t('mail.greeting'),
    '',
    lines[0],
    ...(code ? ['', code, ''] : []),
    ...(link ? ['', link.url, ''] : []),
    ...lines.slice(1),
    '',
    t('mail.ignore'),
    '',
    t('mail.signature'),
  ].join('\n');
  const html = `<!doctype html><html lang="${lang}" dir="${dir}"><body style="font-family:system-ui,sans-serif;color:#0f172a;line-height:1.5">
<p>${escape(t('mail.greeting'))}</p>
<p>${escape(lines[0]!)}</p>
${code ? `<p style="font-size:28px;font-weight:700;letter-spacing:6px">${escape(code)}</p>` : ''}
${link ? `<p><a href="${escape(link.url)}" style="display:inline-block;background:#1d5fd1;color:#fff;padding:10px 16px;border-radius:8px;text-decoration:none">${escape(link.label)}</a></p><p style="font-size:12px;color:#475569">${escape(link.url)}</p>` : ''}
${lines.slice(1).map((l) => `<p>${escape(l)}</p>`).join('\n')}
<p style="color:#475569">${escape(t('mail.ignore'))}</p>
<p>${escape(t('mail.signature'))}</p>
</body></html>`;
  return { subject, text, html };
}
