import { Area, AreaChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { messages } from '#web/i18n';

const weeklyReviews = [18, 24, 29, 35, 41, 52, 63, 74];

/** Sample area chart for the landing page (marketing data). Loaded lazily: recharts is heavy. */
export default function SampleReviewsChart() {
  const t = messages.landing.analytics;
  const data = weeklyReviews.map((reviews, index) => ({ week: t.weekLabel(index + 1), reviews }));
  return (
    <AreaChart responsive data={data} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} style={{ width: '100%', height: '100%' }}>
      <defs>
        <linearGradient id="sample-reviews-fill" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0%" stopColor="#56dadc" stopOpacity={0.55} />
          <stop offset="100%" stopColor="#56dadc" stopOpacity={0.05} />
        </linearGradient>
      </defs>
      <CartesianGrid stroke="#e2e8f0" vertical={false} />
      <XAxis dataKey="week" tickLine={false} axisLine={false} tick={{ fill: '#475569', fontSize: 12 }} />
      <YAxis tickLine={false} axisLine={false} tick={{ fill: '#475569', fontSize: 12 }} />
      <Tooltip formatter={(value) => [value, t.seriesLabel]} contentStyle={{ borderRadius: 12, borderColor: '#e2e8f0', fontSize: 12 }} />
      <Area type="monotone" dataKey="reviews" name={t.seriesLabel} stroke="#0f766e" strokeWidth={2.5} fill="url(#sample-reviews-fill)" />
    </AreaChart>
  );
}
