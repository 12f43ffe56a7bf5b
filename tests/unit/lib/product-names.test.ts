import { describe, expect, it } from 'vitest';
import { ProductId, products } from '../../../src/domain/products.ts';
import { english } from '../../../src/i18n/messages/index.ts';
import { productName } from '../../../src/lib/product-names.ts';

describe('product names', () => {
  it('[COM-03] names every product with a key of the catalog: plans with their billing, packs by size, tools by their run', () => {
    for (const product of products) {
      const name = productName(product.id);
      expect(name, String(product.id)).toBeDefined();
      // A message with plural forms (the packs' "{{count}} beans") is in the catalog as key_one, key_other …
      expect(name!.key in english || `${name!.key}_other` in english, name!.key).toBe(true);
    }
    expect(productName(ProductId.PRO_ANNUAL)).toEqual({ key: 'product.proAnnual' });
    expect(productName(ProductId.BEANS_MEDIUM)).toEqual({ key: 'product.beans', params: { count: 1200 } });
    expect(productName(ProductId.AI_DETECTION)).toEqual({ key: 'history.tool.8' });
    expect(productName(999)).toBeUndefined();
  });
});
