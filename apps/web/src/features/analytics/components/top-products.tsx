import type { Revenue } from '@questboard/shared/analytics-cohort-answers';

import { formatCount, formatMoney } from '../lib/format';
import { ScrollTable, ShareBar, tableClasses } from '../../../components/ui/scroll-table';
import { SectionCard } from '../../../components/ui/section-card';

/** The products that earned most in the range, with their share of the revenue. */
export function TopProducts({ products, currency, total }: { products: Revenue['topProducts']; currency: string | null; total: number }) {
  return (
    <SectionCard title="Top products" description="By revenue in the range; a purchase names its product with product_id.">
      {products.length === 0 ? (
        <p className="text-sm text-muted-foreground">No purchases in this range.</p>
      ) : (
        <ScrollTable label="Top products table">
          <table className={tableClasses.table}>
            <thead className={tableClasses.head}>
              <tr>
                <th scope="col" className={tableClasses.th}>
                  Product
                </th>
                <th scope="col" className={tableClasses.thNumber}>
                  Revenue
                </th>
                <th scope="col" className={tableClasses.thNumber}>
                  Share of revenue
                </th>
                <th scope="col" className={tableClasses.thNumber}>
                  Transactions
                </th>
                <th scope="col" className={tableClasses.thNumber}>
                  Buyers
                </th>
              </tr>
            </thead>
            <tbody className={tableClasses.body}>
              {products.map((product) => (
                <tr key={product.productId ?? '(none)'}>
                  <th scope="row" className={`${tableClasses.td} max-w-48 truncate font-medium`}>
                    {product.productId ?? <span className="font-normal text-muted-foreground">No product id</span>}
                  </th>
                  <td className={tableClasses.tdNumber}>{formatMoney(product.revenue, currency)}</td>
                  <td className={tableClasses.tdNumber}>
                    <ShareBar share={total > 0 ? product.revenue / total : null} />
                  </td>
                  <td className={tableClasses.tdNumber}>{formatCount(product.transactions)}</td>
                  <td className={tableClasses.tdNumber}>{formatCount(product.buyers)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollTable>
      )}
    </SectionCard>
  );
}
