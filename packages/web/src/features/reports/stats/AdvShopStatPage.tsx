import type { TPageProps } from '../../../shell/lazy-page';
import { ShopStatsTable } from './ShopStatsTable';

/** /summary/adv-shop-stat (gaa): per shop by SI, meal-type and payment splits, refusals, shops without orders. */
const AdvShopStatPage = (_props: TPageProps) => <ShopStatsTable advanced />;
export default AdvShopStatPage;
