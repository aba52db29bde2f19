import { Alert, Card, Flex, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ShopSelect } from '../../../components/ShopSelect';
import { useErrorText } from '../../../lib/error-text';
import { notify } from '../../../lib/notify';
import { StationPrintersCard } from './StationPrintersCard';
import { StationsCard } from './StationsCard';
import { useStationSettings, useStationWrites } from './station-queries';

/**
 * /gaa/printer/stations and /other/printer/stations (spec 002 §2.11): search a shop by account, its
 * branch-station printing switch, its printers card and its stations table. The shop is in the URL
 * (shop_id, shop_name), so a reload or a shared link shows the same shop.
 */
const PrinterStationsPage = () => {
  const { t } = useTranslation('printerStations');
  const [search, setSearch] = useSearchParams();
  const accountId = Number(search.get('shop_id')) || undefined;
  // a link with shop_id only: the select names the shop once its settings are read
  const named = useStationSettings(accountId ?? 0, accountId !== undefined);
  return (
    <Flex vertical gap={16}>
      <Card title={t('title')}>
        <ShopSelect
          type="gaa"
          width={360}
          value={accountId}
          valueLabel={search.get('shop_name') ?? named.data?.shopName}
          placeholder={t('chooseShop')}
          onChange={(id, shop) =>
            setSearch(id ? { shop_id: String(id), ...(shop ? { shop_name: shop.name } : {}) } : {})
          }
        />
      </Card>
      {accountId && <ShopStations key={accountId} accountId={accountId} />}
    </Flex>
  );
};

const ShopStations = ({ accountId }: { accountId: number }) => {
  const { t } = useTranslation('printerStations');
  const errorText = useErrorText();
  const settings = useStationSettings(accountId);
  const writes = useStationWrites(accountId);
  if (settings.isError) return <Alert type="error" showIcon role="alert" title={errorText(settings.error)} />;
  return (
    <>
      <Card>
        <Flex gap={12} align="center">
          <Typography.Text strong>{t('switchLabel')}</Typography.Text>
          <Switch
            aria-label={t('switchLabel')}
            data-testid="station-switch"
            checked={settings.data?.isStation ?? false}
            loading={settings.isLoading}
            checkedChildren={t('switchOn')}
            unCheckedChildren={t('switchOff')}
            onChange={async (on) => {
              try {
                await writes.setSwitch(on);
                notify.success(t('switched'));
              } catch (err) {
                notify.apiError(err);
              }
            }}
          />
          {settings.data && <Typography.Text type="secondary">{settings.data.shopName}</Typography.Text>}
        </Flex>
        <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
          {t('switchHelp')}
        </Typography.Paragraph>
      </Card>
      <StationPrintersCard accountId={accountId} writes={writes} />
      <StationsCard accountId={accountId} writes={writes} />
    </>
  );
};

export default PrinterStationsPage;
