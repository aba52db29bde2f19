import { Alert, Card, Flex, Select, Table, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useErrorText } from '../../../lib/error-text';
import type { TPageProps } from '../../../shell/lazy-page';
import { useShopZones } from '../../delivery/logistics/logistics-queries';
import { ZONE_COLORS } from '../../delivery/logistics/map-tiles';
import { ZoneMap } from '../../delivery/logistics/ZoneMap';
import { GalleryHeader } from './GalleryHeader';

/** /maps (gaa): the delivery map component with a real shop's zones (the shop in the URL). */
const MapsPage = (_props: TPageProps) => {
  const { t } = useTranslation('gallery');
  const errorText = useErrorText();
  const zones = useShopZones();
  const [params, setParams] = useSearchParams();
  const shops = useMemo(() => (zones.data?.shops ?? []).filter((s) => s.zones.length > 0), [zones.data]);
  const chosen = shops.find((s) => String(s.accountId) === params.get('shop')) ?? shops[0];
  const mapZones = useMemo(
    () =>
      (chosen?.zones ?? []).map((z, i) => ({
        name: z.name,
        polygons: z.polygons,
        color: ZONE_COLORS[i % ZONE_COLORS.length],
      })),
    [chosen],
  );
  return (
    <Flex vertical gap={16}>
      <GalleryHeader
        usage={t('mapUsage')}
        source="features/delivery/logistics/ZoneMap.tsx · GET /gaa/logistic-polygons"
      />
      {zones.isError ? <Alert type="error" showIcon role="alert" title={errorText(zones.error)} /> : null}
      <Flex gap={8} align="center" wrap>
        <Typography.Text>{t('shop')}</Typography.Text>
        <Select
          data-testid="maps-shop"
          style={{ minWidth: 260 }}
          loading={zones.isLoading}
          value={chosen?.accountId}
          onChange={(id) => setParams({ shop: String(id) })}
          options={shops.map((s) => ({ value: s.accountId, label: `${s.name}（${s.accountId}）` }))}
          placeholder={t('noZones')}
        />
      </Flex>
      <Card size="small" loading={zones.isLoading}>
        <ZoneMap
          zones={mapZones}
          center={chosen?.lat != null && chosen.lng != null ? { lat: chosen.lat, lng: chosen.lng } : null}
          height={460}
          testId="gallery-map"
        />
      </Card>
      <Table
        data-testid="maps-zones"
        size="small"
        rowKey="name"
        pagination={false}
        dataSource={chosen?.zones ?? []}
        locale={{ emptyText: t('noZones') }}
        columns={[
          { key: 'name', title: t('zone'), dataIndex: 'name' },
          {
            key: 'points',
            title: t('points'),
            render: (_, z) => z.polygons.reduce((n, p) => n + p.length, 0),
          },
        ]}
      />
    </Flex>
  );
};

export default MapsPage;
