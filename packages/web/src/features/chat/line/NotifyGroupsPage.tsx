import { DeleteOutlined } from '@ant-design/icons';
import type { TNotifyGroup, TShopPortal } from '@shopdesk/contract';
import { Alert, Button, Card, Flex, Popconfirm, Result, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useErrorText } from '../../../lib/error-text';
import { notify } from '../../../lib/notify';
import { useSession } from '../../platform/session/session-context';
import { QrImage } from '../../shops/table-qr/QrImage';
import { useNotifyGroups, useRemoveNotifyGroup } from './line-queries';

const toId = (raw: string | null) => {
  const n = Number(raw);
  return raw && Number.isInteger(n) && n > 0 ? n : null;
};

/**
 * /line-notify-groups?shop_id&shop_name (spec 000 §2, §3 Notify group): the shop's order-notification
 * groups on the Messaging API (LINE Notify is shut down): the bot's QR / link to invite it, the groups with
 * their members and state, removing a group.
 */
const NotifyGroupsPage = () => {
  const { t } = useTranslation('line');
  const errorText = useErrorText();
  const [search] = useSearchParams();
  const shopId = toId(search.get('shop_id'));
  const { user } = useSession();
  const type = (user?.type === 'line' ? 'eaa' : (user?.type ?? 'eaa')) as TShopPortal;
  const groups = useNotifyGroups(type, shopId);
  const remove = useRemoveNotifyGroup(type, shopId ?? 0);

  if (shopId === null) return <Result status="warning" title={t('missingShop')} />;
  if (groups.isError) return <Alert type="error" showIcon title={errorText(groups.error)} />;

  const onRemove = async (g: TNotifyGroup) => {
    try {
      await remove.mutateAsync({ params: { type, id: g.id }, query: { business_id: shopId } });
      notify.success(t('removed'));
    } catch (err) {
      notify.apiError(err);
    }
  };
  const url = groups.data?.addFriendUrl ?? '';
  return (
    <Flex vertical gap={16} style={{ maxWidth: 1100 }}>
      <Card title={`${t('groupsTitle')}${search.get('shop_name') ? `：${search.get('shop_name')}` : ''}`}>
        <Flex gap={24} align="center" wrap>
          {url ? (
            <Flex vertical align="center" gap={4}>
              <QrImage link={url} alt={t('addBot')} display={140} />
              <Typography.Link href={url} target="_blank" rel="noreferrer" copyable>
                {url}
              </Typography.Link>
              {groups.data?.basicId && (
                <Typography.Text type="secondary">{groups.data.basicId}</Typography.Text>
              )}
            </Flex>
          ) : (
            groups.data && <Alert type="warning" showIcon title={t('noChannel')} />
          )}
          <Typography.Paragraph style={{ flex: 1, minWidth: 280, margin: 0 }}>
            {t('groupsHint')}
          </Typography.Paragraph>
        </Flex>
      </Card>
      <Card>
        <Table<TNotifyGroup>
          rowKey="id"
          loading={groups.isPending}
          dataSource={groups.data?.results ?? []}
          pagination={false}
          locale={{ emptyText: t('noGroups') }}
          columns={[
            { title: t('colGroup'), render: (_, g) => g.subscriberAttributes.name },
            {
              title: t('colMembers'),
              render: (_, g) =>
                g.members.map((m) => <Tag key={m.userId}>{m.name || m.userId.slice(0, 8)}</Tag>),
            },
            {
              title: t('colState'),
              render: (_, g) => (g.bound ? <Tag color="green">{t('bound')}</Tag> : <Tag>{t('waiting')}</Tag>),
            },
            {
              title: '',
              width: 110,
              render: (_, g) => (
                <Popconfirm
                  title={t('removeConfirm', { name: g.subscriberAttributes.name })}
                  onConfirm={() => onRemove(g)}
                >
                  <Button danger size="small" icon={<DeleteOutlined />}>
                    {t('remove')}
                  </Button>
                </Popconfirm>
              ),
            },
          ]}
        />
      </Card>
    </Flex>
  );
};

export default NotifyGroupsPage;
