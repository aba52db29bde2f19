import { Flex } from 'antd';
import { useShop } from '../shop-profile/shop-profile-queries';
import { DirtyScope } from '../shop-settings/dirty/dirty-scope';
import { SaveBar } from '../shop-settings/dirty/SaveBar';
import type { SettingsTabProps } from '../shop-settings/tab-types';
import { DaysOffCard } from './DaysOffCard';
import { OpeningHoursCard } from './OpeningHoursCard';
import { OrderLimitTable } from './OrderLimitTable';
import { TimingCard } from './TimingCard';

/**
 * The settings page's Time tab (spec 001 §2.3): preparation minutes, service periods, days off,
 * reservations and the order-limit table. Pending edits anywhere in it reach the page through setPending.
 */
const TimeTab = ({ accountId, userType, setPending }: SettingsTabProps) => {
  // the batch-import page shows the shop's name (spec 000 §2: /opening takes shop_id and shop_name)
  const shop = useShop(userType, accountId);
  return (
    <DirtyScope onPendingChange={setPending}>
      <Flex vertical gap={16}>
        <TimingCard type={userType} accountId={accountId} />
        <OpeningHoursCard type={userType} accountId={accountId} />
        <DaysOffCard
          type={userType}
          accountId={accountId}
          shopName={shop.data?.businessData.businessName ?? ''}
        />
        <OrderLimitTable type={userType} accountId={accountId} />
      </Flex>
      {/* the same save bar as the Store and Advance tabs: the preparation and reservation fields */}
      <SaveBar />
    </DirtyScope>
  );
};

export default TimeTab;
