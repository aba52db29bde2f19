import { Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { NotFoundPage } from '../../../shell/StatusPages';
import { PosUsersPanel } from './PosUsersPanel';

/**
 * A shop manager's order-machine users page, /line/business/{id}/pos-users (the `user` acl, spec 002 §3):
 * the shop lists' dialog as a page, since a manager has no shop list. The server checks the shop is its own.
 */
const PosUsersPage = () => {
  const { t } = useTranslation(['posUsers', 'routes']);
  const raw = useParams().id ?? '';
  if (!/^[1-9]\d{0,9}$/.test(raw)) return <NotFoundPage />;
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('routes:line-business-pos-users')}
      </Typography.Title>
      <Card
        extra={
          <Typography.Link href="/console/qcpos/login" target="_blank" rel="noopener">
            {t('openBoard')}
          </Typography.Link>
        }
      >
        <PosUsersPanel shopId={Number(raw)} userType="line" />
      </Card>
    </Flex>
  );
};

export default PosUsersPage;
