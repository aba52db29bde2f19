import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import type { TChartOption } from './echarts-lib';

// ECharts loads after the KPI figures: /summary/stat is the home page, its numbers must not wait for it.
const EChart = lazy(() => import('./EChart').then((m) => ({ default: m.EChart })));

export const LazyChart = (props: { option: TChartOption; height?: number; label: string }) => (
  <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: props.height ?? 280 }} />}>
    <EChart {...props} />
  </Suspense>
);
