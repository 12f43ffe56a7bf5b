import type { Tier } from './plans.ts';

/**
 * What the WeChat plans (products 14 and 15, one month each) cost when paid
 * through WeChat Pay, which charges mainland buyers in CNY only: fen (1/100 yuan)
 * per month. ¥98 / ¥148 sit between the card plans' annual and monthly rates at
 * about 7.2 CNY per USD, keep Pro at 1.5× Premium, and end in 8 as Chinese retail
 * prices do (docs/decisions/0012).
 */
export const wechatPlanFen: Readonly<Record<Tier, number>> = { basic: 9_800, pro: 14_800 };

/** The currency WeChat Pay charges in. */
export const wechatCurrency = 'CNY';
