import type { TPageProps } from '../../../shell/lazy-page';
import { useShopPage } from '../../shops/shop-profile/use-shop-page';
import { PromotionsView } from './PromotionsView';
import type { TPromotionPortal } from './promotion-queries';

/**
 * Promotions page (spec 002 §2 screen 7): /gaa/business/{id}/promotion (and the retail tree's
 * /gaa/common/{id}/promotion) and /eaa/business/{id}/promotion-setting; the id is the shop's account id.
 */
const PromotionsPage = ({ route }: TPageProps) => {
  const { type, id } = useShopPage(route);
  return <PromotionsView type={type as TPromotionPortal} businessId={id} />;
};

export default PromotionsPage;
