import { Alert, Card, Flex, Table, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/error-text';
import { useShopZones } from './logistics-queries';
import { ZONE_COLORS } from './map-tiles';
import { ZoneMap } from './ZoneMap';

/** Every shop's delivery zones on one map for gaa (spec 000 §2 /logistic-polygons): one colour a shop, so overlaps show. */
const LogisticPolygonsPage = () => {
  const { t } = useTranslation('logistics');
  const zones = useShopZones();
  const shops = zones.data?.shops ?? [];
  const mapZones = useMemo(
    () =>
      shops.flatMap((s, i) =>
        s.zones.map((z) => ({
          name: `${s.name}：${z.name}`,
          polygons: z.polygons,
          color: ZONE_COLORS[i % ZONE_COLORS.length],
        })),
      ),
    [shops],
  );
  if (zones.isError) return <Alert type="error" showIcon message={errorText(zones.error)} />;
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('allZones')}
      </Typography.Title>
      <Typography.Text type="secondary">
        {t('zonesCount', { shops: shops.length, zones: mapZones.length })}
      </Typography.Text>
      <Card size="small" loading={zones.isLoading}>
        <ZoneMap zones={mapZones} height={520} testId="all-zones-map" />
      </Card>
      <Table
        size="small"
        rowKey="accountId"
        dataSource={shops}
        pagination={{ pageSize: 20 }}
        columns={[
          { title: 'ID', dataIndex: 'accountId' },
          {
            title: t('shop'),
            render: (_, s, i) => <Tag color={ZONE_COLORS[i % ZONE_COLORS.length]}>{s.name}</Tag>,
          },
          { title: t('zones'), render: (_, s) => s.zones.map((z) => z.name).join('、') },
        ]}
      />
    </Flex>
  );
};

export default LogisticPolygonsPage;
