// The calendar block: rows as events on a Month, Week or Day view, with prev/next/today and a
// view switch, and a pop-up of the row on click. All placement comes from calendar-math.ts (pure,
// tested); this file only draws it. The month view shows at most MAX_LANES bars a week row and a
// '+N more' link per day (it opens that day), so a busy sheet never floods the page.
import { Box, Button, Group, Modal, ScrollArea, SegmentedControl, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { readSettings } from '../../shared/settings/read';
import type { BlockRecord } from '../../shared/settings/types';
import { BlockFrame, EmptyState } from '../BlockFrame';
import { cellText } from '../cells/cells';
import type { BlockViewProps } from '../types';
import {
  MINUTES_PER_DAY,
  WEEKDAYS,
  civil,
  clock,
  dayBoxes,
  eventWhen,
  isStripEvent,
  monthWeeks,
  openingDay,
  openingView,
  rangeTitle,
  segments,
  shortClock,
  step,
  toEvents,
  weekStart,
  weekdaySundayFirst,
  type CalendarEvent,
  type Segment,
} from './calendar-math';
import { calendarSettings, CALENDAR_VIEWS, type CalendarView } from './schema';

/** A cleared event colour is the usual one. */
const readCalendar = (config: BlockRecord) => readSettings(calendarSettings, config, { blankIsDefault: ['event_color', 'event_text_color'] });

/** Bars drawn per week row of the month view; more show as '+N more'. */
const MAX_LANES = 3;
const HOUR_PX = 44;
const LANE_PX = 22;

function todayNumber(): number {
  const now = new Date();
  return openingDay({}, { year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() });
}

interface Colors {
  bg: string;
  fg: string;
}

export function CalendarBlock({ config, rows, data }: BlockViewProps) {
  const settings = useMemo(() => readCalendar(config), [config]);
  const startCol = settings.start_time_column;
  const endCol = settings.end_time_column;
  const titleCol = settings.event_title_column;
  const events = useMemo(
    () => (startCol && titleCol ? toEvents(rows, { start: startCol, end: endCol || undefined, title: titleCol }) : []),
    [rows, startCol, endCol, titleCol],
  );
  const [today] = useState(todayNumber);
  const openKey = `${String(config.default_calendar_view)}|${String(config.default_calendar_month)}|${String(config.calender_year)}|${String(config.calender_month)}`;
  const [view, setView] = useState<CalendarView>(() => openingView(config));
  const [day, setDay] = useState(() => openingDay(config, civil(today)));
  const [shownKey, setShownKey] = useState(openKey);
  if (shownKey !== openKey) {
    // The editor changed where the calendar opens: show it at once.
    setShownKey(openKey);
    setView(openingView(config));
    setDay(openingDay(config, civil(today)));
  }
  const [open, setOpen] = useState<CalendarEvent | null>(null);
  const colors: Colors = { bg: settings.event_color, fg: settings.event_text_color };
  const details = settings.detail_columns.filter((c) => !!c);

  if (!startCol || !titleCol) return <EmptyState>Choose the start time and event title columns in the settings.</EmptyState>;

  const goDay = (d: number) => {
    setDay(d);
    setView('Day');
  };

  return (
    <BlockFrame config={config}>
      <Stack gap="xs" data-testid="calendar-block">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap={4} wrap="nowrap">
            <Button size="xs" variant="default" onClick={() => setDay(today)}>
              Today
            </Button>
            <Button size="xs" variant="default" px={6} aria-label="Previous" onClick={() => setDay((d) => step(view, d, -1))}>
              <IconChevronLeft size={16} />
            </Button>
            <Button size="xs" variant="default" px={6} aria-label="Next" onClick={() => setDay((d) => step(view, d, 1))}>
              <IconChevronRight size={16} />
            </Button>
            <Text fw={600} ml="xs" aria-live="polite" data-testid="calendar-range">
              {rangeTitle(view, day)}
            </Text>
          </Group>
          <SegmentedControl size="xs" value={view} onChange={(v) => setView(v as CalendarView)} data={[...CALENDAR_VIEWS]} aria-label="Calendar view" />
        </Group>
        {view === 'Month' ? (
          <MonthGrid day={day} today={today} events={events} colors={colors} onOpen={setOpen} onDay={goDay} />
        ) : (
          <TimeGrid days={view === 'Week' ? Array.from({ length: 7 }, (_, i) => weekStart(day) + i) : [day]} today={today} events={events} colors={colors} onOpen={setOpen} onDay={goDay} />
        )}
        {events.length === 0 && (
          <Text size="sm" c="dimmed" ta="center">
            {data.loading ? 'Loading events…' : 'No events: no row has a readable start time.'}
          </Text>
        )}
      </Stack>
      <Modal opened={open !== null} onClose={() => setOpen(null)} title={open?.title ?? ''} size="md">
        {open && <EventDetails event={open} columns={[startCol, ...(endCol ? [endCol] : []), ...details].filter((c) => c !== titleCol)} />}
      </Modal>
    </BlockFrame>
  );
}

function EventDetails({ event, columns }: { event: CalendarEvent; columns: string[] }) {
  const shown = [...new Set(columns)];
  return (
    <Stack gap="sm" data-testid="event-details">
      <Text size="sm" fw={500}>
        {eventWhen(event)}
      </Text>
      <Table withRowBorders={false} verticalSpacing={4}>
        <Table.Tbody>
          {shown.map((c) => (
            <Table.Tr key={c}>
              <Table.Th w="35%" style={{ verticalAlign: 'top' }}>
                {c}
              </Table.Th>
              <Table.Td style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{cellText(event.row[c]) || '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

function EventChip({ event, colors, onOpen, label, style, continues }: { event: CalendarEvent; colors: Colors; onOpen: (e: CalendarEvent) => void; label: string; style?: CSSProperties; continues?: { before: boolean; after: boolean } }) {
  const full = eventWhen(event);
  return (
    <UnstyledButton
      onClick={() => onOpen(event)}
      title={`${event.title} · ${full}`}
      aria-label={`${event.title}, ${full}`}
      data-testid="calendar-event"
      style={{
        background: colors.bg,
        color: colors.fg,
        fontSize: 12,
        lineHeight: '18px',
        padding: '1px 6px',
        borderRadius: `${continues?.before ? 0 : 4}px ${continues?.after ? 0 : 4}px ${continues?.after ? 0 : 4}px ${continues?.before ? 0 : 4}px`,
        overflow: 'hidden',
        whiteSpace: 'nowrap',
        textOverflow: 'ellipsis',
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'flex-start',
        textAlign: 'left',
        width: '100%',
        minWidth: 0,
        ...style,
      }}
    >
      <span style={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis' }}>{label}</span>
    </UnstyledButton>
  );
}

const chipLabel = (s: Segment) => (s.event.allDay || s.before ? s.event.title : `${shortClock(s.event.start)} ${s.event.title}`);

function MonthGrid({ day, today, events, colors, onOpen, onDay }: { day: number; today: number; events: CalendarEvent[]; colors: Colors; onOpen: (e: CalendarEvent) => void; onDay: (d: number) => void }) {
  const { year, month } = civil(day);
  const weeks = useMemo(() => monthWeeks(year, month), [year, month]);
  // One pass over the events per week row, redone only when the month or the rows change.
  const bars = useMemo(() => weeks.map((w) => segments(events, w[0]!, 7)), [weeks, events]);
  const border = '1px solid var(--mantine-color-default-border)';
  return (
    <Box role="grid" aria-label={rangeTitle('Month', day)} style={{ border, borderRadius: 6, overflow: 'hidden' }}>
      <Box role="row" style={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))', borderBottom: border }}>
        {WEEKDAYS.map((w) => (
          <Text key={w} role="columnheader" size="xs" fw={600} c="dimmed" ta="center" py={4}>
            {w.slice(0, 3)}
          </Text>
        ))}
      </Box>
      {weeks.map((week, wi) => {
        const segs = bars[wi]!;
        const shown = segs.filter((s) => s.lane < MAX_LANES);
        const hidden = new Map<number, number>();
        for (const s of segs) if (s.lane >= MAX_LANES) for (let c = s.col; c < s.col + s.span; c++) hidden.set(c, (hidden.get(c) ?? 0) + 1);
        return (
          <Box key={week[0]} role="row" style={{ position: 'relative', display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))', gridAutoRows: 'auto', minHeight: 96, borderBottom: border }}>
            {week.map((d, i) => {
              const c = civil(d);
              const other = c.month !== month;
              return (
                <Box key={d} role="gridcell" aria-label={`${WEEKDAYS[i]} ${c.day}`} style={{ gridColumn: i + 1, gridRow: `1 / span ${MAX_LANES + 2}`, borderLeft: i ? border : undefined, background: other ? 'var(--mantine-color-gray-0)' : undefined }} />
              );
            })}
            {week.map((d, i) => (
              <Box key={`n${d}`} style={{ gridColumn: i + 1, gridRow: 1, padding: '2px 6px', textAlign: 'right', zIndex: 1 }}>
                <UnstyledButton
                  onClick={() => onDay(d)}
                  aria-label={`Open ${rangeTitle('Day', d)}`}
                  style={{
                    fontSize: 12,
                    fontWeight: d === today ? 700 : 400,
                    color: d === today ? 'white' : civil(d).month !== month ? 'var(--mantine-color-dimmed)' : undefined,
                    background: d === today ? 'var(--mantine-color-blue-6)' : undefined,
                    borderRadius: 10,
                    padding: '0 6px',
                  }}
                >
                  {civil(d).day}
                </UnstyledButton>
              </Box>
            ))}
            {shown.map((s) => (
              <Box key={`${s.event.index}`} style={{ gridColumn: `${s.col + 1} / span ${s.span}`, gridRow: s.lane + 2, padding: '1px 3px', minWidth: 0, zIndex: 1, height: LANE_PX }}>
                <EventChip event={s.event} colors={colors} onOpen={onOpen} label={chipLabel(s)} continues={s} />
              </Box>
            ))}
            {[...hidden].map(([col, n]) => (
              <Box key={`m${col}`} style={{ gridColumn: col + 1, gridRow: MAX_LANES + 2, padding: '0 6px', zIndex: 1 }}>
                <UnstyledButton onClick={() => onDay(week[col]!)} style={{ fontSize: 12, color: 'var(--mantine-color-blue-7)' }}>
                  +{n} more
                </UnstyledButton>
              </Box>
            ))}
          </Box>
        );
      })}
    </Box>
  );
}

function TimeGrid({ days, today, events, colors, onOpen, onDay }: { days: number[]; today: number; events: CalendarEvent[]; colors: Colors; onOpen: (e: CalendarEvent) => void; onDay: (d: number) => void }) {
  const first = days[0]!;
  const strip = useMemo(() => segments(events.filter(isStripEvent), first, days.length), [events, first, days.length]);
  const lanes = strip.reduce((m, s) => Math.max(m, s.lane + 1), 0);
  const boxes = useMemo(() => days.map((d) => dayBoxes(events, d)), [events, days]);
  const viewport = useRef<HTMLDivElement>(null);
  // Open on the working day (7 AM) rather than at midnight.
  // (A block body: newer browsers return a Promise from scrollTo, which must not become the effect's cleanup.)
  useEffect(() => {
    viewport.current?.scrollTo({ top: 7 * HOUR_PX - 10 });
  }, []);
  const border = '1px solid var(--mantine-color-default-border)';
  const cols = `56px repeat(${days.length}, minmax(0, 1fr))`;
  return (
    <Box style={{ border, borderRadius: 6, overflow: 'hidden' }} role="grid" aria-label={days.length === 1 ? rangeTitle('Day', first) : rangeTitle('Week', first)}>
      <Box role="row" style={{ display: 'grid', gridTemplateColumns: cols, borderBottom: border }}>
        <span />
        {days.map((d) => {
          const c = civil(d);
          return (
            <UnstyledButton key={d} role="columnheader" onClick={() => onDay(d)} style={{ textAlign: 'center', padding: '4px 0', fontSize: 12, fontWeight: d === today ? 700 : 500, color: d === today ? 'var(--mantine-color-blue-7)' : undefined }}>
              {WEEKDAYS[weekdaySundayFirst(d)]!.slice(0, 3)} {c.month}/{c.day}
            </UnstyledButton>
          );
        })}
      </Box>
      {lanes > 0 && (
        <Box style={{ display: 'grid', gridTemplateColumns: cols, gridAutoRows: LANE_PX, borderBottom: border, padding: '2px 0' }} data-testid="all-day">
          <Text size="xs" c="dimmed" style={{ gridColumn: 1, gridRow: 1, alignSelf: 'center', textAlign: 'center' }}>
            all day
          </Text>
          {strip.map((s) => (
            <Box key={s.event.index} style={{ gridColumn: `${s.col + 2} / span ${s.span}`, gridRow: s.lane + 1, padding: '1px 3px', minWidth: 0 }}>
              <EventChip event={s.event} colors={colors} onOpen={onOpen} label={chipLabel(s)} continues={s} />
            </Box>
          ))}
        </Box>
      )}
      <ScrollArea h={Math.min(24 * HOUR_PX, 560)} viewportRef={viewport} type="auto">
        <Box style={{ display: 'grid', gridTemplateColumns: cols, height: 24 * HOUR_PX, position: 'relative' }}>
          <Box style={{ gridColumn: 1, position: 'relative' }}>
            {Array.from({ length: 24 }, (_, h) => (
              <Text key={h} size="xs" c="dimmed" style={{ position: 'absolute', top: h * HOUR_PX - 7, right: 6 }}>
                {h === 0 ? '' : clock(h * 60).replace(':00', '')}
              </Text>
            ))}
          </Box>
          {days.map((d, i) => (
            <Box key={d} role="gridcell" style={{ gridColumn: i + 2, position: 'relative', borderLeft: border, background: `repeating-linear-gradient(to bottom, transparent 0, transparent ${HOUR_PX - 1}px, var(--mantine-color-gray-2) ${HOUR_PX - 1}px, var(--mantine-color-gray-2) ${HOUR_PX}px)` }}>
              {boxes[i]!.map((b) => (
                <EventChip
                  key={b.event.index}
                  event={b.event}
                  colors={colors}
                  onOpen={onOpen}
                  label={`${clock(b.event.start)} ${b.event.title}`}
                  style={{
                    position: 'absolute',
                    top: (b.top / 60) * HOUR_PX,
                    height: Math.max((b.height / 60) * HOUR_PX - 2, 16),
                    left: `calc(${(b.col / b.cols) * 100}% + 2px)`,
                    width: `calc(${100 / b.cols}% - 4px)`,
                    whiteSpace: 'normal',
                  }}
                />
              ))}
            </Box>
          ))}
          <Box style={{ position: 'absolute', inset: 0, pointerEvents: 'none' }} aria-hidden>
            {days.includes(today) && <NowLine column={days.indexOf(today)} count={days.length} />}
          </Box>
        </Box>
      </ScrollArea>
    </Box>
  );
}

function NowLine({ column, count }: { column: number; count: number }) {
  const now = new Date();
  const minutes = now.getHours() * 60 + now.getMinutes();
  return (
    <Box
      style={{
        position: 'absolute',
        top: (minutes / 60) * HOUR_PX,
        left: `calc(56px + (100% - 56px) * ${column / count})`,
        width: `calc((100% - 56px) / ${count})`,
        borderTop: '2px solid var(--mantine-color-red-6)',
        opacity: minutes < MINUTES_PER_DAY ? 1 : 0,
      }}
    />
  );
}

export default CalendarBlock;
