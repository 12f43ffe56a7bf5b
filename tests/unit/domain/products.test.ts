import { describe, expect, it } from 'vitest';
import { orderedProduct, productById, ProductId } from '../../../src/domain/products.ts';
import { liveToolTypes } from '../../../src/domain/tools.ts';
import { toolOrderTypes } from '../../../src/domain/orders.ts';

describe('the product an order is for', () => {
  it('[HUM-14] the Ultra switch picks product 20 from either humanize id; any other product stays itself', () => {
    const humanize = productById(ProductId.HUMANIZE)!;
    const ultra = productById(ProductId.HUMANIZE_ULTRA)!;
    expect(orderedProduct(humanize, true).id).toBe(ProductId.HUMANIZE_ULTRA);
    expect(orderedProduct(ultra, false).id).toBe(ProductId.HUMANIZE);
    expect(orderedProduct(ultra, undefined).id).toBe(ProductId.HUMANIZE_ULTRA);
    const detector = productById(ProductId.AI_DETECTION)!;
    expect(orderedProduct(detector, true)).toBe(detector);
  });

  it('every live tool is one of the spec\'s tool order types', () => {
    for (const type of liveToolTypes) expect(toolOrderTypes).toContain(type);
  });
});
