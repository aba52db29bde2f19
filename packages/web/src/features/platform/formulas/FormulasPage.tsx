import { listFormulasOp, type TFormulaVersion, type TPlanFormulas } from '@shopdesk/contract';
import { Alert, Button, Card, Flex, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../../lib/api-query';
import { useErrorText } from '../../../lib/error-text';
import type { TPageProps } from '../../../shell/lazy-page';
import { ntd, pct, tiersText } from './formula-text';
import { PreviewCard } from './PreviewCard';
import { VersionModal } from './VersionModal';

const STATE_COLORS = { current: 'green', scheduled: 'blue', past: 'default' } as const;

/**
 * /report/formulas (gaa): each contract plan's rate formula, versioned. A new version takes effect
 * on the 1st of a coming month; older versions stay, read-only, so a past month is always billed as it was.
 */
const FormulasPage = (_props: TPageProps) => {
  const { t } = useTranslation('formulas');
  const errorText = useErrorText();
  const list = useApiQuery(listFormulasOp, {}, { queryKey: ['formulas'] });
  const [adding, setAdding] = useState<TPlanFormulas | null>(null);
  const columns: TableColumnsType<TFormulaVersion> = [
    { key: 'version', title: t('version'), width: 90, render: (_, v) => t('versionN', { n: v.version }) },
    { key: 'from', title: t('effectiveFrom'), dataIndex: 'effectiveFrom', width: 110 },
    {
      key: 'state',
      title: t('state'),
      width: 90,
      render: (_, v) => <Tag color={STATE_COLORS[v.state]}>{t(`state_${v.state}`)}</Tag>,
    },
    { key: 'fixed', title: t('fixedMonthly'), align: 'right', render: (_, v) => ntd(v.formula.fixedMonthly) },
    {
      key: 'perOrder',
      title: t('perOrder'),
      render: (_, v) =>
        `${tiersText(v.formula.perOrder.tiers, String, ntd)}${v.formula.perOrder.tiers.length > 1 ? `（${t(`modeShort_${v.formula.perOrder.mode}`)}）` : ''}`,
    },
    {
      key: 'percent',
      title: t('percentOfSales'),
      render: (_, v) =>
        `${tiersText(v.formula.percentOfSales.tiers, ntd, pct)}${v.formula.percentOfSales.tiers.length > 1 ? `（${t(`modeShort_${v.formula.percentOfSales.mode}`)}）` : ''}`,
    },
    {
      key: 'perUnit',
      title: t('platformUsage'),
      // wraps at its spaces rather than running into the note column
      width: 140,
      render: (_, v) =>
        t('perUnitText', { einvoice: ntd(v.formula.perEinvoice), delivery: ntd(v.formula.perDelivery) }),
    },
    { key: 'note', title: t('note'), dataIndex: 'note', ellipsis: true },
    {
      key: 'by',
      title: t('createdBy'),
      width: 150,
      render: (_, v) => (
        <Typography.Text type="secondary">{`${v.createdBy} ${v.createdAt.slice(0, 10)}`}</Typography.Text>
      ),
    },
  ];
  return (
    <Flex vertical gap={16}>
      <Typography.Text type="secondary">{t('intro')}</Typography.Text>
      {list.isError ? <Alert type="error" showIcon role="alert" title={errorText(list.error)} /> : null}
      {(list.data?.plans ?? []).map((plan) => (
        <Card
          key={plan.id}
          size="small"
          title={`${plan.plan}（${plan.code}）`}
          data-testid={`plan-${plan.code}`}
          extra={
            <Button onClick={() => setAdding(plan)} data-testid={`add-version-${plan.code}`}>
              {t('addVersion')}
            </Button>
          }
        >
          <Table
            rowKey="id"
            size="small"
            pagination={false}
            columns={columns}
            dataSource={plan.versions}
            scroll={{ x: 980 }}
            locale={{ emptyText: t('noVersions') }}
          />
        </Card>
      ))}
      {list.data ? <PreviewCard today={list.data.today} /> : null}
      <VersionModal
        plan={adding}
        onClose={() => setAdding(null)}
        onSaved={() => {
          setAdding(null);
          void list.refetch();
        }}
      />
    </Flex>
  );
};

export default FormulasPage;
