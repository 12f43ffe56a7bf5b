import { z } from 'zod';
import { checkCode, checkEmail, checkPassword, normalizeEmail } from '../auth-rules.ts';

// Refinements carry message keys: the error handler answers them as translated business errors.
const email = z.string().max(1000).refine((v) => !checkEmail(v), { message: 'auth.error.emailInvalid' }).transform(normalizeEmail);
const password = z.string().max(1000).superRefine((v, ctx) => {
  const problem = checkPassword(v);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});
const code = z.string().max(100).refine((v) => !checkCode(v), { message: 'auth.error.codeFormat' }).transform((v) => v.trim());
const anyPassword = z.string().min(1, { message: 'auth.error.credentials' }).max(1000);

/** POST /sendVerifyMailV2 */
export const sendVerifyMailRequest = z.object({ email });
/** POST /registerV2 */
export const registerRequest = z.object({
  email,
  password,
  verifyCode: code,
  referCode: z.string().trim().max(64).regex(/^[A-Za-z0-9_-]*$/, { message: 'auth.error.referCodeInvalid' }).optional().or(z.null()),
});
/** POST /tryVerifyEmailCode */
export const tryVerifyCodeRequest = z.object({ email, code });
/** POST /login */
export const loginRequest = z.object({ email: z.string().max(1000).transform(normalizeEmail), password: anyPassword });
/** POST /logout and POST /api/token/refresh */
export const refreshRequest = z.object({ refreshToken: z.string().min(10).max(200) });
export const logoutRequest = z.object({ refreshToken: z.string().max(200).optional() });
/** GET /api/forgetPassword?email= */
export const forgetPasswordRequest = z.object({ email });
/** POST /api/resetPassword */
export const resetPasswordRequest = z.object({ email, verifyCode: code, password });
/** POST /api/user/changePassword */
export const changePasswordRequest = z.object({ oldPassword: z.string().max(1000), newPassword: password });
/** POST /api/user/closeAccount: the password, or for an account without one its e-mail address typed out. */
export const closeAccountRequest = z.object({ password: z.string().max(1000).optional(), email: z.string().max(320).optional() });
/** POST /oauth/google/exchange */
export const oauthExchangeRequest = z.object({ ticket: z.string().min(10).max(200) });
/** GET /oauth/google_authorization_url?locale=&cb= */
export const googleUrlRequest = z.object({
  locale: z.string().max(8).optional(),
  cb: z.string().max(1000).optional(),
});

/** The tokens of a login (the `data` of /login, /registerV2 and refresh). */
export interface LoginData {
  accessToken: string;
  tokenType: 'Bearer';
  /** Seconds until the access token expires. */
  expiresIn: number;
  refreshToken: { token: string; expiresAt: number };
  userId: string;
}

/** The user-info fetch (`GET /api/user/info`). */
export interface UserInfoData {
  userInfo: {
    email: string;
    membershipName: string;
    membershipLevel: number;
    userType: string;
    order_status: number;
    createTime: string;
    hasLogon: boolean;
  };
  memberInfo: { level: number; name: string; wordLimit: number; expireTime: string | null };
  permissions: string[];
  userId: string;
  account: string;
}
