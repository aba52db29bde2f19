import { KeyOutlined, PlusOutlined } from '@ant-design/icons';
import {
  API_CLIENT_MESSAGES,
  createApiClientOp,
  listApiClientsOp,
  revokeApiClientOp,
  rotateApiClientOp,
  type TApiClient,
  updateApiClientOp,
} from '@shopdesk/contract';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Checkbox,
  Flex,
  Form,
  Input,
  Modal,
  Popconfirm,
  Select,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShopOptions } from '../../../components/shop-options';
import { useApiMutation, useApiQuery } from '../../../lib/api-query';
import { useErrorText } from '../../../lib/error-text';
import { useMessageText } from '../../../lib/message-text';
import { notify } from '../../../lib/notify';
import { useOneAtATime } from '../../../lib/use-one-at-a-time';
import type { TPageProps } from '../../../shell/lazy-page';

const KEY = ['api-clients'];
const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('zh-TW', { timeZone: 'Asia/Taipei', hour12: false }) : '—';

type TForm = { name: string; allShops: boolean; shopIds: number[] };

/** The shops of a client's scope: search by name or id, several at once. */
const ShopsField = ({ value, onChange }: { value?: number[]; onChange?: (v: number[]) => void }) => {
  const { t } = useTranslation('apiClients');
  const [q, setQ] = useState('');
  const shops = useShopOptions('gaa', q.trim());
  return (
    <Select<number[]>
      mode="multiple"
      showSearch={{ filterOption: false, onSearch: setQ }}
      placeholder={t('shopsPlaceholder')}
      value={value}
      onChange={(v) => onChange?.(v)}
      options={(shops.data?.rows ?? []).map((s) => ({
        value: s.accountId,
        label: `${s.accountId} - ${s.name}`,
      }))}
      loading={shops.isFetching}
      data-testid="client-shops"
    />
  );
};

/**
 * /extra/app-mngmt (gaa): the API clients outside systems call /ext/v1 with. A key is shown once
 * (after create or rotate) with a copy button; the list shows only its first characters.
 */
const ApiClientsPage = (_props: TPageProps) => {
  const { t } = useTranslation('apiClients');
  const say = useMessageText();
  const errorText = useErrorText();
  const qc = useQueryClient();
  const list = useApiQuery(listApiClientsOp, {}, { queryKey: KEY });
  const refresh = () => qc.invalidateQueries({ queryKey: KEY });
  const [editing, setEditing] = useState<TApiClient | 'new' | null>(null);
  const [shownKey, setShownKey] = useState<{ name: string; key: string } | null>(null);
  const [form] = Form.useForm<TForm>();
  const create = useApiMutation(createApiClientOp);
  const update = useApiMutation(updateApiClientOp);
  const rotate = useApiMutation(rotateApiClientOp);
  const revoke = useApiMutation(revokeApiClientOp);

  const open = (c: TApiClient | 'new') => {
    setEditing(c);
    form.setFieldsValue(
      c === 'new'
        ? { name: '', allShops: false, shopIds: [] }
        : { name: c.name, allShops: c.allShops, shopIds: c.shopIds },
    );
  };
  const save = async (v: TForm) => {
    try {
      if (editing === 'new') {
        const r = await create.mutateAsync({ body: v });
        setShownKey({ name: r.client.name, key: r.key });
        notify.success(say(API_CLIENT_MESSAGES.created));
      } else if (editing) {
        await update.mutateAsync({ params: { id: editing.id }, body: v });
        notify.success(say(API_CLIENT_MESSAGES.saved));
      }
      setEditing(null);
      await refresh();
    } catch (err) {
      notify.error(errorText(err));
    }
  };
  const doRotate = async (c: TApiClient) => {
    try {
      const r = await rotate.mutateAsync({ params: { id: c.id } });
      setShownKey({ name: c.name, key: r.key });
      notify.success(say(API_CLIENT_MESSAGES.rotated));
      await refresh();
    } catch (err) {
      notify.error(errorText(err));
    }
  };
  const doRevoke = async (c: TApiClient) => {
    try {
      await revoke.mutateAsync({ params: { id: c.id } });
      notify.success(say(API_CLIENT_MESSAGES.revoked));
      await refresh();
    } catch (err) {
      notify.error(errorText(err));
    }
  };

  const columns: TableColumnsType<TApiClient> = [
    { key: 'name', title: t('name'), dataIndex: 'name' },
    {
      key: 'key',
      title: t('key'),
      width: 170,
      render: (_, c) => <Typography.Text code>{c.keyPrefix}…</Typography.Text>,
    },
    {
      key: 'scope',
      title: t('scope'),
      render: (_, c) =>
        c.allShops ? <Tag color="gold">{t('allShops')}</Tag> : t('shopCount', { count: c.shopIds.length }),
    },
    {
      key: 'created',
      title: t('created'),
      width: 170,
      responsive: ['lg'],
      render: (_, c) => when(c.createdAt),
    },
    { key: 'used', title: t('lastUsed'), width: 170, render: (_, c) => when(c.lastUsedAt) },
    {
      key: 'state',
      title: t('state'),
      width: 90,
      render: (_, c) => (c.revokedAt ? <Tag>{t('revoked')}</Tag> : <Tag color="green">{t('active')}</Tag>),
    },
    {
      key: 'actions',
      title: t('actions'),
      width: 230,
      render: (_, c) =>
        c.revokedAt ? null : (
          <Space size={4}>
            <Button size="small" onClick={() => open(c)}>
              {t('edit')}
            </Button>
            <Popconfirm
              title={t('rotateConfirm')}
              onConfirm={() => doRotate(c)}
              okText={t('yes')}
              cancelText={t('no')}
            >
              <Button size="small" icon={<KeyOutlined />}>
                {t('rotate')}
              </Button>
            </Popconfirm>
            <Popconfirm
              title={t('revokeConfirm')}
              onConfirm={() => doRevoke(c)}
              okText={t('yes')}
              cancelText={t('no')}
            >
              <Button size="small" danger>
                {t('revoke')}
              </Button>
            </Popconfirm>
          </Space>
        ),
    },
  ];

  // one request per click, however fast the clicks (lib/use-one-at-a-time.ts)
  const [saveOnce, saving] = useOneAtATime(save);
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Paragraph type="secondary" style={{ margin: 0, maxWidth: 760 }}>
          {t('intro')}
        </Typography.Paragraph>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => open('new')}>
          {t('create')}
        </Button>
      </Flex>
      {list.isError ? <Alert type="error" showIcon role="alert" title={errorText(list.error)} /> : null}
      <Table<TApiClient>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.clients ?? []}
        loading={list.isFetching}
        pagination={false}
        locale={{ emptyText: t('empty') }}
        data-testid="api-clients"
      />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('create') : t('edit')}
        width={720}
        onCancel={() => setEditing(null)}
        onOk={() => form.submit()}
        okText={t('save')}
        cancelText={t('cancel')}
        confirmLoading={saving || create.isPending || update.isPending}
        destroyOnHidden
      >
        <Form<TForm> form={form} layout="vertical" onFinish={saveOnce}>
          <Form.Item name="name" label={t('name')} rules={[{ required: true, whitespace: true, max: 50 }]}>
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item name="allShops" valuePropName="checked">
            <Checkbox>{t('allShops')}</Checkbox>
          </Form.Item>
          <Form.Item noStyle dependencies={['allShops']}>
            {({ getFieldValue }) =>
              getFieldValue('allShops') ? null : (
                <Form.Item
                  name="shopIds"
                  label={t('shops')}
                  rules={[
                    {
                      required: true,
                      type: 'array',
                      min: 1,
                      message: say(API_CLIENT_MESSAGES.scopeRequired),
                    },
                  ]}
                >
                  <ShopsField />
                </Form.Item>
              )
            }
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={shownKey !== null}
        title={t('keyTitle', { name: shownKey?.name ?? '' })}
        onCancel={() => setShownKey(null)}
        destroyOnHidden
        footer={
          <Button type="primary" onClick={() => setShownKey(null)}>
            {t('keyDone')}
          </Button>
        }
        width={720}
      >
        <Alert type="warning" showIcon title={t('keyOnce')} style={{ marginBottom: 12 }} />
        <Typography.Paragraph copyable={{ text: shownKey?.key ?? '' }} code data-testid="api-key">
          {shownKey?.key}
        </Typography.Paragraph>
        <Typography.Text type="secondary">{t('keyUse')}</Typography.Text>
      </Modal>
    </Flex>
  );
};

export default ApiClientsPage;
