import { useEffect, useRef } from 'react';
import styles from './staff.module.css';

export type ChartSeries = { label: string; data: number[]; color: string };

type Props = {
  /** The accessible name: what the chart shows (the numbers are in the table next to it). */
  name: string;
  labels: string[];
  series: ChartSeries[];
  stacked?: boolean;
  /** Whole numbers (people, tickets): no 0.5 on the axis. */
  counts?: boolean;
  /** Writes an axis value (money in the attraction's currency, counts in the visitor's locale). */
  formatValue: (value: number) => string;
};

/** A bar chart drawn by chart.js, loaded only in the browser and only on this page (a dynamic import),
 * with only the pieces a bar chart needs registered. */
export function ReportChart({ name, labels, series, stacked, counts, formatValue }: Props) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    let destroyed = false;
    let chart: { destroy: () => void } | undefined;
    void import('chart.js').then(({ Chart, BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip }) => {
      if (destroyed || !canvas.current) return;
      Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);
      chart = new Chart(canvas.current, {
        type: 'bar',
        data: { labels, datasets: series.map((s) => ({ label: s.label, data: s.data, backgroundColor: s.color, borderColor: s.color, maxBarThickness: 56 })) },
        options: {
          responsive: true,
          maintainAspectRatio: false,
          animation: false,
          plugins: {
            legend: { display: series.length > 1, position: 'bottom' },
            tooltip: { callbacks: { label: (item) => `${item.dataset.label ?? ''}: ${formatValue(Number(item.raw))}` } },
          },
          scales: {
            x: { stacked },
            y: { stacked, beginAtZero: true, ticks: { precision: counts ? 0 : undefined, callback: (value) => formatValue(Number(value)) } },
          },
        },
      });
      canvas.current.dataset.drawn = 'true';
    });
    return () => {
      destroyed = true;
      chart?.destroy();
    };
  }, [labels, series, stacked, counts, formatValue]);
  return (
    <div className={styles.chart}>
      <canvas ref={canvas} role="img" aria-label={name} />
    </div>
  );
}
