/** Analytics events of spec §9, plus the page view sent after each navigation. */
export const analyticsEvents = [
  'pageView',
  'beanChargeView',
  'beanChargeCreate',
  'beanChargeSuccess',
  'beanChargeFailed',
  'userRegisterSuccess',
  'userRegisterFailed',
] as const;
export type AnalyticsEventName = (typeof analyticsEvents)[number];
