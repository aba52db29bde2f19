import type { TPageProps } from '../../../shell/lazy-page';
import { ShopStatsTable } from './ShopStatsTable';

/** /summary/shop-stat (gaa): every shop's orders, revenue and average ticket with the previous period. */
const ShopStatPage = (_props: TPageProps) => <ShopStatsTable advanced={false} />;
export default ShopStatPage;
