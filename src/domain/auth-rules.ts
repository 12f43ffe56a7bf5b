/**
 * Account rules the spec leaves open (docs/decisions/0006): shared by the
 * server's schemas and the browser's forms. Each check answers a message key.
 */
export const authRules = {
  emailMaxLength: 254,
  passwordMinLength: 8,
  passwordMaxLength: 128,
  codeLength: 6,
  codeTtlMinutes: 10,
  codeMaxAttempts: 5,
  /** Seconds before another code may be sent to the same address (the resend countdown). */
  resendSeconds: 60,
  accessTokenMinutes: 15,
  refreshTokenDays: 30,
  verifyLinkHours: 24,
} as const;

/** Trims and lower-cases an address so one mailbox is one account. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

const emailPattern = /^[^\s@"(),:;<>[\\\]]+@[^\s@"(),:;<>[\\\]]+\.[^\s@"(),:;<>[\\\]]{2,}$/;

/** `undefined` when valid, else the message key. */
export function checkEmail(email: string): 'auth.error.emailInvalid' | undefined {
  const normalized = normalizeEmail(email);
  return normalized.length <= authRules.emailMaxLength && emailPattern.test(normalized) ? undefined : 'auth.error.emailInvalid';
}

/** `undefined` when the password meets the rules, else the message key. */
export function checkPassword(password: string): 'auth.error.passwordLength' | 'auth.error.passwordWeak' | undefined {
  const length = [...password].length;
  if (length < authRules.passwordMinLength || length > authRules.passwordMaxLength) return 'auth.error.passwordLength';
  if (!/\p{L}/u.test(password) || !/\p{N}/u.test(password)) return 'auth.error.passwordWeak';
  return undefined;
}

/** `undefined` when the code has the right shape, else the message key. */
export function checkCode(code: string): 'auth.error.codeFormat' | undefined {
  return new RegExp(`^\\d{${authRules.codeLength}}$`).test(code.trim()) ? undefined : 'auth.error.codeFormat';
}

/** The web-mail address of well-known providers, for the "open your mailbox" link. */
export function webmailUrl(email: string): string | undefined {
  const domain = normalizeEmail(email).split('@')[1] ?? '';
  const providers: Record<string, string> = {
    'gmail.com': 'https://mail.google.com/',
    'googlemail.com': 'https://mail.google.com/',
    'outlook.com': 'https://outlook.live.com/mail/',
    'hotmail.com': 'https://outlook.live.com/mail/',
    'live.com': 'https://outlook.live.com/mail/',
    'msn.com': 'https://outlook.live.com/mail/',
    'yahoo.com': 'https://mail.yahoo.com/',
    'icloud.com': 'https://www.icloud.com/mail/',
    'me.com': 'https://www.icloud.com/mail/',
    'proton.me': 'https://mail.proton.me/',
    'protonmail.com': 'https://mail.proton.me/',
    'qq.com': 'https://mail.qq.com/',
    '163.com': 'https://mail.163.com/',
    '126.com': 'https://mail.126.com/',
    'yandex.ru': 'https://mail.yandex.ru/',
    'mail.ru': 'https://e.mail.ru/',
    'gmx.de': 'https://www.gmx.net/',
    'web.de': 'https://web.de/',
    'naver.com': 'https://mail.naver.com/',
  };
  return providers[domain];
}
