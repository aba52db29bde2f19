import { useEffect, useRef } from 'react';
import { echarts, type TChartOption } from './echarts-lib';

/** One ECharts canvas: created on mount, resized with its box (ResizeObserver), disposed on unmount. */
export const EChart = ({
  option,
  height = 280,
  label,
}: {
  option: TChartOption;
  height?: number;
  label: string;
}) => {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ReturnType<typeof echarts.init> | null>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const c = echarts.init(el, undefined, { renderer: 'canvas' });
    chart.current = c;
    const ro = new ResizeObserver(() => c.resize());
    ro.observe(el);
    return () => {
      ro.disconnect();
      c.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return <div ref={box} role="img" aria-label={label} data-chart={label} style={{ width: '100%', height }} />;
};
