import { AppstoreAddOutlined } from '@ant-design/icons';
import { COUPON_MESSAGES, type TCampaignShop } from '@shopdesk/contract';
import { Alert, Button, Flex, Popconfirm, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useErrorText } from '../../../lib/error-text';
import { useMessageText } from '../../../lib/message-text';
import { notify } from '../../../lib/notify';
import { CampaignMissing } from './CampaignMissing';
import { routeId, useCampaignShops, useCouponMutations, useListedCampaign } from './coupon-queries';

export const LineTag = ({ has }: { has: boolean }) => {
  const { t } = useTranslation('coupons');
  return has ? <Tag color="green">LINE</Tag> : <Tag color="red">{t('noLine')}</Tag>;
};

/** /send-coupons/{groupId}/shops (si): the campaign's shops, their LINE account and customers. */
const CampaignShopsPage = () => {
  const { t } = useTranslation('coupons');
  const say = useMessageText();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const raw = useParams().groupId;
  const groupId = routeId(raw);
  const campaign = useListedCampaign(groupId);
  const c = campaign.campaign;
  const shops = useCampaignShops(groupId, Boolean(c));
  const { removeShop } = useCouponMutations();
  const draft = c?.status === 'draft';

  const remove = async (shopId: number) => {
    try {
      await removeShop.mutateAsync({ params: { groupId, shopId } });
      notify.success(say(COUPON_MESSAGES.removed));
    } catch (err) {
      notify.error(errorText(err));
    }
  };

  const error = campaign.error ?? shops.error;
  if (campaign.missing) return <CampaignMissing id={raw ?? ''} />;
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {c ? <Link to={`/send-coupons/${groupId}/edit`}>{c.name}</Link> : null}
        </Typography.Title>
        {draft ? (
          <Button
            icon={<AppstoreAddOutlined />}
            onClick={() => navigate(`/send-coupons/${groupId}/add-shops`)}
          >
            {t('addShops')}
          </Button>
        ) : null}
      </Flex>
      {error ? <Alert type="error" showIcon role="alert" title={errorText(error)} /> : null}
      <Table<TCampaignShop>
        rowKey="shopId"
        data-testid="campaign-shops"
        loading={shops.isLoading}
        dataSource={shops.data?.rows ?? []}
        pagination={false}
        columns={[
          { key: 'id', title: 'ID', dataIndex: 'shopId', width: 90 },
          { key: 'name', title: t('shops'), dataIndex: 'name' },
          { key: 'line', title: t('hasLine'), render: (_, s) => <LineTag has={s.hasLine} /> },
          { key: 'customers', title: t('customers'), dataIndex: 'customers' },
          ...(draft
            ? [
                {
                  key: 'actions',
                  title: t('actions'),
                  render: (_: unknown, s: TCampaignShop) => (
                    <Popconfirm
                      title={t('removeConfirm')}
                      okText={t('yes')}
                      cancelText={t('no')}
                      onConfirm={() => remove(s.shopId)}
                    >
                      <Button size="small" danger>
                        {t('remove')}
                      </Button>
                    </Popconfirm>
                  ),
                },
              ]
            : []),
        ]}
      />
    </Flex>
  );
};

export default CampaignShopsPage;
