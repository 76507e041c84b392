// Block schemas name their icon as a Tabler icon name (data, not code); this maps the names we
// know to components, with a neutral fallback so a new block never breaks the catalogue.
import {
  IconBox,
  IconCalendar,
  IconForms,
  IconBrowser,
  IconChartBar,
  IconChartLine,
  IconChartPie,
  IconGauge,
  IconLayoutGrid,
  IconMap,
  IconList,
  IconMarkdown,
  IconNumber,
  IconTable,
  IconTimeline,
  type Icon,
} from '@tabler/icons-react';

const ICONS: Record<string, Icon> = {
  chart: IconChartBar,
  'chart-bar': IconChartBar,
  IconChartBar: IconChartBar,
  'chart-line': IconChartLine,
  IconChartLine: IconChartLine,
  'chart-pie': IconChartPie,
  IconChartPie: IconChartPie,
  table: IconTable,
  IconTable: IconTable,
  scorecard: IconGauge,
  gauge: IconGauge,
  IconGauge: IconGauge,
  number: IconNumber,
  IconNumber: IconNumber,
  list: IconList,
  IconList: IconList,
  grid: IconLayoutGrid,
  'layout-grid': IconLayoutGrid,
  map: IconMap,
  IconMap: IconMap,
  forms: IconForms,
  calendar: IconCalendar,
  timeline: IconTimeline,
  markdown: IconMarkdown,
  browser: IconBrowser,
};

export function BlockIcon({ name, size = 22 }: { name: string; size?: number }) {
  const Comp = ICONS[name] ?? ICONS[name.replace(/^Icon/, '').replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase()] ?? IconBox;
  return <Comp size={size} stroke={1.6} />;
}
