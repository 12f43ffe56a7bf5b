import { ProductId, productById } from '../domain/products.ts';

/** Keys of the products' names (the `product.` area; tool runs use their history name). */
export type ProductNameKey =
  | 'product.premiumMonthly'
  | 'product.premiumAnnual'
  | 'product.proMonthly'
  | 'product.proAnnual'
  | 'product.wechatPremium'
  | 'product.wechatPro'
  | 'product.beans'
  | `history.tool.${number}`;

const planNames: Readonly<Record<number, ProductNameKey>> = {
  [ProductId.PREMIUM_MONTHLY]: 'product.premiumMonthly',
  [ProductId.PREMIUM_ANNUAL]: 'product.premiumAnnual',
  [ProductId.PRO_MONTHLY]: 'product.proMonthly',
  [ProductId.PRO_ANNUAL]: 'product.proAnnual',
  [ProductId.WECHAT_PREMIUM]: 'product.wechatPremium',
  [ProductId.WECHAT_PRO]: 'product.wechatPro',
};

/**
 * How a product is named to a person (issue 11: "orders name the plan", "the
 * checkout page names the product"): the plan with its billing, the bean
 * pack's size, or the tool. Undefined for an unknown id.
 */
export function productName(productId: number): { key: ProductNameKey; params?: { count: number } } | undefined {
  const product = productById(productId);
  if (!product) return undefined;
  if (product.kind === 'plan') return { key: planNames[product.id]! };
  if (product.kind === 'beans') return { key: 'product.beans', params: { count: product.beans } };
  return { key: `history.tool.${product.orderType}` };
}
