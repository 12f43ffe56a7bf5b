import { productName } from '../../lib/product-names.ts';
import { formatNumber } from './format.ts';
import { useT, type Messages } from './i18n.tsx';

/** Names a product in the page's language (an island that uses it passes the `product.` and `history.tool.` areas). */
export function useProductName(lang: string): (productId: number) => string {
  const t = useT<Messages>();
  return (productId) => {
    const name = productName(productId);
    if (!name) return '';
    return t(name.key, name.params ? { count: formatNumber(lang, name.params.count) } : undefined);
  };
}
