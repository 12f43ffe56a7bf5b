import type { z } from 'zod';
import type { quoteRequest } from '../../src/domain/endpoints/commerce.ts';
import { defaultCurrency } from '../../src/domain/plans.ts';
import { orderedProduct, productById, products, type BeanPack } from '../../src/domain/products.ts';
import { discountedCents } from '../../src/domain/rewards.ts';
import { countWords } from '../../src/domain/word-count.ts';
import { AppError, ErrorCode } from '../errors.ts';
import { assertOrderable, priceOf, type Pricing } from './orders.ts';

/** One line of a quote: the list price and what is paid (spec §3), in beans for tools and cents otherwise. */
export interface Settlement {
  showPrice: number;
  payPrice: number;
  unit: 'beans' | 'cents';
  currency: string | null;
  effectiveProductId: number;
}

/**
 * POST /api/calculateSettlement: prices each product for its content with the
 * same word counter as the editor. Public: a visitor sees the price before signing up.
 * A discount coupon (percent) lowers payPrice of money purchases, never of bean-priced tool runs.
 */
export function quote(input: z.infer<typeof quoteRequest>, discountPercent = 0, pricing: Pricing = {}): { productSettlements: Record<string, Settlement>; wordCount: number } {
  const currency = input.currency ?? defaultCurrency;
  const productSettlements: Record<string, Settlement> = {};
  let wordCount = 0;
  for (const line of input.products) {
    const listed = productById(line.productId);
    if (!listed) throw new AppError(ErrorCode.DEFAULT, 'commerce.error.productUnknown');
    const product = orderedProduct(listed, input.extraInfo?.isUltra);
    assertOrderable(product);
    const content = line.content ?? '';
    wordCount = Math.max(wordCount, countWords(content));
    const price = priceOf(product, content, currency, input.extraInfo?.length, pricing);
    const amount = (product.kind === 'tool' ? price.beans : price.cents) * line.count;
    productSettlements[String(line.productId)] = {
      showPrice: amount,
      payPrice: product.kind === 'tool' ? amount : discountedCents(amount, discountPercent),
      unit: product.kind === 'tool' ? 'beans' : 'cents',
      currency: product.kind === 'tool' ? null : currency,
      effectiveProductId: product.id,
    };
  }
  return { productSettlements, wordCount };
}

/** GET /api/getWalletProducts: the bean packs with their prices in every currency. */
export function walletProducts(): { productId: number; beans: number; prices: BeanPack['prices'] }[] {
  return products.filter((p): p is BeanPack => p.kind === 'beans').map((p) => ({ productId: p.id, beans: p.beans, prices: p.prices }));
}
