import { EAA_PAGE_SIZES, type TEaaShopRow } from '@shopdesk/contract';
import { Button, Card, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorText } from '../../../lib/error-text';
import { useVariant } from '../../../shell/variant';
import { useEaaShops } from '../../shops/shop-lists/shop-list-queries';
import { useUrlListState } from '../../shops/shop-lists/use-url-list-state';

const NO_FILTERS = [] as const;

/** spec 002 §2: /eaa/business/promotions, the eaa's shops with the button 'promotion settings'. */
const EaaPromotionShopsPage = () => {
  const { t } = useTranslation('promotions');
  const navigate = useNavigate();
  const retail = useVariant().variant === 'retail';
  const list = useUrlListState({ filterKeys: NO_FILTERS, sizes: EAA_PAGE_SIZES });
  const shops = useEaaShops({ offset: list.offset, limit: list.size, type: retail ? 'retail' : 'catering' });
  return (
    <Card title={t('shopsTitle')}>
      <Table<TEaaShopRow>
        rowKey="accountId"
        loading={shops.isLoading}
        dataSource={shops.data?.shops ?? []}
        locale={{ emptyText: shops.isError ? errorText(shops.error) : undefined }}
        {...list.table(shops.data?.total ?? 0, (total) => `${total}`)}
        columns={[
          { key: 'accountId', title: t('colShopId'), dataIndex: 'accountId', width: 100 },
          { key: 'name', title: t('colShopName'), dataIndex: 'name' },
          {
            key: 'actions',
            title: t('colActions'),
            width: 140,
            render: (_, shop) => (
              <Button
                onClick={() => navigate(`/eaa/business/${shop.accountId}/promotion-setting`)}
                data-testid={`promotion-settings-${shop.accountId}`}
              >
                {t('promotionSettings')}
              </Button>
            ),
          },
        ]}
      />
    </Card>
  );
};

export default EaaPromotionShopsPage;
