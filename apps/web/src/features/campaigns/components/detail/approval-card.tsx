import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ApprovalEntry } from '@sms/contracts/campaign-approval';
import type { CampaignStatus } from '@sms/contracts/campaigns';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApprovalAction } from '../../../../api/campaigns/approval-actions';
import { useApproval } from '../../../../api/campaigns/get-approval';
import { InputField } from '../../../../components/forms/input-field';
import { useLanguage } from '../../../../lib/i18n/use-language';
import { intlLocale } from '../../../../lib/i18n/intl-locale';
import { toApiError } from '../../../../lib/api-error';

const DECIDED_KEY = { approved: 'panel.approvedBy', rejected: 'panel.rejectedBy', withdrawn: 'panel.withdrawnBy' } as const;

/** One request and what became of it: who asked, who decided, when, and the comment. */
function HistoryEntry({ entry, when }: { entry: ApprovalEntry; when: (iso: string) => string }) {
  const { t } = useTranslation('kanban');
  const someone = t('panel.someone');
  return (
    <Box
      component="li"
      sx={{ listStyle: 'none', borderInlineStart: 2, borderColor: 'divider', ps: 1.5, py: 0.5 }}
      data-testid="approval-entry"
    >
      {entry.state === 'withdrawn' && entry.requestedBy?.id === entry.decidedBy?.id && entry.decidedAt === entry.requestedAt ? null : (
        <Typography variant="body2">
          {t('panel.requested', { name: entry.requestedBy?.name ?? someone })} ·{' '}
          <time dateTime={entry.requestedAt}>{when(entry.requestedAt)}</time>
        </Typography>
      )}
      {entry.state === 'pending' ? (
        <Typography variant="body2" color="text.secondary">
          {t('panel.pendingEntry')}
        </Typography>
      ) : (
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {t(DECIDED_KEY[entry.state], { name: entry.decidedBy?.name ?? someone })}
          {entry.decidedAt ? (
            <>
              {' · '}
              <time dateTime={entry.decidedAt}>{when(entry.decidedAt)}</time>
            </>
          ) : null}
        </Typography>
      )}
      {entry.comment ? (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontStyle: 'italic' }}>
          “{entry.comment}”
        </Typography>
      ) : null}
    </Box>
  );
}

/**
 * The campaign's approval (decision 101): whether the rule applies, its state, Approve and Reject
 * (with a comment) for a manager or admin other than its author, and the history.
 */
export function ApprovalCard({ campaignId, status }: { campaignId: string; status: CampaignStatus }) {
  const { t } = useTranslation(['kanban', 'statuses']);
  const { language } = useLanguage();
  const query = useApproval(campaignId);
  const action = useApprovalAction();
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const approval = query.data;
  if (!approval || (!approval.required && approval.history.length === 0 && status !== 'in_review')) return null;
  const when = (iso: string) =>
    new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  const decide = (kind: 'approve' | 'reject') => {
    setError(null);
    setNotice(null);
    const input =
      kind === 'approve'
        ? { id: campaignId, action: 'approve' as const, comment: comment.trim() }
        : { id: campaignId, action: 'reject' as const, comment: comment.trim() };
    if (kind === 'reject' && input.comment === '') {
      setError(t('panel.commentHint'));
      return;
    }
    action.mutate(input, {
      onSuccess: () => {
        setComment('');
        setNotice(t(kind === 'approve' ? 'panel.approved' : 'panel.rejected'));
      },
      onError: (failure) => setError(toApiError(failure).detail),
    });
  };
  return (
    <Card data-testid="approval-card">
      <CardContent>
        <Stack spacing={1.5}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography component="h2" variant="h6">
              {t('panel.title')}
            </Typography>
            {approval.state ? <Chip size="small" label={t(`approval.${approval.state}`)} data-testid="approval-state" /> : null}
          </Box>
          {approval.threshold !== null && approval.audienceSize !== null ? (
            <Typography variant="body2" color="text.secondary">
              {approval.required ? t('panel.required', { count: approval.threshold }) : t('panel.notRequired')}
            </Typography>
          ) : null}
          {status === 'in_review' ? (
            <Alert severity="info">{approval.canDecide ? t('panel.approveHint') : t('panel.pending')}</Alert>
          ) : null}
          {notice ? <Alert severity="success">{notice}</Alert> : null}
          {approval.canDecide ? (
            <Stack spacing={1}>
              <InputField
                label={t('panel.comment')}
                name="approval-comment"
                multiline
                minRows={2}
                value={comment}
                onChange={(event) => setComment(event.target.value)}
                error={error !== null}
                helperText={error ?? t('panel.commentHint')}
                slotProps={{ htmlInput: { maxLength: 1000 } }}
              />
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                <Button variant="contained" color="success" disabled={action.isPending} onClick={() => decide('approve')}>
                  {t('panel.approve')}
                </Button>
                <Button variant="outlined" color="error" disabled={action.isPending} onClick={() => decide('reject')}>
                  {t('panel.reject')}
                </Button>
              </Box>
            </Stack>
          ) : status === 'in_review' ? (
            <Typography variant="body2" color="text.secondary">
              {t('panel.own')}
            </Typography>
          ) : null}
          {error && !approval.canDecide ? <Alert severity="error">{error}</Alert> : null}
          {approval.history.length > 0 ? (
            <Box>
              <Typography component="h3" variant="subtitle2" sx={{ mb: 0.5 }}>
                {t('panel.history')}
              </Typography>
              <Stack component="ul" spacing={1} sx={{ m: 0, p: 0 }}>
                {approval.history.map((entry) => (
                  <HistoryEntry key={entry.id} entry={entry} when={when} />
                ))}
              </Stack>
            </Box>
          ) : null}
        </Stack>
      </CardContent>
    </Card>
  );
}
