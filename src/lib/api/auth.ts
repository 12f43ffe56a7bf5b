import type { LoginData, UserInfoData } from '../../domain/endpoints/auth.ts';
import { endpoints } from '../../domain/endpoints/paths.ts';
import { api } from './instance.ts';

// One typed function per endpoint of the accounts area. Forms call them silently and show errors inline.
const quiet = { silent: true } as const;

export const sendVerifyMail = (email: string) => api<{ resendAfter: number }>(endpoints.sendVerifyMail, { method: 'POST', body: { email }, ...quiet });
export const tryVerifyCode = (email: string, code: string) => api<{ valid: boolean }>(endpoints.tryVerifyCode, { method: 'POST', body: { email, code }, ...quiet });
export const registerAccount = (input: { email: string; password: string; verifyCode: string; referCode?: string }) =>
  api<LoginData>(endpoints.register, { method: 'POST', body: input, ...quiet });
export const loginWithPassword = (email: string, password: string) => api<LoginData>(endpoints.login, { method: 'POST', body: { email, password }, ...quiet });
export const refreshTokens = (refreshToken: string) =>
  api<LoginData>(endpoints.refreshToken, { method: 'POST', body: { refreshToken }, skipRefresh: true, ...quiet });
export const logoutSession = (refreshToken: string | undefined) =>
  api<null>(endpoints.logout, { method: 'POST', body: refreshToken ? { refreshToken } : {}, skipRefresh: true, ...quiet });
export const forgetPassword = (email: string) => api<{ sent: boolean }>(endpoints.forgetPassword, { query: { email }, ...quiet });
export const resetPassword = (input: { email: string; verifyCode: string; password: string }) => api<null>(endpoints.resetPassword, { method: 'POST', body: input, ...quiet });
export const closeAccount = (proof: { password?: string; email?: string }) => api<null>(endpoints.closeAccount, { method: 'POST', body: proof, ...quiet });
export const changePassword = (oldPassword: string, newPassword: string) => api<null>(endpoints.changePassword, { method: 'POST', body: { oldPassword, newPassword }, ...quiet });
export const fetchUserInfoData = () => api<UserInfoData>(endpoints.userInfo, quiet);
export const fetchWallet = () => api<{ wallet: { balance: number } }>(endpoints.wallet, quiet);
export const requestVerifyEmail = () => api<{ openUrl: string | null; email: string }>(endpoints.verifyEmail, { method: 'POST', body: {}, ...quiet });
export const fetchAuthProviders = () => api<{ google: boolean }>(endpoints.authProviders, quiet);
export const googleAuthorizationUrl = (locale: string, cb?: string) =>
  api<{ google_authorization_url: string }>(endpoints.googleAuthorizationUrl, { query: { locale, cb }, ...quiet });
export const exchangeGoogleTicket = (ticket: string) => api<LoginData>(endpoints.googleExchange, { method: 'POST', body: { ticket }, ...quiet });
export const redeemInvite = (code: string) => api<null>(endpoints.redeemInvite, { method: 'POST', body: { code }, ...quiet });
