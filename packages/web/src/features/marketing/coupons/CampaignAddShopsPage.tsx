import { COUPON_LIMITS, COUPON_MESSAGES } from '@shopdesk/contract';
import { Alert, Button, Flex, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useErrorText } from '../../../lib/error-text';
import { useMessageText } from '../../../lib/message-text';
import { notify } from '../../../lib/notify';
import { useOneAtATime } from '../../../lib/use-one-at-a-time';
import { CampaignMissing } from './CampaignMissing';
import { LineTag } from './CampaignShopsPage';
import {
  routeId,
  useCampaignShops,
  useCouponMutations,
  useListedCampaign,
  useSiCouponShops,
} from './coupon-queries';

/** /send-coupons/{groupId}/add-shops (si): the SI's own shops, ticked ones added to the draft. */
const CampaignAddShopsPage = () => {
  const { t } = useTranslation('coupons');
  const say = useMessageText();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const raw = useParams().groupId;
  const groupId = routeId(raw);
  const campaign = useListedCampaign(groupId);
  const c = campaign.campaign;
  const inCampaign = new Set((useCampaignShops(groupId, Boolean(c)).data?.rows ?? []).map((s) => s.shopId));
  const shops = useSiCouponShops();
  const { addShops } = useCouponMutations();
  const [picked, setPicked] = useState<number[]>([]);

  const [add, adding] = useOneAtATime(async () => {
    try {
      const r = await addShops.mutateAsync({ params: { groupId }, body: { shopIds: picked } });
      notify.success(say(COUPON_MESSAGES.added(r.added)));
      navigate(`/send-coupons/${groupId}/edit`);
    } catch (err) {
      notify.error(errorText(err));
    }
  });
  const error = campaign.error ?? shops.error;
  if (campaign.missing) return <CampaignMissing id={raw ?? ''} />;
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {c ? <Link to={`/send-coupons/${groupId}/edit`}>{c.name}</Link> : null}
        </Typography.Title>
        <Button
          type="primary"
          disabled={picked.length === 0 || picked.length > COUPON_LIMITS.shopsAtOnce}
          loading={adding || addShops.isPending}
          onClick={add}
        >
          {t('addSelected', { count: picked.length })}
        </Button>
      </Flex>
      {error ? <Alert type="error" showIcon role="alert" title={errorText(error)} /> : null}
      <Table
        rowKey="shopId"
        data-testid="coupon-candidates"
        loading={shops.isLoading}
        dataSource={shops.data?.rows ?? []}
        pagination={{ pageSize: 20, showSizeChanger: false }}
        rowSelection={{
          selectedRowKeys: picked,
          onChange: (keys) => setPicked(keys.map(Number)),
          getCheckboxProps: (s) => ({ disabled: inCampaign.has(s.shopId), name: `shop-${s.shopId}` }),
        }}
        columns={[
          { key: 'id', title: 'ID', dataIndex: 'shopId', width: 90 },
          {
            key: 'name',
            title: t('shops'),
            render: (_, s) => (
              <>
                {s.name} {inCampaign.has(s.shopId) ? <Tag>{t('inCampaign')}</Tag> : null}
              </>
            ),
          },
          { key: 'line', title: t('hasLine'), render: (_, s) => <LineTag has={s.hasLine} /> },
          { key: 'customers', title: t('customers'), dataIndex: 'customers' },
        ]}
      />
    </Flex>
  );
};

export default CampaignAddShopsPage;
