import { describe, expect, it } from 'vitest';
import { checkCode, checkEmail, checkPassword, normalizeEmail, webmailUrl } from '../../../src/domain/auth-rules.ts';
import { hasBeenMemberBit, membershipName } from '../../../src/domain/membership.ts';

describe('account rules', () => {
  it('normalizes and checks e-mail addresses', () => {
    expect(normalizeEmail('  Ana.Lopez@Example.EDU ')).toBe('ana.lopez@example.edu');
    expect(checkEmail('ana@example.edu')).toBeUndefined();
    for (const bad of ['ana', 'ana@', '@x.io', 'a b@x.io', 'ana@x', `${'a'.repeat(250)}@x.io`]) expect(checkEmail(bad), bad).toBe('auth.error.emailInvalid');
  });

  it('asks for 8–128 characters with a letter and a number', () => {
    expect(checkPassword('abc12')).toBe('auth.error.passwordLength');
    expect(checkPassword('abcdefgh')).toBe('auth.error.passwordWeak');
    expect(checkPassword('12345678')).toBe('auth.error.passwordWeak');
    expect(checkPassword('пароль123')).toBeUndefined();
    expect(checkPassword('a1'.repeat(65))).toBe('auth.error.passwordLength');
  });

  it('wants six digits for a code', () => {
    expect(checkCode(' 123456 ')).toBeUndefined();
    expect(checkCode('12345')).toBe('auth.error.codeFormat');
    expect(checkCode('12345a')).toBe('auth.error.codeFormat');
  });

  it('[ACC-10] knows the web-mail of common providers', () => {
    expect(webmailUrl('x@gmail.com')).toBe('https://mail.google.com/');
    expect(webmailUrl('x@qq.com')).toBe('https://mail.qq.com/');
    expect(webmailUrl('x@university.edu')).toBeUndefined();
  });

  it('[ACC-06] names membership levels and reads the has-been-member bit', () => {
    expect(membershipName(0)).toBe('FREE');
    expect(membershipName(-1)).toBe('FREE');
    expect(membershipName(4)).toBe('PREMIUM_PRO_ANNUAL');
    expect(hasBeenMemberBit(16)).toBe(true);
    expect(hasBeenMemberBit(15)).toBe(false);
  });
});
