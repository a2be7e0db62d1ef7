import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { BOARD_COLUMNS, type BoardCard, type BoardColumn } from '@sms/contracts/campaign-approval';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApprovalRule } from '../../../api/campaigns/approval-rule';
import { useBoard } from '../../../api/campaigns/get-board';
import { useMoveCampaign } from '../../../api/campaigns/move-campaign';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PageContainer } from '../../../components/page-container';
import { LoadOrRetry } from '../../../components/retry-alert';
import { useAbility } from '../../../lib/permissions/use-ability';
import { ApprovalRuleCard } from '../components/approval-rule-card';
import { BoardColumnView } from '../components/board-column';
import { refusalText } from '../components/refusal-text';

/**
 * /apps/kanban: campaigns in columns by state (decision 101). Dragging a card, or its "Move to…"
 * menu, asks the server to move the campaign through its state machine; a refused move says why
 * and the card stays where the server has it. Cancelling (to Done) is confirmed first.
 */
export default function CampaignBoard() {
  const { t } = useTranslation(['kanban', 'statuses']);
  const ability = useAbility();
  const movable = ability.can('launch', 'Campaign');
  const board = useBoard();
  const rule = useApprovalRule(ability.can('read', 'Settings'));
  const move = useMoveCampaign();
  const [busyId, setBusyId] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState<BoardCard | null>(null);
  const cards = useMemo(() => board.data?.data ?? [], [board.data]);
  const byId = useMemo(() => new Map(cards.map((card) => [card.id, card])), [cards]);
  const cardById = useCallback((id: string) => byId.get(id), [byId]);
  const threshold = board.data?.threshold ?? null;

  const carryOut = (card: BoardCard, column: BoardColumn) => {
    setRefusal(null);
    setDone(null);
    setBusyId(card.id);
    move.mutate(
      { id: card.id, column },
      {
        onSuccess: (campaign) => setDone(t('moved', { name: card.name, status: t(`statuses:campaign.${campaign.status}`) })),
        onError: (error) => setRefusal(refusalText(t, error, { from: card.status, to: column, threshold })),
        onSettled: () => setBusyId(null),
      },
    );
  };
  const onMove = (card: BoardCard, column: BoardColumn) => {
    if (column === 'done' && card.column !== 'done') setCancelling(card);
    else carryOut(card, column);
  };

  return (
    <PageContainer title={t('title')} description={t('description')}>
      {ability.can('read', 'Settings') && rule.data ? (
        <ApprovalRuleCard threshold={rule.data.threshold} canEdit={ability.can('update', 'Settings')} />
      ) : null}
      <Box aria-live="polite" sx={{ mb: refusal || done ? 2 : 0 }}>
        {refusal ? (
          <Alert severity="error" role="alert" onClose={() => setRefusal(null)} data-testid="board-refusal">
            {refusal}
          </Alert>
        ) : null}
        {done ? (
          <Alert severity="success" onClose={() => setDone(null)} data-testid="board-moved">
            {done}
          </Alert>
        ) : null}
      </Box>
      {board.isFetching && !board.data ? <LinearProgress aria-label={t('loading')} /> : null}
      <LoadOrRetry query={board}>
        {board.data ? (
          <>
            {movable ? (
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {t('hint')}
              </Typography>
            ) : null}
            <Box
              sx={{
                display: 'grid',
                gap: 1.5,
                gridTemplateColumns: {
                  xs: 'minmax(0, 1fr)',
                  sm: 'repeat(2, minmax(0, 1fr))',
                  md: 'repeat(3, minmax(0, 1fr))',
                  xl: 'repeat(6, minmax(0, 1fr))',
                },
                alignItems: 'start',
              }}
            >
              {BOARD_COLUMNS.map((column) => (
                <BoardColumnView
                  key={column}
                  column={column}
                  cards={cards.filter((card) => card.column === column)}
                  movable={movable}
                  busyId={busyId}
                  onMove={onMove}
                  cardById={cardById}
                />
              ))}
            </Box>
            {board.data.truncated ? (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {t('truncated')}
              </Typography>
            ) : null}
          </>
        ) : null}
      </LoadOrRetry>
      <ConfirmDialog
        open={cancelling !== null}
        title={t('cancel.title')}
        message={t('cancel.message', { name: cancelling?.name ?? '' })}
        confirmLabel={t('cancel.confirm')}
        cancelLabel={t('cancel.keep')}
        danger
        onConfirm={() => {
          if (cancelling) carryOut(cancelling, 'done');
          setCancelling(null);
        }}
        onClose={() => setCancelling(null)}
      />
    </PageContainer>
  );
}
