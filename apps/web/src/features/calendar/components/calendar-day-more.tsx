import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../../../components/visually-hidden';
import { CalendarEntry } from './calendar-entry';
import type { CalendarEntry as Entry } from './calendar-model';

export interface CalendarDayMoreProps {
  /** Every campaign of the day, in time order. */
  entries: Entry[];
  /** How many of them the cell shows (the button counts the rest). */
  shown: number;
  /** The day in words ("Friday, December 11, 2026"): the popover's title. */
  title: string;
  formatTime: (instant: string) => string;
  isMovable: (entry: Entry) => boolean;
  onMove: (entry: Entry) => void;
}

/**
 * "+N more" under a month cell's first campaigns: opens the day, every campaign of it listed
 * with its time, link and menu (so a busy day hides nothing, and any of them can be moved).
 */
export function CalendarDayMore({ entries, shown, title, formatTime, isMovable, onMove }: CalendarDayMoreProps) {
  const { t } = useTranslation('calendar');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const titleId = useId();
  const hidden = entries.length - shown;
  if (hidden <= 0) return null;
  return (
    <>
      <Button
        size="small"
        variant="text"
        aria-haspopup="dialog"
        aria-expanded={anchor !== null}
        onClick={(event) => setAnchor(event.currentTarget)}
        data-testid="calendar-more"
        sx={{ minWidth: 0, px: 0.5, py: 0, fontSize: 12, alignSelf: 'flex-start' }}
      >
        {t('more', { count: hidden })}
        <Box component="span" sx={visuallyHidden}>
          {`, ${title}`}
        </Box>
      </Button>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{ paper: { role: 'dialog', 'aria-labelledby': titleId, sx: { p: 1.5, width: 280 } } }}
      >
        <Box data-testid="calendar-day-dialog">
          <Typography id={titleId} variant="subtitle2" component="h3" sx={{ mb: 1 }}>
            {title}
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
            {entries.map((entry) => (
              <li key={entry.campaign.id}>
                <CalendarEntry
                  entry={entry}
                  time={formatTime(entry.at)}
                  movable={isMovable(entry)}
                  onMove={(moved) => {
                    setAnchor(null);
                    onMove(moved);
                  }}
                  roomy
                />
              </li>
            ))}
          </Box>
        </Box>
      </Popover>
    </>
  );
}
