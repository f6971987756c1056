import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

/**
 * The two Recharts charts of the dashboard, in their own lazy chunk (with Recharts). Colours come
 * from CSS variables set by the page for light and dark (`--chart-*`), so the SVG follows the
 * theme without a re-render. The numbers are also in the page's screen-reader tables, so the SVG
 * itself is hidden from assistive technology.
 */
export interface ChartDatum {
  label: string;
  count: number;
}

const axisTick = { fill: 'var(--chart-text)', fontSize: 12 };
const tooltipStyle = {
  backgroundColor: 'var(--chart-tooltip-bg)',
  border: '1px solid var(--chart-grid)',
  borderRadius: 8,
  color: 'var(--chart-text-strong)',
};

const ChartTooltip = () => (
  <Tooltip
    cursor={{ fill: 'var(--chart-cursor)' }}
    contentStyle={tooltipStyle}
    labelStyle={{ color: 'var(--chart-text-strong)' }}
    itemStyle={{ color: 'var(--chart-text-strong)' }}
  />
);

export const TypeChart = ({ data }: { data: ChartDatum[] }) => (
  <div className="h-80 w-full" aria-hidden="true">
    <ResponsiveContainer width="100%" height="100%">
      <BarChart
        accessibilityLayer={false}
        data={data}
        layout="vertical"
        margin={{ top: 4, right: 16, bottom: 4, left: 8 }}
      >
        <CartesianGrid stroke="var(--chart-grid)" horizontal={false} />
        <XAxis type="number" allowDecimals={false} tick={axisTick} stroke="var(--chart-grid)" />
        <YAxis
          type="category"
          dataKey="label"
          width={92}
          tick={axisTick}
          stroke="var(--chart-grid)"
          interval={0}
        />
        <ChartTooltip />
        <Bar
          isAnimationActive={false}
          dataKey="count"
          name="Itineraries"
          fill="var(--chart-bar)"
          radius={[0, 4, 4, 0]}
        />
      </BarChart>
    </ResponsiveContainer>
  </div>
);

export const MonthChart = ({ data }: { data: ChartDatum[] }) => (
  <div className="h-80 w-full" aria-hidden="true">
    <ResponsiveContainer width="100%" height="100%">
      <BarChart
        accessibilityLayer={false}
        data={data}
        margin={{ top: 4, right: 8, bottom: 4, left: -16 }}
      >
        <CartesianGrid stroke="var(--chart-grid)" vertical={false} />
        <XAxis dataKey="label" tick={axisTick} stroke="var(--chart-grid)" interval={0} />
        <YAxis allowDecimals={false} tick={axisTick} stroke="var(--chart-grid)" />
        <ChartTooltip />
        <Bar
          isAnimationActive={false}
          dataKey="count"
          name="Itineraries"
          fill="var(--chart-bar-alt)"
          radius={[4, 4, 0, 0]}
        />
      </BarChart>
    </ResponsiveContainer>
  </div>
);
