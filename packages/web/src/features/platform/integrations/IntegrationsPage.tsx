import { INTEGRATION_GROUPS, type TVendor, type TVendorCode, VENDORS } from '@shopdesk/contract';
import { Alert, Card, Col, Flex, Row, Switch, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiClientError } from '../../../lib/api';
import { errorText } from '../../../lib/error-text';
import { notify } from '../../../lib/notify';
import { useIntegrationData, useIntegrationWrites } from './integration-queries';
import { CupCouponDialog, DvrDialog, FieldFormDialog, UrlDialog } from './VendorDialogs';

const id = (raw: string | null) => (raw && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : 0);

/**
 * Integrations and value-added services (spec 002 §2 screen 10): /posmws?shop_id&shop_name. Three tile groups,
 * each tile with its enable switch and a 'not activated' overlay when off; a click opens the vendor's dialog.
 * The §8 load-failure texts show when a read fails.
 */
const IntegrationsPage = () => {
  const { t } = useTranslation('integrations');
  const [search] = useSearchParams();
  const shopId = id(search.get('shop_id'));
  const shopName = search.get('shop_name') ?? '';
  const data = useIntegrationData(shopId);
  const writes = useIntegrationWrites(shopId);
  const [open, setOpen] = useState<TVendor | null>(null);

  if (!shopId) return <Alert type="warning" showIcon message={t('noShop')} />;
  const settings = data.settings.data?.settings ?? [];
  const services = data.services.data?.services ?? [];
  const active = data.active.data?.active ?? [];
  const recordOf = (code: TVendorCode) => settings.find((s) => s.vendorCode === code);
  const serviceOf = (code: TVendorCode) => services.find((s) => s.code === code);
  const isOn = (v: TVendor): boolean => {
    if (v.dialog === 'form') return recordOf(v.code)?.order_integration_enabled ?? false;
    if (v.dialog === 'lite') return active.includes(v.code);
    if (v.dialog === 'dvr') return Boolean(data.dvr.data?.dvr);
    return serviceOf(v.code)?.enabled ?? false;
  };
  // a tile whose state could not be read is neither on nor off: its switch and dialog wait for a reload
  const unknown = (v: TVendor): boolean => {
    if (v.dialog === 'form') return Boolean(data.settings.error);
    if (v.dialog === 'lite') return Boolean(data.active.error || data.catalogue.error);
    if (v.dialog === 'dvr') return Boolean(data.dvr.error);
    return Boolean(data.services.error);
  };
  const act = async (fn: () => Promise<unknown>, ok: string) => {
    try {
      await fn();
      notify.success(ok);
    } catch (err) {
      notify.error(err instanceof ApiClientError ? errorText(err) : String(err));
    }
  };
  const toggle = (v: TVendor, on: boolean) => {
    if (v.dialog === 'lite')
      return act(() => writes.setLite(v.code, on), t(on ? 'activated' : 'deactivated'));
    if (v.dialog === 'url')
      return act(() => writes.setService(v.code, on), t(on ? 'activated' : 'deactivated'));
    if (v.dialog === 'form') {
      const r = recordOf(v.code);
      // spec 002 §5: no record (no vendor shop id) yet → 請先設定資料後再開通
      if (!r?.vendorShopId) return notify.error(t('shopIdRequired'));
      return act(
        () =>
          writes.save(
            {
              vendorCode: v.code as never,
              vendorShopId: r.vendorShopId,
              authData: r.authData,
              useDefaultKey: r.authData === null,
              options: r.options,
              order_integration_enabled: on,
            },
            true,
          ),
        t(on ? 'activated' : 'deactivated'),
      );
    }
    setOpen(v);
  };
  const failures = [
    data.settings.error ? t('posmwLoadFailed') : null,
    data.services.error || data.urls.error ? t('servicesLoadFailed') : null,
    data.active.error || data.catalogue.error ? t('unactiveLoadFailed') : null,
  ].filter(Boolean);

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('title')}：{shopName || shopId}（{shopId}）
      </Typography.Title>
      {failures.map((f) => (
        <Alert key={f} type="error" showIcon message={f} />
      ))}
      {INTEGRATION_GROUPS.map((g) => (
        <Card key={g} title={t(`group_${g}`)} size="small">
          <Row gutter={[12, 12]}>
            {VENDORS.filter((v) => v.group === g).map((v) => {
              const on = isOn(v);
              const lost = unknown(v);
              return (
                <Col key={v.code} xs={12} sm={8} md={6} xl={4}>
                  <Card
                    hoverable
                    size="small"
                    data-testid={`tile-${v.code}`}
                    // a lite vendor has only its activate switch (spec 002 §4)
                    onClick={v.dialog === 'lite' || lost ? undefined : () => setOpen(v)}
                    style={{ position: 'relative', minHeight: 92 }}
                  >
                    <Flex vertical gap={8}>
                      <Typography.Text strong>{v.name}</Typography.Text>
                      <span
                        style={{ alignSelf: 'flex-start' }}
                        onClick={(e) => e.stopPropagation()}
                        onKeyDown={(e) => e.stopPropagation()}
                      >
                        <Switch
                          size="small"
                          checked={on}
                          disabled={lost}
                          aria-label={`${v.name} ${t('enabled')}`}
                          onChange={(next) => toggle(v, next)}
                        />
                      </span>
                    </Flex>
                    {on ? null : (
                      <Tag color="default" style={{ position: 'absolute', bottom: 8, right: 0 }}>
                        {lost ? t('stateUnknown') : t('notActivated')}
                      </Tag>
                    )}
                  </Card>
                </Col>
              );
            })}
          </Row>
        </Card>
      ))}
      {open?.dialog === 'form' ? (
        <FieldFormDialog
          vendor={open}
          record={recordOf(open.code)}
          onSave={(body) => writes.save(body, Boolean(recordOf(open.code)))}
          onClose={() => setOpen(null)}
        />
      ) : null}
      {open?.dialog === 'url' ? (
        <UrlDialog
          vendor={open}
          service={serviceOf(open.code)}
          url={data.urls.data?.urls.find((u) => u.code === open.code)?.url}
          onToggle={(on) => writes.setService(open.code, on)}
          onClose={() => setOpen(null)}
        />
      ) : null}
      {open?.dialog === 'cup' ? (
        <CupCouponDialog
          vendor={open}
          service={serviceOf(open.code)}
          onSave={(on, liffId) => writes.setService(open.code, on, liffId)}
          onClose={() => setOpen(null)}
        />
      ) : null}
      {open?.dialog === 'dvr' ? (
        <DvrDialog dvr={data.dvr.data?.dvr} onSave={(v) => writes.saveDvr(v)} onClose={() => setOpen(null)} />
      ) : null}
    </Flex>
  );
};

export default IntegrationsPage;
