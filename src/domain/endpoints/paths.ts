/**
 * The path of every endpoint, apart from its zod schema so that browser code
 * can name an endpoint without bundling zod.
 */
export const endpoints = {
  health: '/api/health',
  trackEvent: '/api/analytics/event',
  sendVerifyMail: '/sendVerifyMailV2',
  register: '/registerV2',
  tryVerifyCode: '/tryVerifyEmailCode',
  login: '/login',
  logout: '/logout',
  refreshToken: '/api/token/refresh',
  forgetPassword: '/api/forgetPassword',
  resetPassword: '/api/resetPassword',
  changePassword: '/api/user/changePassword',
  userInfo: '/api/user/info',
  checkUser: '/api/checkUser',
  membership: '/api/membership',
  wallet: '/api/getUserWallet',
  testExpired: '/api/test/expired',
  verifyEmail: '/api/verifyEmail',
  verifyEmailConfirm: '/api/verifyEmail/confirm',
  authProviders: '/api/auth/providers',
  googleAuthorizationUrl: '/oauth/google_authorization_url',
  googleCallback: '/oauth/google/callback',
  googleExchange: '/oauth/google/exchange',
} as const;
