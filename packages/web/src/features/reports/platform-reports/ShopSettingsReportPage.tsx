import { DownloadOutlined } from '@ant-design/icons';
import {
  exportShopSettingsReportOp,
  getShopSettingsReportOp,
  LOGISTICS_LABELS,
  REPORT_DINING_MODE_LABELS,
  REPORT_DINING_MODES,
  SHOP_PROBLEM_LABELS,
  SHOP_PROBLEMS,
  SHOP_SETTINGS_COLUMNS,
  type TShopProblem,
  type TShopSettingsRow,
} from '@shopdesk/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { Button, Card, Flex, Grid, Space, Statistic, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useApiQuery } from '../../../lib/api-query';
import { useErrorText } from '../../../lib/error-text';
import { textOf } from '../../../lib/message-text';
import { notify } from '../../../lib/notify';
import type { TPageProps } from '../../../shell/lazy-page';
import { useShopKind } from '../../../shell/variant';
import { downloadExport } from '../sales/sales-queries';
import { FilterCard, FilterForm, FilterSelect, ReportTable, useReportList } from './report-kit';

const FILTERS = ['q', 'problem', 'online'] as const;
const _SIZES = [20, 50, 100] as const;
const ONLINE = ['yes', 'no'] as const;
const isProblem = (s: string): s is TShopProblem => (SHOP_PROBLEMS as readonly string[]).includes(s);

/**
 * /report/shop-settings (gaa): every shop's key settings with what is misconfigured, counts per
 * problem on top (a card filters the table), filters in the URL, .xlsx export of the filtered rows.
 */
const ShopSettingsReportPage = (_props: TPageProps) => {
  const { t, i18n } = useTranslation('platformReports');
  const errorText = useErrorText();
  const lang = i18n.language === 'en' ? 'en' : 'zh-TW';
  const say = (m: { zh: string; en: string }) => textOf(m, i18n.language);
  const kind = useShopKind();
  const { list, draft: q, setDraft: setQ } = useReportList(FILTERS);
  const filters = {
    q: list.filters.q || undefined,
    problem: isProblem(list.filters.problem) ? list.filters.problem : undefined,
    online: ONLINE.find((o) => o === list.filters.online),
    kind,
  };
  const args = { query: { ...filters, offset: list.offset, limit: list.size } };
  const data = useApiQuery(getShopSettingsReportOp, args, {
    queryKey: ['platform-reports', 'shop-settings', args],
    placeholderData: keepPreviousData,
  });
  const [exporting, setExporting] = useState(false);
  const runExport = async () => {
    setExporting(true);
    try {
      await downloadExport(exportShopSettingsReportOp, {}, { ...filters, lang }, 'xlsx');
      notify.success(t('exportStarted'));
    } catch (err) {
      notify.error(errorText(err));
    } finally {
      setExporting(false);
    }
  };

  const _screens = Grid.useBreakpoint();
  const c = SHOP_SETTINGS_COLUMNS;
  const modesOf = (r: TShopSettingsRow) => REPORT_DINING_MODES.filter((m) => r.modes[m].on);
  const columns: TableColumnsType<TShopSettingsRow> = [
    { key: 'id', title: say(c.id), dataIndex: 'id', width: 80 },
    {
      key: 'name',
      title: say(c.name),
      ellipsis: true,
      render: (_, r) => <Link to={`/gaa/settings?accountId=${r.id}`}>{r.name}</Link>,
    },
    { key: 'si', title: say(c.siName), dataIndex: 'siName', width: 120, responsive: ['xxl'] },
    {
      key: 'online',
      title: say(c.isEnabled),
      width: 90,
      render: (_, r) =>
        r.isEnabled ? <Tag color="green">{t('onlineYes')}</Tag> : <Tag>{t('onlineNo')}</Tag>,
    },
    {
      key: 'modes',
      title: `${say(c.modes)} / ${say(c.payments)}`,
      width: 190,
      render: (_, r) =>
        modesOf(r).length === 0 ? (
          t('none')
        ) : (
          <Flex vertical gap={2}>
            {modesOf(r).map((m) => {
              const pays = [r.modes[m].cash && t('cash'), r.modes[m].pay && t('pay')].filter(Boolean);
              return (
                <span key={m}>
                  {say(REPORT_DINING_MODE_LABELS[m])}：{pays.length ? pays.join('、') : t('none')}
                </span>
              );
            })}
          </Flex>
        ),
    },
    {
      key: 'logistics',
      title: say(c.logistics),
      width: 100,
      responsive: ['xl'],
      render: (_, r) => say(LOGISTICS_LABELS[r.logistics]),
    },
    {
      key: 'printers',
      title: say(c.printers),
      width: 100,
      render: (_, r) => `${r.printersOnline} / ${r.printers}`,
    },
    {
      key: 'contract',
      title: say(c.contractSysEnd),
      width: 120,
      responsive: ['lg'],
      render: (_, r) => r.contractSysEnd ?? '—',
    },
    {
      key: 'problems',
      title: say(c.problems),
      width: 230,
      render: (_, r) =>
        r.problems.length === 0 ? (
          <Tag color="green">{t('fine')}</Tag>
        ) : (
          <Flex vertical gap={4} align="start">
            {r.problems.map((p) => (
              <Tag key={p} color="red" style={{ whiteSpace: 'normal', marginInlineEnd: 0 }}>
                {say(SHOP_PROBLEM_LABELS[p])}
              </Tag>
            ))}
          </Flex>
        ),
    },
  ];

  const counts = data.data?.counts;
  return (
    <Flex vertical gap={16}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('shopSettingsIntro')}
      </Typography.Paragraph>
      <Flex wrap gap={12} data-testid="problem-cards">
        <Card size="small" style={{ minWidth: 140 }}>
          <Statistic title={t('shops')} value={data.data?.shops ?? '—'} />
        </Card>
        {SHOP_PROBLEMS.map((p) => (
          <FilterCard
            key={p}
            testId={`problem-${p}`}
            title={say(SHOP_PROBLEM_LABELS[p])}
            value={counts?.[p]}
            active={filters.problem === p}
            alarm
            onToggle={() => list.update({ filters: { problem: filters.problem === p ? '' : p } })}
          />
        ))}
      </Flex>
      <FilterForm
        search={{ value: q, onChange: setQ, testId: 'report-search' }}
        onSearch={() => list.update({ filters: { q } })}
        actions={
          <Space>
            <Button onClick={() => list.update({ filters: { q: '', problem: '', online: '' } })}>
              {t('reset')}
            </Button>
            <Button icon={<DownloadOutlined />} loading={exporting} onClick={runExport}>
              {t('export')}
            </Button>
          </Space>
        }
      >
        <FilterSelect
          label={t('online')}
          width={120}
          value={filters.online}
          onChange={(v) => list.update({ filters: { online: v } })}
          options={[
            { value: 'yes', label: t('onlineYes') },
            { value: 'no', label: t('onlineNo') },
          ]}
        />
        <FilterSelect
          label={t('problem')}
          width={240}
          value={filters.problem}
          onChange={(v) => list.update({ filters: { problem: v } })}
          options={SHOP_PROBLEMS.map((p) => ({ value: p, label: say(SHOP_PROBLEM_LABELS[p]) }))}
          testId="report-problem"
        />
      </FilterForm>
      <ReportTable<TShopSettingsRow>
        rowKey="id"
        columns={columns}
        dataSource={data.data?.rows ?? []}
        loading={data.isFetching}
        locale={{ emptyText: t('empty') }}
        data-testid="shop-settings-report"
        error={data.isError ? data.error : null}
        total={data.data?.total ?? 0}
        totalText={(total) => t('total', { total })}
        table={list.table}
      />
    </Flex>
  );
};

export default ShopSettingsReportPage;
