import { previewChargeOp } from '@shopdesk/contract';
import { Alert, Button, Card, Descriptions, Flex, Input, Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useApiQuery } from '../../../lib/api-query';
import { useErrorText } from '../../../lib/error-text';
import { monthsFrom, ntd, pct, tiersText } from './formula-text';

/** The last 12 months, newest first (YYYY-MM). */
const recentMonths = (today: string) =>
  monthsFrom(`${Number(today.slice(0, 4)) - 1}-${today.slice(5, 7)}-01`, 13)
    .slice(1)
    .reverse()
    .map((d) => d.slice(0, 7));

/** A real shop's charge for a month (shop and month in the URL): plan, version in effect, usage, amounts. */
export const PreviewCard = (props: { today: string }) => {
  const { t } = useTranslation('formulas');
  const errorText = useErrorText();
  const [params, setParams] = useSearchParams();
  const shop = params.get('shop') ?? '';
  const month = params.get('month') ?? props.today.slice(0, 7);
  const [draft, setDraft] = useState(shop);
  useEffect(() => setDraft(shop), [shop]);
  const accountId = Number(shop);
  const valid = Number.isInteger(accountId) && accountId > 0;
  const q = useApiQuery(previewChargeOp, { query: { accountId, month } }, { enabled: valid, retry: false });
  const p = q.data;
  const set = (next: Record<string, string>) => {
    const merged = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) merged.set(k, v);
    setParams(merged);
  };
  return (
    <Card size="small" title={t('previewTitle')} data-testid="formula-preview">
      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
        <Input
          style={{ width: 160 }}
          placeholder={t('shopId')}
          value={draft}
          maxLength={10}
          onChange={(e) => setDraft(e.target.value.trim())}
          onPressEnter={() => set({ shop: draft })}
          data-testid="preview-shop"
        />
        <Select
          style={{ width: 120 }}
          value={month}
          options={recentMonths(props.today).map((m) => ({ value: m, label: m }))}
          onChange={(m) => set({ month: m })}
          data-testid="preview-month"
        />
        <Button type="primary" onClick={() => set({ shop: draft })}>
          {t('preview')}
        </Button>
      </Flex>
      {!valid ? <Typography.Text type="secondary">{t('previewHint')}</Typography.Text> : null}
      {valid && q.isError ? <Alert type="warning" showIcon role="alert" title={errorText(q.error)} /> : null}
      {valid && p ? (
        <Descriptions size="small" column={1} bordered>
          <Descriptions.Item label={t('shop')}>{`${p.shopName}（${p.accountId}）`}</Descriptions.Item>
          <Descriptions.Item
            label={t('plan')}
          >{`${p.plan.plan} · ${t('versionN', { n: p.version.version })}（${p.version.effectiveFrom} ${t('since')}）`}</Descriptions.Item>
          <Descriptions.Item label={t('usage')}>
            {t('usageText', {
              orders: p.usage.orders.toLocaleString(),
              sales: ntd(p.usage.sales),
              einvoices: p.usage.einvoices.toLocaleString(),
              deliveries: p.usage.deliveries.toLocaleString(),
            })}
          </Descriptions.Item>
          <Descriptions.Item label={t('fixedMonthly')}>{ntd(p.charge.fixed)}</Descriptions.Item>
          <Descriptions.Item label={t('perOrder')}>
            {`${ntd(p.charge.perOrder)}（${tiersText(p.version.formula.perOrder.tiers, String, ntd)}）`}
          </Descriptions.Item>
          <Descriptions.Item label={t('percentOfSales')}>
            {`${ntd(p.charge.percent)}（${tiersText(p.version.formula.percentOfSales.tiers, ntd, pct)}）`}
          </Descriptions.Item>
          <Descriptions.Item label={t('perEinvoice')}>
            <span data-testid="preview-einvoice">
              {`${ntd(p.charge.einvoice)}（${t('eachAt', { count: p.usage.einvoices, price: ntd(p.version.formula.perEinvoice) })}）`}
            </span>
          </Descriptions.Item>
          <Descriptions.Item label={t('perDelivery')}>
            <span data-testid="preview-delivery">
              {`${ntd(p.charge.delivery)}（${t('eachAt', { count: p.usage.deliveries, price: ntd(p.version.formula.perDelivery) })}）`}
            </span>
          </Descriptions.Item>
          <Descriptions.Item label={t('total')}>
            <Typography.Text strong data-testid="preview-total">
              {ntd(p.charge.total)}
            </Typography.Text>
          </Descriptions.Item>
        </Descriptions>
      ) : null}
    </Card>
  );
};
