import type { SettingsTabProps } from '../../shops/shop-settings/tab-types';
import { PromotionsView } from './PromotionsView';

/**
 * The settings page's Promotion tab (gaa and eaa, spec 001 §1; its content is 002 §2 screen 7): the shop's
 * promotions as on /gaa/business/{id}/promotion and /eaa/business/{id}/promotion-setting. Both portals'
 * promotion calls take the shop's account id as {businessId} (the server checks it as the shop), so the tab
 * passes its accountId for either role.
 */
const PromotionTab = ({ accountId, userType }: SettingsTabProps) =>
  userType === 'si' ? null : <PromotionsView type={userType} businessId={accountId} embedded />;

export default PromotionTab;
