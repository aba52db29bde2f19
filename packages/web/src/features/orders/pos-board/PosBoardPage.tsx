import {
  BOARD_LANES,
  getPosBoardOp,
  laneOf,
  ORDER_ACTION_LABELS,
  ORDER_ACTIONS,
  reasonPresetsFor,
  sortLane,
  soundOf,
  type TBoardLane,
  type TBoardOrder,
  type TOrderAction,
  waitingCount,
} from '@shopdesk/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Result, Spin } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { ReasonDialog } from '../../../components/ReasonDialog';
import { ApiClientError, callApi } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import type { TPageProps } from '../../../shell/lazy-page';
import { BoardToolbar, SoundButton } from './BoardToolbar';
import { playCanceled, soundUnlocked, unlockSound } from './board-sound';
import { say } from './board-text';
import { OrderCard } from './OrderCard';
import { PRODUCTS_KEY, SoldOutPanel } from './SoldOutPanel';
import { useAttention } from './use-attention';
import { useBoard } from './use-board';
import { useBoardFeed } from './use-board-feed';

const LANE_TITLE = { new: 'laneNew', accepted: 'laneAccepted', done: 'laneDone' } as const;
const LANE_ACCENT = { new: '#ff4d4f', accepted: '#1677ff', done: '#8c8c8c' } as const;

/**
 * /qcpos/pos: the shop's live order board for a lunch rush on a tablet. Three lanes, cards with
 * everything the counter needs, live through Server-Sent Events; a waiting order rings and blinks the tab
 * title until it is accepted or rejected; one banner for a burst; its own tone for a cancellation.
 */
const PosBoardPage = (_props: TPageProps) => {
  const { t, i18n } = useTranslation('posBoard');
  const qc = useQueryClient();
  const board = useBoard();
  const [unlocked, setUnlocked] = useState(soundUnlocked());
  const [asking, setAsking] = useState<{ order: TBoardOrder; action: TOrderAction } | null>(null);
  const [soldOutOpen, setSoldOutOpen] = useState(false);
  const data = board.query.data;

  const feed = useBoardFeed(data?.lastEventId, {
    onEvent: async (e) => {
      if (e.kind === 'shop' && 'productId' in e.data) void qc.invalidateQueries({ queryKey: PRODUCTS_KEY });
      const order = await board.apply(e);
      if (soundOf(e) === 'canceled' && order) {
        playCanceled();
        notify.card('warning', t('canceledAlert', { serial: order.serial }), order.statusReason ?? undefined);
      }
      // an auto-print that failed (a failed reprint already says so where it was pressed)
      if (e.kind === 'print_failed' && e.data.print === 'order' && order)
        notify.error(t('printFailedAlert', { serial: order.serial }));
    },
    onResync: () => void board.reload(),
    // the browser gave up on the stream: still signed in? (a 401 sends the device to the sign-in)
    onGiveUp: async () => {
      try {
        await callApi(getPosBoardOp, {});
        return true;
      } catch (err) {
        if (err instanceof ApiClientError && err.status === 401) void board.reload();
        return !(err instanceof ApiClientError && err.status === 401);
      }
    },
  });

  const lanes = useMemo(() => {
    const by: Record<TBoardLane, TBoardOrder[]> = { new: [], accepted: [], done: [] };
    for (const o of data?.orders ?? []) by[laneOf(o.status)].push(o);
    return BOARD_LANES.map((lane) => ({ lane, orders: sortLane(lane, by[lane]) }));
  }, [data?.orders]);
  const waiting = waitingCount(data?.orders ?? []);
  useAttention(waiting, t('titleBlink', { count: waiting }));

  const onAction = (order: TBoardOrder, action: TOrderAction) =>
    ORDER_ACTIONS[action].needsReason ? setAsking({ order, action }) : void board.act(order, action);

  if (board.query.error instanceof ApiClientError && board.query.error.status === 401)
    return <Navigate to="/qcpos/login" replace />;
  if (board.query.isError)
    return (
      <Result
        status="warning"
        title={t('loadFailed')}
        extra={<Button onClick={() => void board.reload()}>{t('retry')}</Button>}
      />
    );
  if (!data) return <Spin size="large" style={{ margin: 'auto' }} />;

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12, flex: 1 }}>
      <BoardToolbar
        shop={data.shop}
        feed={feed}
        onShop={board.putShop}
        onSoldOut={() => setSoldOutOpen(true)}
      />
      <SoundButton unlocked={unlocked} onUnlock={() => void unlockSound().then((ok) => setUnlocked(ok))} />
      {feed === 'lost' ? (
        <Alert
          data-testid="conn-lost"
          type="error"
          showIcon
          banner
          message={t('connLost')}
          style={{ fontSize: 16 }}
        />
      ) : null}
      {feed === 'back' ? (
        <Alert
          data-testid="conn-back"
          type="success"
          showIcon
          banner
          message={t('connBack')}
          style={{ fontSize: 16 }}
        />
      ) : null}
      {waiting > 0 ? (
        <Alert
          data-testid="new-banner"
          type="warning"
          showIcon
          role="status"
          message={<strong style={{ fontSize: 18 }}>{t('newBanner', { count: waiting })}</strong>}
        />
      ) : null}
      <div
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fit, minmax(300px, 1fr))',
          gap: 12,
          alignItems: 'start',
        }}
      >
        {lanes.map(({ lane, orders }) => (
          <section key={lane} data-testid={`lane-${lane}`} aria-label={t(LANE_TITLE[lane])}>
            <h2
              style={{
                margin: '0 0 8px',
                fontSize: 18,
                display: 'flex',
                alignItems: 'center',
                gap: 8,
                borderBottom: `3px solid ${LANE_ACCENT[lane]}`,
                paddingBottom: 6,
              }}
            >
              {t(LANE_TITLE[lane])}
              <span
                style={{
                  background: LANE_ACCENT[lane],
                  color: '#fff',
                  borderRadius: 12,
                  padding: '0 10px',
                  fontSize: 15,
                }}
              >
                {orders.length}
              </span>
            </h2>
            <div style={{ display: 'flex', flexDirection: 'column', gap: 10 }}>
              {orders.length === 0 ? (
                <div style={{ color: '#8c8c8c', padding: '24px 0', textAlign: 'center' }}>
                  {t('laneEmpty')}
                </div>
              ) : (
                orders.map((o) => (
                  <OrderCard
                    key={o.id}
                    order={o}
                    busy={board.busy.has(o.id)}
                    onAction={onAction}
                    onReprint={(x) => void board.reprint(x, t('reprintSent'))}
                  />
                ))
              )}
            </div>
          </section>
        ))}
      </div>
      <ReasonDialog
        large
        open={asking !== null}
        title={
          asking
            ? t('reasonTitle', {
                action: say(ORDER_ACTION_LABELS[asking.action], i18n.language),
                serial: asking.order.serial,
              })
            : ''
        }
        presets={reasonPresetsFor(asking?.order.mealType ?? '')}
        onOk={(reason) => {
          if (asking) void board.act(asking.order, asking.action, reason);
        }}
        onCancel={() => setAsking(null)}
      />
      <SoldOutPanel open={soldOutOpen} onClose={() => setSoldOutOpen(false)} />
    </div>
  );
};
export default PosBoardPage;
