import type { TStatsSummary } from '@shopdesk/contract';
import type { TChartOption } from './echarts-lib';

const COLORS = ['#1677ff', '#bfbfbf', '#13c2c2', '#fa8c16', '#722ed1', '#eb2f96'];
const nt = (v: number) => `NT$${v.toLocaleString()}`;

/** Revenue per day, this period against the same position of the previous one. */
export const dayLine = (s: TStatsSummary, names: { current: string; previous: string }): TChartOption => ({
  color: COLORS,
  tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => nt(Number(v)) },
  legend: { top: 0 },
  grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
  xAxis: { type: 'category', data: s.byDay.map((d) => d.day.slice(5)), boundaryGap: false },
  yAxis: { type: 'value' },
  series: [
    {
      name: names.current,
      type: 'line',
      smooth: true,
      areaStyle: { opacity: 0.12 },
      data: s.byDay.map((d) => d.revenue),
    },
    {
      name: names.previous,
      type: 'line',
      smooth: true,
      lineStyle: { type: 'dashed' },
      data: s.byDay.map((d) => d.prevRevenue),
    },
  ],
});

/** Orders per hour of the day (only the hours with orders and the span between them). */
export const hourBar = (s: TStatsSummary, name: string): TChartOption => {
  const busy = s.byHour.filter((h) => h.orders > 0).map((h) => h.hour);
  const from = busy.length ? Math.min(...busy) : 8;
  const to = busy.length ? Math.max(...busy) : 21;
  const hours = s.byHour.filter((h) => h.hour >= from && h.hour <= to);
  return {
    color: [COLORS[0]],
    tooltip: { trigger: 'axis' },
    grid: { left: 8, right: 16, top: 16, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: hours.map((h) => `${String(h.hour).padStart(2, '0')}:00`) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [{ name, type: 'bar', barMaxWidth: 28, data: hours.map((h) => h.orders) }],
  };
};

/** A share of orders (meal types, payment methods). */
export const sharePie = (slices: { name: string; value: number }[]): TChartOption => ({
  color: [COLORS[0], COLORS[2], COLORS[3], COLORS[4]],
  tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
  legend: { bottom: 0 },
  series: [
    {
      type: 'pie',
      radius: ['38%', '72%'],
      percentPrecision: 0,
      center: ['50%', '44%'],
      label: { position: 'inside', formatter: '{d}%', color: '#fff', fontSize: 11 },
      minShowLabelAngle: 15,
      data: slices.filter((x) => x.value > 0),
    },
  ],
});
