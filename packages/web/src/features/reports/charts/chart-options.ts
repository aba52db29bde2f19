import type { TPlatformCharts } from '@shopdesk/contract';
import type { TChartOption } from '../stats/echarts-lib';

const BLUE = '#1677ff';
const nt = (v: number) => `NT$${v.toLocaleString()}`;
const grid = { left: 8, right: 16, top: 36, bottom: 8, containLabel: true };
const dayAxis = (c: TPlatformCharts) => ({
  type: 'category' as const,
  data: c.days.map((d) => d.date.slice(5)),
});

/** Orders per day (bars) with revenue (line, right axis). */
export const ordersAndRevenue = (
  c: TPlatformCharts,
  names: { orders: string; revenue: string },
): TChartOption => ({
  color: [BLUE, '#fa8c16'],
  tooltip: { trigger: 'axis' },
  legend: { top: 0 },
  grid,
  xAxis: dayAxis(c),
  yAxis: [
    { type: 'value', minInterval: 1 },
    { type: 'value', axisLabel: { formatter: (v: number) => nt(v) }, splitLine: { show: false } },
  ],
  series: [
    { name: names.orders, type: 'bar', barMaxWidth: 18, data: c.days.map((d) => d.orders) },
    {
      name: names.revenue,
      type: 'line',
      yAxisIndex: 1,
      smooth: true,
      tooltip: { valueFormatter: (v: unknown) => nt(Number(v)) },
      data: c.days.map((d) => d.revenue),
    },
  ],
});

/** Orders per day stacked by dining mode. */
export const modeStack = (
  c: TPlatformCharts,
  names: Record<'eat_in' | 'to_go' | 'delivery', string>,
): TChartOption => ({
  color: [BLUE, '#13c2c2', '#722ed1'],
  tooltip: { trigger: 'axis' },
  legend: { top: 0 },
  grid,
  xAxis: dayAxis(c),
  yAxis: { type: 'value', minInterval: 1 },
  series: (['eat_in', 'to_go', 'delivery'] as const).map((m) => ({
    name: names[m],
    type: 'bar',
    stack: 'mode',
    barMaxWidth: 18,
    data: c.days.map((d) => d[m]),
  })),
});

/** The top shops by orders, longest bar on top. */
export const topShopBars = (c: TPlatformCharts, name: string): TChartOption => {
  const rows = [...c.topShops].reverse();
  return {
    color: [BLUE],
    tooltip: { trigger: 'axis' },
    grid: { left: 8, right: 24, top: 8, bottom: 8, containLabel: true },
    xAxis: { type: 'value', minInterval: 1 },
    yAxis: { type: 'category', data: rows.map((s) => `${s.name}（${s.accountId}）`) },
    series: [{ name, type: 'bar', barMaxWidth: 16, data: rows.map((s) => s.orders) }],
  };
};
