import { ArrowLeftOutlined, PlusOutlined, PoweroffOutlined } from '@ant-design/icons';
import type { TContract, TCreateContractRequest } from '@shopdesk/contract';
import {
  Button,
  Card,
  Flex,
  Grid,
  Popconfirm,
  Popover,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiClientError } from '../../../lib/api';
import { errorText } from '../../../lib/error-text';
import { notify } from '../../../lib/notify';
import { ForbiddenPage, NotFoundPage } from '../../../shell/StatusPages';
import { ContractDialog } from './ContractDialog';
import { useContracts, useContractWrites, useRegistrationOrders } from './contract-queries';

type Props = {
  /** The shop; null when the page's path holds no valid id (404). */
  accountId: number | null;
  businessId: number;
  /** Inside the settings page's Contract tab: no back button and no title (the page names the shop). */
  embedded?: boolean;
  /** A shop manager with the `contract` acl reads the contracts (spec 002 §3): no switch, no new contract. */
  readOnly?: boolean;
};

/**
 * A shop's contracts (spec 002 §2 screen 6): columns index, plan, start, end, system end, contract order
 * number (its registration order on click), contract status, system status; the system ON/OFF button (the
 * page reloads, §4), the new-contract dialog and, on the page, a back button. Shown by ContractsPage and by
 * the settings page's Contract tab.
 */
export const ContractsView = ({ accountId, businessId, embedded = false, readOnly = false }: Props) => {
  const { t } = useTranslation('contracts');
  const navigate = useNavigate();
  const list = useContracts(accountId ?? 0, businessId);
  const orders = useRegistrationOrders(businessId, !readOnly);
  const writes = useContractWrites(accountId ?? 0);
  const [creating, setCreating] = useState(false);
  const narrow = !(Grid.useBreakpoint().md ?? true);

  const orderLink = (c: TContract) => {
    const o = orderOf(c);
    if (!c.orderId) return '—';
    return (
      <Popover
        title={c.orderId}
        content={o ? t('orderCreated', { at: dayjs(o.createdTs).format('YYYY-MM-DD HH:mm') }) : null}
      >
        <Typography.Link>{c.orderId}</Typography.Link>
      </Popover>
    );
  };
  const systemTag = (c: TContract) => (
    <Tag color={c.sysClosed ? 'red' : 'green'}>{c.sysClosed ? t('systemOff') : t('systemOn')}</Tag>
  );
  const statusText = (c: TContract) => (c.status === 'normal' ? t('statusNormal') : t('statusTerminated'));
  const wideColumns: TableColumnsType<TContract> = [
    { title: t('colIndex'), key: 'index', width: 56, render: (_, __, i) => i + 1 },
    { title: t('colPlan'), dataIndex: 'planName', key: 'plan' },
    { title: t('colStart'), dataIndex: 'startTime', key: 'start' },
    { title: t('colEnd'), dataIndex: 'endTime', key: 'end' },
    { title: t('colSysEnd'), dataIndex: 'sysEndTime', key: 'sysEnd' },
    { title: t('colOrder'), key: 'order', render: (_, c) => orderLink(c) },
    { title: t('colStatus'), key: 'status', render: (_, c) => statusText(c) },
    { title: t('colSystem'), key: 'system', render: (_, c) => systemTag(c) },
  ];
  // a phone (below 768 px): plan with its status, then the period with the system end, nothing off screen
  const narrowColumns: TableColumnsType<TContract> = [
    {
      title: t('colPlan'),
      key: 'plan',
      render: (_, c) => (
        <Flex vertical gap={4} align="flex-start">
          <Typography.Text strong>{c.planName}</Typography.Text>
          <span>{statusText(c)}</span>
          {systemTag(c)}
        </Flex>
      ),
    },
    {
      title: `${t('colStart')} ~ ${t('colEnd')}`,
      key: 'period',
      render: (_, c) => (
        <Flex vertical gap={2}>
          <span>
            {c.startTime} ~ {c.endTime}
          </span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('colSysEnd')} {c.sysEndTime}
          </Typography.Text>
          {c.orderId ? <span>{orderLink(c)}</span> : null}
        </Flex>
      ),
    },
  ];

  const status = list.error instanceof ApiClientError ? list.error.status : null;
  if (accountId === null || status === 404) return <NotFoundPage />;
  if (status === 403) return <ForbiddenPage />;
  const closed = list.data?.sysClosed ?? false;

  const create = async (body: TCreateContractRequest) => {
    try {
      const res = await writes.create(body);
      // spec 002 §8: 新增合約失敗 when no insert id comes back
      if (!res.insertId) throw new Error('no insertId');
      notify.success(t('created'));
      return true;
    } catch (err) {
      notify.error(
        err instanceof ApiClientError ? `${t('createFailed')}：${errorText(err)}` : t('createFailed'),
      );
      return false;
    }
  };
  const switchSystem = async () => {
    try {
      await writes.setSystem(closed);
      // spec 002 §4: the page reloads
      window.location.reload();
    } catch (err) {
      notify.apiError(err);
    }
  };
  const orderOf = (c: TContract) => orders.data?.orders.find((o) => o.id === c.registrationOrderId);

  return (
    <Flex vertical gap={16} data-testid="contracts-view">
      {!embedded && (
        <Flex gap={8} align="center" wrap>
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(-1)}>
            {t('back')}
          </Button>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('title')}：{list.data?.shopName || '—'}（{accountId}）
          </Typography.Title>
        </Flex>
      )}
      <Card
        title={
          <Flex gap={8} align="center">
            {t('systemLabel')}
            <Tag color={closed ? 'red' : 'green'} data-testid="contract-system-status">
              {closed ? t('systemOff') : t('systemOn')}
            </Tag>
          </Flex>
        }
        extra={
          !readOnly && (
            <Flex gap={8}>
              <Popconfirm
                title={closed ? t('turnOnConfirm') : t('turnOffConfirm')}
                okText={t('yes')}
                cancelText={t('no')}
                onConfirm={switchSystem}
              >
                <Button
                  danger={!closed}
                  icon={<PoweroffOutlined />}
                  loading={writes.switching}
                  disabled={!list.data}
                  data-testid="contract-system-button"
                >
                  {closed ? t('turnOn') : t('turnOff')}
                </Button>
              </Popconfirm>
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setCreating(true)}
                data-testid="contract-create"
              >
                {t('create')}
              </Button>
            </Flex>
          )
        }
      >
        <Table<TContract>
          rowKey="id"
          loading={list.isLoading}
          dataSource={list.data?.contracts ?? []}
          pagination={false}
          scroll={narrow ? undefined : { x: 'max-content' }}
          locale={{ emptyText: list.isError ? errorText(list.error) : t('empty') }}
          columns={narrow ? narrowColumns : wideColumns}
        />
      </Card>
      <ContractDialog
        open={creating}
        businessId={businessId}
        shopId={null}
        saving={writes.saving}
        onSubmit={create}
        onClose={() => setCreating(false)}
      />
    </Flex>
  );
};
