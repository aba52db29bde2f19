import {
  ExperimentOutlined,
  LinkOutlined,
  LogoutOutlined,
  SoundOutlined,
  StopOutlined,
} from '@ant-design/icons';
import {
  createPickupLinkOp,
  createTestOrderLinkOp,
  PICKUP_LINK_HOURS,
  posSignoutOp,
  setPosManualAcceptOp,
  setPosOnlineOp,
  type TBoardShop,
} from '@shopdesk/contract';
import { Badge, Button, Input, Modal, Space, Switch, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { callApi } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import type { TFeedState } from './use-board-feed';

/** The board's top bar: shop, live state, the two switches, sold-out panel, display link, sign-out. */
export const BoardToolbar = ({
  shop,
  feed,
  onShop,
  onSoldOut,
}: {
  shop: TBoardShop;
  feed: TFeedState;
  onShop: (shop: TBoardShop) => void;
  onSoldOut: () => void;
}) => {
  const { t } = useTranslation('posBoard');
  const navigate = useNavigate();
  const [link, setLink] = useState<string | null>(null);
  const [saving, setSaving] = useState<'online' | 'manual' | null>(null);

  const flip = async (which: 'online' | 'manual', on: boolean) => {
    setSaving(which);
    try {
      const params = { onOff: on ? ('on' as const) : ('off' as const) };
      const res = await callApi(which === 'online' ? setPosOnlineOp : setPosManualAcceptOp, { params });
      onShop(res.shop);
    } catch (err) {
      notify.apiError(err);
    } finally {
      setSaving(null);
    }
  };
  const makeLink = async () => {
    try {
      const res = await callApi(createPickupLinkOp, {});
      setLink(`${window.location.origin}${res.path}`);
    } catch (err) {
      notify.apiError(err);
    }
  };
  // docs/decisions/orders.md "Go-live status and test orders": the customer app opened as staff, orders marked 測試
  const openTestOrdering = async () => {
    try {
      const res = await callApi(createTestOrderLinkOp, {});
      window.open(`${window.location.origin}${res.path}`, '_blank', 'noopener');
    } catch (err) {
      notify.apiError(err);
    }
  };
  const signOut = async () => {
    await callApi(posSignoutOp, {}).catch(() => {});
    navigate('/qcpos/login', { replace: true });
  };

  const live = feed === 'live' || feed === 'back';
  return (
    <div
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 16,
        flexWrap: 'wrap',
        padding: '10px 14px',
        background: '#fff',
        borderRadius: 10,
        boxShadow: '0 1px 3px rgba(15, 23, 42, 0.08)',
      }}
    >
      <Typography.Title level={4} style={{ margin: 0 }}>
        {shop.shopName}
      </Typography.Title>
      <Badge
        data-testid="feed-state"
        data-state={feed}
        status={live ? 'success' : feed === 'connecting' ? 'processing' : 'error'}
        text={live ? t('live') : t('offline')}
      />
      <Space size="large" wrap style={{ marginLeft: 'auto' }}>
        <span style={{ display: 'flex', gap: 8, alignItems: 'center', fontSize: 15 }}>
          {t('online')}
          <Switch
            data-testid="switch-online"
            aria-label={t('online')}
            checked={shop.isEnabled}
            loading={saving === 'online'}
            onChange={(v) => void flip('online', v)}
          />
        </span>
        <Tooltip title={t('manualHint')}>
          <span style={{ display: 'flex', gap: 8, alignItems: 'center', fontSize: 15 }}>
            {t('manual')}
            <Switch
              data-testid="switch-manual"
              aria-label={t('manual')}
              checked={shop.isManual}
              loading={saving === 'manual'}
              onChange={(v) => void flip('manual', v)}
            />
          </span>
        </Tooltip>
        <Button size="large" icon={<StopOutlined />} onClick={onSoldOut}>
          {t('soldOut')}
        </Button>
        <Button size="large" icon={<LinkOutlined />} onClick={() => void makeLink()}>
          {t('displayLink')}
        </Button>
        <Tooltip title={t('testOrderHint')}>
          <Button size="large" icon={<ExperimentOutlined />} onClick={() => void openTestOrdering()}>
            {t('testOrder')}
          </Button>
        </Tooltip>
        <Button size="large" icon={<LogoutOutlined />} onClick={() => void signOut()}>
          {t('signOut')}
        </Button>
      </Space>
      <Modal open={link !== null} title={t('displayLinkTitle')} onCancel={() => setLink(null)} footer={null}>
        <p>{t('displayLinkHint', { hours: PICKUP_LINK_HOURS })}</p>
        <Space.Compact style={{ width: '100%' }}>
          <Input readOnly value={link ?? ''} data-testid="display-link" />
          <Button
            onClick={() =>
              void navigator.clipboard
                ?.writeText(link ?? '')
                .then(() => notify.success(t('copied')))
                .catch(() => {})
            }
          >
            {t('copy')}
          </Button>
          <Button type="primary" href={link ?? undefined} target="_blank">
            {t('open')}
          </Button>
        </Space.Compact>
      </Modal>
    </div>
  );
};

/** Until the browser lets the page play sound, a big button asks for the tap that unlocks it. */
export const SoundButton = ({ unlocked, onUnlock }: { unlocked: boolean; onUnlock: () => void }) => {
  const { t } = useTranslation('posBoard');
  return unlocked ? null : (
    <Button
      data-testid="enable-sound"
      type="primary"
      size="large"
      icon={<SoundOutlined />}
      onClick={onUnlock}
      style={{ minHeight: 52, fontSize: 18, background: '#d46b08' }}
      block
    >
      {t('enableSound')}
    </Button>
  );
};
