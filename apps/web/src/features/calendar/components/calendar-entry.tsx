import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { Theme } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import { IconCalendarShare, IconDotsVertical, IconExternalLink } from '@tabler/icons-react';
import { useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { statusColors } from '../../../components/campaign-status-tone';
import { paletteColor } from '../../../components/palette-color';
import { visuallyHidden } from '../../../components/visually-hidden';
import { paths } from '../../../config/paths';
import type { CalendarEntry as Entry } from './calendar-model';

/** The drag payload type (a campaign id). */
export const DRAG_TYPE = 'application/x-sms-campaign';

export interface CalendarEntryProps {
  entry: Entry;
  /** Shown before the name (the local time). */
  time: string;
  /** Whether the viewer may move it (scheduled, and the role edits campaigns). */
  movable: boolean;
  onMove: (entry: Entry) => void;
  /** Week view: roomier entries. */
  roomy?: boolean;
}

/**
 * One campaign in a day: a link to its page, tinted by status; a scheduled one can be dragged to
 * another day, or moved from its menu ("Move to date…") with the keyboard.
 */
export function CalendarEntry({ entry, time, movable, onMove, roomy }: CalendarEntryProps) {
  const { t } = useTranslation(['calendar', 'statuses']);
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { campaign } = entry;
  const colors = statusColors(campaign.status);
  const status = t(`statuses:campaign.${campaign.status}`);
  const onDragStart = (event: DragEvent) => {
    event.dataTransfer.setData(DRAG_TYPE, campaign.id);
    event.dataTransfer.setData('text/plain', campaign.name);
    event.dataTransfer.effectAllowed = 'move';
  };
  return (
    <Box
      data-testid="calendar-entry"
      data-campaign-id={campaign.id}
      data-status={campaign.status}
      draggable={movable}
      onDragStart={movable ? onDragStart : undefined}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 0.5,
        bgcolor: colors.bgcolor,
        color: colors.color,
        borderInlineStartWidth: 3,
        borderInlineStartStyle: 'solid',
        borderInlineStartColor: (theme: Theme) => paletteColor(theme, colors.accent),
        borderRadius: 1,
        px: 0.5,
        py: roomy ? 0.5 : 0.25,
        fontSize: 12,
        cursor: movable ? 'grab' : undefined,
        minWidth: 0,
      }}
    >
      <Tooltip describeChild title={`${campaign.name} · ${status} · ${time}`}>
        <Link
          component={RouterLink}
          to={paths.campaigns.detail(campaign.id)}
          underline="hover"
          color="inherit"
          sx={{ flex: 1, minWidth: 0, fontWeight: 600, overflowWrap: 'anywhere' }}
        >
          {/* The time on its own line and the name on up to two below it (all of it in the week
              view): a month cell is too narrow for both on one line, which cut names to a few letters. */}
          <Box
            component="span"
            sx={{ display: 'block', fontVariantNumeric: 'tabular-nums', fontWeight: 400 }}
            data-testid="calendar-entry-time"
          >
            {time}
          </Box>
          <Box
            component="span"
            data-testid="calendar-entry-name"
            sx={
              roomy ? { display: 'block' } : { display: '-webkit-box', WebkitBoxOrient: 'vertical', WebkitLineClamp: 2, overflow: 'hidden' }
            }
          >
            {campaign.name}
          </Box>
          <Box component="span" sx={visuallyHidden}>
            {`, ${status}`}
          </Box>
        </Link>
      </Tooltip>
      <IconButton
        size="small"
        aria-label={t('entry.actions', { name: campaign.name })}
        aria-haspopup="menu"
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ p: 0.25, color: 'inherit' }}
      >
        <IconDotsVertical size={14} />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            void navigate(paths.campaigns.detail(campaign.id));
          }}
        >
          <ListItemIcon>
            <IconExternalLink size={18} />
          </ListItemIcon>
          {t('entry.open')}
        </MenuItem>
        {movable ? (
          <MenuItem
            onClick={() => {
              setAnchor(null);
              onMove(entry);
            }}
          >
            <ListItemIcon>
              <IconCalendarShare size={18} />
            </ListItemIcon>
            {t('entry.move')}
          </MenuItem>
        ) : null}
      </Menu>
    </Box>
  );
}
