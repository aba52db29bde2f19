import type { TShopPortal } from '@shopdesk/contract';
import { Alert, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSession } from '../../platform/session/session-context';
import LogisticTab from './LogisticTab';

const noop = () => undefined;

/** Delivery conditions of one shop (spec 000 §2 /logistics?shop_id&shop_name): the Logistic tab's content. */
const LogisticsPage = () => {
  const { t } = useTranslation('logistics');
  const [search] = useSearchParams();
  const raw = search.get('shop_id') ?? '';
  const accountId = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : 0;
  const type = (useSession().user?.type ?? 'eaa') as TShopPortal;
  if (!accountId) return <Alert type="warning" showIcon message={t('missingShop')} />;
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('logisticsFor', { name: search.get('shop_name') ?? '', id: accountId })}
      </Typography.Title>
      <LogisticTab accountId={accountId} userType={type} setPending={noop} />
    </Flex>
  );
};

export default LogisticsPage;
