import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CalendarDayMore } from './calendar-day-more';
import { CalendarEntry, DRAG_TYPE } from './calendar-entry';
import { isMovable, type CalendarEntry as Entry, type CalendarView } from './calendar-model';

/** Campaigns a month cell shows before "+N more" (the row grows to them; none is cut or scrolled away). */
const MONTH_CELL_ENTRIES = 2;

export interface CalendarGridProps {
  view: CalendarView;
  weeks: string[][];
  /** The month shown (YYYY-MM), to dim the neighbouring months' days. */
  month: string;
  today: string;
  entries: Map<string, Entry[]>;
  canMove: boolean;
  formatDay: (date: string, style: 'weekday' | 'day' | 'full') => string;
  formatTime: (instant: string) => string;
  onMove: (entry: Entry, toDate?: string) => void;
}

/** Month (weeks of days) or week (one tall row) as a table; scheduled entries drop on any day. */
export function CalendarGrid({ view, weeks, month, today, entries, canMove, formatDay, formatTime, onMove }: CalendarGridProps) {
  const { t } = useTranslation('calendar');
  const [over, setOver] = useState<string | null>(null);
  const byId = new Map([...entries.values()].flat().map((entry) => [entry.campaign.id, entry]));

  const onDragOver = (date: string) => (event: DragEvent) => {
    if (!canMove || !event.dataTransfer.types.includes(DRAG_TYPE)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    setOver(date);
  };
  const onDrop = (date: string) => (event: DragEvent) => {
    setOver(null);
    const entry = byId.get(event.dataTransfer.getData(DRAG_TYPE));
    if (!entry) return;
    event.preventDefault();
    if (entry.date !== date) onMove(entry, date);
  };

  return (
    <Box
      component="table"
      sx={{ width: '100%', tableLayout: 'fixed', borderCollapse: 'collapse' }}
      aria-label={t(`views.${view}`)}
      data-testid="calendar-grid"
    >
      <thead>
        <tr>
          {(weeks[0] ?? []).map((date) => (
            <Box
              component="th"
              key={date}
              scope="col"
              sx={{ py: 1, fontSize: 12, fontWeight: 600, color: 'text.secondary', borderBottom: 1, borderColor: 'divider' }}
            >
              {formatDay(date, 'weekday')}
            </Box>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week[0]}>
            {week.map((date) => {
              const dayEntries = entries.get(date) ?? [];
              const shown = view === 'month' ? dayEntries.slice(0, MONTH_CELL_ENTRIES) : dayEntries;
              const outside = view === 'month' && !date.startsWith(month);
              const isToday = date === today;
              return (
                <Box
                  component="td"
                  key={date}
                  data-date={date}
                  data-testid="calendar-day"
                  onDragOver={onDragOver(date)}
                  onDragLeave={() => setOver((current) => (current === date ? null : current))}
                  onDrop={onDrop(date)}
                  sx={{
                    verticalAlign: 'top',
                    border: 1,
                    borderColor: 'divider',
                    p: 0.5,
                    height: view === 'week' ? 360 : 112,
                    bgcolor: over === date ? 'primary.light' : outside ? 'action.hover' : undefined,
                    outline: over === date ? 2 : 0,
                    outlineColor: 'primary.main',
                    outlineStyle: 'dashed',
                  }}
                >
                  <Typography
                    component="h3"
                    variant="caption"
                    aria-label={formatDay(date, 'full')}
                    sx={{
                      display: 'inline-grid',
                      placeItems: 'center',
                      minWidth: 24,
                      height: 24,
                      px: 0.5,
                      borderRadius: 12,
                      fontWeight: isToday ? 700 : 400,
                      bgcolor: isToday ? 'primary.main' : undefined,
                      color: isToday ? 'primary.contrastText' : outside ? 'text.secondary' : 'text.primary',
                      mb: 0.5,
                    }}
                  >
                    {formatDay(date, 'day')}
                  </Typography>
                  <Box
                    component="ul"
                    sx={{
                      listStyle: 'none',
                      p: 0,
                      m: 0,
                      display: 'flex',
                      flexDirection: 'column',
                      gap: 0.5,
                    }}
                  >
                    {shown.map((entry) => (
                      <li key={entry.campaign.id}>
                        <CalendarEntry
                          entry={entry}
                          time={formatTime(entry.at)}
                          movable={canMove && isMovable(entry.campaign)}
                          onMove={(e) => onMove(e)}
                          roomy={view === 'week'}
                        />
                      </li>
                    ))}
                  </Box>
                  <CalendarDayMore
                    entries={dayEntries}
                    shown={shown.length}
                    title={formatDay(date, 'full')}
                    formatTime={formatTime}
                    isMovable={(entry) => canMove && isMovable(entry.campaign)}
                    onMove={(entry) => onMove(entry)}
                  />
                </Box>
              );
            })}
          </tr>
        ))}
      </tbody>
    </Box>
  );
}
