import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { BOARD_COLUMNS, type ApprovalState, type BoardCard as Card, type BoardColumn } from '@sms/contracts/campaign-approval';
import { IconDotsVertical } from '@tabler/icons-react';
import { useId, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { statusColors } from '../../../components/campaign-status-tone';
import { paletteColor } from '../../../components/palette-color';
import { ScheduledTime } from '../../../components/scheduled-time';
import { paths } from '../../../config/paths';
import { intlLocale } from '../../../lib/i18n/intl-locale';

/** Readable tints (the theme's light background, its text colour) of each approval state. */
const APPROVAL_TONE: Record<ApprovalState, { bgcolor: string; color: string }> = {
  pending: { bgcolor: 'warning.light', color: 'textColor.warning' },
  approved: { bgcolor: 'success.light', color: 'textColor.success' },
  rejected: { bgcolor: 'error.light', color: 'textColor.error' },
  withdrawn: { bgcolor: 'grey.100', color: 'text.secondary' },
};

/** The drag payload type (a campaign id). */
export const BOARD_DRAG_TYPE = 'application/x-sms-board-card';

export interface BoardCardProps {
  card: Card;
  /** Whether the viewer may move campaigns (the role launches them). */
  movable: boolean;
  busy: boolean;
  onMove: (card: Card, column: BoardColumn) => void;
}

/**
 * One campaign on the board: its name (a link to its page), recipients, author, schedule and
 * approval state. Dragged to another column, or moved with its "Move to…" menu (the keyboard way).
 */
export function BoardCard({ card, movable, busy, onMove }: BoardCardProps) {
  const { t, i18n } = useTranslation(['kanban', 'statuses']);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const colors = statusColors(card.status);
  const onDragStart = (event: DragEvent) => {
    event.dataTransfer.setData(BOARD_DRAG_TYPE, card.id);
    event.dataTransfer.setData('text/plain', card.name);
    event.dataTransfer.effectAllowed = 'move';
  };
  const recipients = new Intl.NumberFormat(intlLocale(i18n.language)).format(card.audienceSize);
  return (
    <Box
      component="li"
      data-testid="board-card"
      data-campaign-id={card.id}
      data-status={card.status}
      draggable={movable && !busy}
      onDragStart={movable ? onDragStart : undefined}
      sx={{
        listStyle: 'none',
        bgcolor: 'background.paper',
        border: 1,
        borderColor: 'divider',
        borderInlineStartWidth: 4,
        borderInlineStartColor: (theme: Theme) => paletteColor(theme, colors.accent),
        borderRadius: 1,
        p: 1.25,
        cursor: movable ? 'grab' : undefined,
        opacity: busy ? 0.6 : 1,
        minWidth: 0,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5 }}>
        <Link
          component={RouterLink}
          to={paths.campaigns.detail(card.id)}
          underline="hover"
          sx={{ flex: 1, minWidth: 0, fontWeight: 600, overflowWrap: 'anywhere' }}
        >
          {card.name}
        </Link>
        {movable ? (
          <>
            <IconButton
              size="small"
              aria-label={t('card.moveTo', { name: card.name })}
              aria-haspopup="menu"
              aria-controls={anchor ? menuId : undefined}
              aria-expanded={anchor ? 'true' : undefined}
              disabled={busy}
              onClick={(event) => setAnchor(event.currentTarget)}
              sx={{ mt: -0.5, mb: -0.5 }}
            >
              <IconDotsVertical size={16} />
            </IconButton>
            <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
              {BOARD_COLUMNS.filter((column) => column !== card.column).map((column) => (
                <MenuItem
                  key={column}
                  onClick={() => {
                    setAnchor(null);
                    onMove(card, column);
                  }}
                >
                  {t('card.moveToColumn', { column: t(`columns.${column}`) })}
                </MenuItem>
              ))}
            </Menu>
          </>
        ) : null}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {t('card.recipients', { count: card.audienceSize, formatted: recipients })}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {t('card.author', { name: card.author?.name ?? t('card.noAuthor') })}
      </Typography>
      {card.scheduledAt ? (
        <Typography variant="body2" color="text.secondary" component="div">
          <ScheduledTime
            value={card.scheduledAt}
            timeZone={card.timeZone}
            scheduledFor={card.column === 'draft' || card.column === 'in_review' || card.column === 'scheduled'}
          />
        </Typography>
      ) : null}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.75 }}>
        {card.column === 'done' ? <Chip size="small" label={t(`statuses:campaign.${card.status}`)} /> : null}
        {card.approval ? <Chip size="small" sx={APPROVAL_TONE[card.approval]} label={t(`approval.${card.approval}`)} /> : null}
      </Box>
    </Box>
  );
}
