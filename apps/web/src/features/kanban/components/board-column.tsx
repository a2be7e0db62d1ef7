import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { BoardCard as Card, BoardColumn as Column } from '@sms/contracts/campaign-approval';
import { useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BOARD_DRAG_TYPE, BoardCard } from './board-card';

export interface BoardColumnProps {
  column: Column;
  cards: Card[];
  movable: boolean;
  /** The card being moved (dimmed until the server answers). */
  busyId: string | null;
  onMove: (card: Card, column: Column) => void;
  /** Finds a dragged card by id (it may come from another column). */
  cardById: (id: string) => Card | undefined;
}

/** One column of the board: a drop target and its cards. */
export function BoardColumnView({ column, cards, movable, busyId, onMove, cardById }: BoardColumnProps) {
  const { t } = useTranslation('kanban');
  const [over, setOver] = useState(false);
  const headingId = `board-column-${column}`;
  const accepts = (event: DragEvent) => movable && event.dataTransfer.types.includes(BOARD_DRAG_TYPE);
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      data-testid="board-column"
      data-column={column}
      onDragOver={(event: DragEvent) => {
        if (!accepts(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event: DragEvent) => {
        setOver(false);
        if (!accepts(event)) return;
        event.preventDefault();
        const card = cardById(event.dataTransfer.getData(BOARD_DRAG_TYPE));
        if (card && card.column !== column) onMove(card, column);
      }}
      sx={{
        bgcolor: over ? 'action.selected' : 'action.hover',
        borderRadius: 2,
        p: 1,
        minWidth: 0,
        minHeight: 120,
        outline: over ? 2 : 0,
        outlineStyle: 'dashed',
        outlineColor: 'primary.main',
      }}
    >
      <Typography id={headingId} component="h2" variant="subtitle1" sx={{ fontWeight: 600, px: 0.5, pb: 1 }}>
        {t(`columns.${column}`)}{' '}
        <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>
          ({cards.length})
        </Box>
      </Typography>
      {cards.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ px: 0.5 }}>
          {t('emptyColumn')}
        </Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, p: 0, display: 'grid', gap: 1 }}>
          {cards.map((card) => (
            <BoardCard key={card.id} card={card} movable={movable} busy={busyId === card.id} onMove={onMove} />
          ))}
        </Box>
      )}
    </Box>
  );
}
