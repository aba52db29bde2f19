import { QR_IMAGE, type TQrType } from '@shopdesk/contract';
import { Alert, Button, Card, Space, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useErrorText } from '../../../lib/error-text';
import { notify } from '../../../lib/notify';
import type { TPageProps } from '../../../shell/lazy-page';
import { NotFoundPage } from '../../../shell/StatusPages';
import { BackToList } from '../shop-profile/BackToList';
import { ShopLoadState } from '../shop-profile/ShopLoadState';
import { useShop } from '../shop-profile/shop-profile-queries';
import { useShopPage } from '../shop-profile/use-shop-page';
import { QrCreateForm, type TQrSettings } from './QrCreateForm';
import { QrImportCard } from './QrImportCard';
import { QrTable } from './QrTable';
import { type TQrPortal, useCreateQrcodes, useTableQrcodes } from './table-qr-queries';
import { useQrActions } from './use-qr-actions';

/** The open list (eat-in / to-go) lives in the URL (?mode=toGo): a reload shows the same list. */
const useMode = (retail: boolean) => {
  const [search, setSearch] = useSearchParams();
  const mode: TQrType = !retail && search.get('mode') === 'toGo' ? 'toGo' : 'eatIn';
  const setMode = (m: TQrType) =>
    setSearch(
      (s) => {
        if (m === 'eatIn') s.delete('mode');
        else s.set('mode', m);
        return s;
      },
      { replace: true },
    );
  return [mode, setMode] as const;
};

const TableQrScreen = ({ type, id, retail }: { type: TQrPortal; id: number; retail: boolean }) => {
  const { t } = useTranslation(['tableQr', 'common']);
  const errorText = useErrorText();
  const [mode, setMode] = useMode(retail);
  const [settings, setSettings] = useState<TQrSettings>({ size: QR_IMAGE.defaultSize, webVersion: 2 });
  const list = useTableQrcodes(type, id);
  const shop = useShop(type, id);
  const creator = useCreateQrcodes(type, id);
  const actions = useQrActions(type, id, { retail, size: settings.size });

  if (!list.data && (list.isPending || list.error?.status === 403 || list.error?.status === 404))
    return <ShopLoadState error={list.error} retry={() => void list.refetch()} />;
  const rows = list.data?.results ?? [];
  const of = (m: TQrType) => rows.filter((r) => r.qrType === m);

  const onCreate = async (item: { tableNumber: string; qrType: TQrType; webVersion: 1 | 2 }) => {
    try {
      // spec 000 §2 / §7: the retail page POSTs just the table number
      await creator.create(retail ? [{ tableNumber: item.tableNumber }] : [item]);
      notify.success(t('generated'));
      if (!retail) setMode(item.qrType);
      return true;
    } catch (err) {
      notify.apiError(err);
      return false;
    }
  };
  const table = (m: TQrType) => (
    <QrTable rows={of(m)} loading={list.isFetching && !list.data} actions={actions} showVersion={!retail} />
  );

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space wrap>
        {/* spec 000 §2, §6: only eaa sees the back button */}
        {type === 'eaa' && <BackToList type={type} historyBack={false} />}
        {shop.data && (
          <Typography.Text strong>
            {shop.data.businessData.businessName}（#{id}）
          </Typography.Text>
        )}
      </Space>
      <Card title={t('createTitle')} size="small">
        <QrCreateForm
          retail={retail}
          existing={rows}
          settings={settings}
          onSettings={setSettings}
          onCreate={onCreate}
          pending={creator.isPending}
        />
      </Card>
      {/* The retail page lists only dine-in links; the import's 用餐方式 column has no place there (docs/decisions/shops.md). */}
      {!retail && (
        <Card title={t('importTitle')} size="small">
          <QrImportCard type={type} shopId={id} existing={rows} webVersion={settings.webVersion} />
        </Card>
      )}
      {list.isError && (
        <Alert
          type="error"
          showIcon
          title={errorText(list.error)}
          action={<Button onClick={() => void list.refetch()}>{t('common:reload')}</Button>}
        />
      )}
      <Card size="small" title={retail ? t('retailList') : undefined}>
        {retail ? (
          table('eatIn')
        ) : (
          <Tabs
            activeKey={mode}
            onChange={(k) => setMode(k as TQrType)}
            items={[
              { key: 'eatIn', label: `${t('listEatIn')} (${of('eatIn').length})`, children: table('eatIn') },
              { key: 'toGo', label: `${t('listToGo')} (${of('toGo').length})`, children: table('toGo') },
            ]}
          />
        )}
      </Card>
    </Space>
  );
};

/**
 * Table QR code screen (spec 000 §2): /{type}/business/{id}/qr for gaa, si and eaa, and the retail
 * /{type}/common/{id}/qr, which lists only dine-in links and creates codes from the table number alone.
 */
const TableQrPage = ({ route }: TPageProps) => {
  const { type, id, retail } = useShopPage(route);
  return id === null ? <NotFoundPage /> : <TableQrScreen type={type} id={id} retail={retail} />;
};

export default TableQrPage;
