import { Spinner, makeStyles } from '@fluentui/react-components';
import { useEffect, useRef, useState } from 'react';
import { PERMIT_STATE_COLOURS } from '../../../domain/permits/stateColours';
import type { PermitState } from '../../../schemas';
import { loadECharts } from './echarts';
import { chartDescription, type ReportRow } from './reportData';

/** SPEC §9: the chart is 400 px high. */
export const CHART_HEIGHT = 400;

const useStyles = makeStyles({ chart: { width: '100%', height: `${CHART_HEIGHT}px` } });

interface Props {
  rows: readonly ReportRow[];
  states: readonly PermitState[];
}

/** The chart's option: one group of bars per row (location), one bar per state, in the state's colour. */
function chartOption(rows: readonly ReportRow[], states: readonly PermitState[]) {
  return {
    aria: { enabled: true, label: { description: chartDescription(rows, states) } },
    tooltip: { trigger: 'axis' as const, axisPointer: { type: 'shadow' as const } },
    legend: { top: 0 },
    grid: { left: 48, right: 16, top: 48, bottom: 64 },
    xAxis: { type: 'category' as const, data: rows.map((r) => r.Title), axisLabel: { interval: 0, rotate: rows.length > 4 ? 20 : 0 } },
    yAxis: { type: 'value' as const, minInterval: 1 },
    series: states.map((state) => ({
      name: state,
      type: 'bar' as const,
      itemStyle: { color: PERMIT_STATE_COLOURS[state] },
      data: rows.map((r) => r.Counts[state] ?? 0),
    })),
  };
}

/** The permits-by-state bar chart; ECharts loads with it, and it redraws as the rows change and resizes with its box. */
export function StateBarChart({ rows, states }: Props) {
  const styles = useStyles();
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<{ setOption(option: unknown, notMerge: boolean): void; resize(): void; dispose(): void } | null>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let disposed = false;
    let observer: ResizeObserver | undefined;
    void loadECharts().then((echarts) => {
      if (disposed || !box.current) return;
      chart.current = echarts.init(box.current);
      observer = new ResizeObserver(() => chart.current?.resize());
      observer.observe(box.current);
      setReady(true);
    });
    return () => {
      disposed = true;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    if (ready) chart.current?.setOption(chartOption(rows, states), true);
  }, [ready, rows, states]);

  return (
    <div>
      {!ready && <Spinner size="small" label="Loading the chart…" />}
      <div ref={box} className={styles.chart} data-testid="permits-by-state-chart" />
    </div>
  );
}
