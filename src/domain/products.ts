import { OrderType } from './orders.ts';
import type { CurrencyCode, Tier, Billing } from './plans.ts';
import { monthlyPrices } from './plans.ts';

/**
 * Every product with its id, the order type it creates and how it is paid.
 * Spec §9 fixes 9 (humanize) and 20 (Ultra); the rest are ours (docs/decisions/0007).
 */
export const ProductId = {
  PREMIUM_MONTHLY: 1,
  PREMIUM_ANNUAL: 2,
  PRO_MONTHLY: 3,
  PRO_ANNUAL: 4,
  PLAGIARISM_CHECK: 5,
  REFERENCE_CHECK: 6,
  AI_DETECTION: 8,
  HUMANIZE: 9,
  COPY_REWRITE: 10,
  AI_WRITE: 11,
  AI_DETECTION_TURNITIN: 13,
  WECHAT_PREMIUM: 14,
  WECHAT_PRO: 15,
  HUMANIZE_ULTRA: 20,
  BEANS_SMALL: 101,
  BEANS_MEDIUM: 102,
  BEANS_LARGE: 103,
} as const;
export type ProductId = (typeof ProductId)[keyof typeof ProductId];

/** A tool run paid in beans: the price is a function of the word count. */
export interface ToolProduct {
  kind: 'tool';
  id: ProductId;
  orderType: OrderType;
  /** Beans per started block of `perWords` words. */
  beansPerBlock: number;
  perWords: number;
  /** Fixed part added to every run (e.g. the report's PDF). */
  baseBeans: number;
  minBeans: number;
}

/** A subscription paid in money. */
export interface PlanProduct {
  kind: 'plan';
  id: ProductId;
  orderType: OrderType;
  tier: Tier;
  billing: Billing;
  channel: 'card' | 'wechat';
}

/** A pack of beans paid in money (order type 4, one-time purchase). */
export interface BeanPack {
  kind: 'beans';
  id: ProductId;
  orderType: OrderType;
  beans: number;
  /** Price in cents per currency. */
  prices: Readonly<Record<CurrencyCode, number>>;
}

export type Product = ToolProduct | PlanProduct | BeanPack;

const tool = (id: ProductId, orderType: OrderType, beansPerBlock: number, perWords: number, baseBeans = 0, minBeans = 1): ToolProduct => ({
  kind: 'tool', id, orderType, beansPerBlock, perWords, baseBeans, minBeans,
});

/** The one price table of the product (docs/decisions/0007). */
export const products: readonly Product[] = [
  { kind: 'plan', id: ProductId.PREMIUM_MONTHLY, orderType: OrderType.MONTHLY_SUBSCRIPTION, tier: 'basic', billing: 'monthly', channel: 'card' },
  { kind: 'plan', id: ProductId.PREMIUM_ANNUAL, orderType: OrderType.ANNUAL_SUBSCRIPTION, tier: 'basic', billing: 'annual', channel: 'card' },
  { kind: 'plan', id: ProductId.PRO_MONTHLY, orderType: OrderType.PRO_MONTHLY, tier: 'pro', billing: 'monthly', channel: 'card' },
  { kind: 'plan', id: ProductId.PRO_ANNUAL, orderType: OrderType.PRO_ANNUAL, tier: 'pro', billing: 'annual', channel: 'card' },
  { kind: 'plan', id: ProductId.WECHAT_PREMIUM, orderType: OrderType.WECHAT_SUBSCRIPTION, tier: 'basic', billing: 'monthly', channel: 'wechat' },
  { kind: 'plan', id: ProductId.WECHAT_PRO, orderType: OrderType.WECHAT_SUBSCRIPTION_PRO, tier: 'pro', billing: 'monthly', channel: 'wechat' },
  tool(ProductId.HUMANIZE, OrderType.HUMANIZER, 1, 10, 0, 5),
  tool(ProductId.HUMANIZE_ULTRA, OrderType.HUMANIZER_ULTRA, 2, 10, 0, 10),
  tool(ProductId.AI_DETECTION, OrderType.AI_DETECTION, 1, 25, 0, 2),
  tool(ProductId.AI_DETECTION_TURNITIN, OrderType.AI_DETECTION_TURNITIN, 1, 25, 40, 40),
  tool(ProductId.PLAGIARISM_CHECK, OrderType.PLAGIARISM_CHECK, 1, 10, 0, 5),
  tool(ProductId.REFERENCE_CHECK, OrderType.REFERENCE_CHECK, 1, 25, 0, 2),
  tool(ProductId.COPY_REWRITE, OrderType.COPY_REWRITE, 1, 10, 0, 5),
  tool(ProductId.AI_WRITE, OrderType.AI_WRITE, 1, 10, 0, 10),
  { kind: 'beans', id: ProductId.BEANS_SMALL, orderType: OrderType.ONE_TIME_PURCHASE, beans: 500, prices: { USD: 499, CAD: 699, AUD: 749 } },
  { kind: 'beans', id: ProductId.BEANS_MEDIUM, orderType: OrderType.ONE_TIME_PURCHASE, beans: 1_200, prices: { USD: 999, CAD: 1_399, AUD: 1_499 } },
  { kind: 'beans', id: ProductId.BEANS_LARGE, orderType: OrderType.ONE_TIME_PURCHASE, beans: 3_000, prices: { USD: 1_999, CAD: 2_799, AUD: 2_999 } },
];

const byId = new Map<number, Product>(products.map((p) => [p.id, p]));

/** The product with this id, if any. */
export function productById(id: number): Product | undefined {
  return byId.get(id);
}

/** Beans a tool run costs for `words` words. */
export function toolPrice(product: ToolProduct, words: number): number {
  const blocks = Math.ceil(Math.max(0, words) / product.perWords);
  return Math.max(product.minBeans, product.baseBeans + blocks * product.beansPerBlock);
}

/** Price of a plan in cents for its billing period (annual plans are charged for 12 months at once). */
export function planChargeCents(product: PlanProduct, currency: CurrencyCode): number {
  const perMonth = monthlyPrices[currency][product.tier][product.billing];
  return (product.billing === 'annual' ? perMonth * 12 : perMonth) * 100;
}

/** The humanizer product for a run: Ultra (20) or normal (9), spec §9. */
export function humanizeProduct(isUltra: boolean): ToolProduct {
  return productById(isUltra ? ProductId.HUMANIZE_ULTRA : ProductId.HUMANIZE) as ToolProduct;
}

/**
 * The product an order or a quote is for: the humanizer's Ultra switch picks product 20 whichever humanize id was
 * sent (spec §3 extraInfo.isUltra); any other product is itself. The one place that decides it (issue 31).
 */
export function orderedProduct<P extends Product>(product: P, isUltra: boolean | undefined): P | ToolProduct {
  const humanizer = product.kind === 'tool' && (product.orderType === OrderType.HUMANIZER || product.orderType === OrderType.HUMANIZER_ULTRA);
  return humanizer && isUltra !== undefined ? humanizeProduct(isUltra) : product;
}

/** Beans granted each month with a plan, on top of the larger word limits. */
export const monthlyPlanBeans: Readonly<Record<Tier, number>> = { basic: 2_000, pro: 5_000 };

/** The plan product for a tier, billing period and payment channel (WeChat plans are monthly). */
export function planProductFor(tier: Tier, billing: Billing, channel: 'card' | 'wechat'): PlanProduct {
  const plan = products.find(
    (p): p is PlanProduct => p.kind === 'plan' && p.tier === tier && p.channel === channel && (channel === 'wechat' || p.billing === billing),
  );
  if (!plan) throw new Error(`no plan for ${tier}/${billing}/${channel}`);
  return plan;
}
