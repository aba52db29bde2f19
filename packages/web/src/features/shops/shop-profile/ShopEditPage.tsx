import type { TShopPageType } from '@shopdesk/contract';
import { Flex, Typography } from 'antd';
import type { TPageProps } from '../../../shell/lazy-page';
import { NotFoundPage } from '../../../shell/StatusPages';
import { BackToList } from './BackToList';
import { ShopEditForm } from './ShopEditForm';
import { ShopLoadState } from './ShopLoadState';
import { useLabelPrinter, useShop } from './shop-profile-queries';
import { useShopPage } from './use-shop-page';

/**
 * Shop edit screen (spec 000 §2): /{type}/business/{id}/edit for gaa, si and eaa, and /line/business/{id}/edit
 * for a shop manager holding the `shop` acl (docs/decisions/shops.md "Permissions"; the fields an eaa may
 * not edit stay hidden, mayEditField). Opening loads the shop and its label-printer data; the title is the
 * store name.
 */
const ShopEdit = ({ type, id }: { type: TShopPageType; id: number }) => {
  const shop = useShop(type, id);
  const labels = useLabelPrinter(type, id);
  if (!shop.data) return <ShopLoadState error={shop.error} retry={() => shop.refetch()} />;
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3} style={{ margin: 0 }} data-testid="shop-edit-title">
          {shop.data.businessData.businessName}
        </Typography.Title>
        {type !== 'line' && <BackToList type={type} historyBack={false} />}
      </Flex>
      <ShopEditForm key={id} type={type} id={id} data={shop.data.businessData} labels={labels.data} />
    </Flex>
  );
};

const ShopEditPage = ({ route }: TPageProps) => {
  const { type, id } = useShopPage(route);
  // the route's own type: /line/business/{id}/edit is a shop manager's
  const pageType: TShopPageType = route.path.startsWith('/line/') ? 'line' : type;
  return id === null ? <NotFoundPage /> : <ShopEdit type={pageType} id={id} />;
};

export default ShopEditPage;
