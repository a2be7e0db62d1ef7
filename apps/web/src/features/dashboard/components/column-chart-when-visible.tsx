import Box from '@mui/material/Box';
import { Suspense, useEffect, useRef, useState } from 'react';
import { lazyPage } from '../../../lib/lazy-page';
import type { ColumnChartProps } from './column-chart';
import { ChartDataTable, COLUMN_CHART_HEIGHT } from './column-chart-frame';

const ColumnChart = lazyPage<ColumnChartProps>(() => import('./column-chart').then((module) => ({ default: module.ColumnChart })));

/** How far below the screen a chart starts loading, so that scrolling finds it drawn. */
const AHEAD = '300px';

/**
 * A column chart whose code (the charts library, the dashboard's largest file) downloads when its
 * place comes near the screen: a phone's first screen holds the figures, not the charts, and a first
 * visit then neither downloads nor runs them (decision 064). Until then the place keeps the chart's
 * height and holds its data table, so a screen reader reads the figures either way.
 */
export function ColumnChartWhenVisible(props: ColumnChartProps) {
  const [near, setNear] = useState(false);
  const place = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = place.current;
    if (near || !element) return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setNear(true), {
      rootMargin: `${AHEAD} 0px`,
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  const placeholder = (
    <Box component="figure" ref={place} sx={{ m: 0, minHeight: COLUMN_CHART_HEIGHT }} data-testid={props.testId}>
      <ChartDataTable bars={props.bars} labelOf={props.labelOf} caption={props.caption} format={props.format} />
    </Box>
  );
  if (!near) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <ColumnChart {...props} />
    </Suspense>
  );
}
