import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { KeywordRule, KeywordRuleAction } from '@sms/contracts/keyword-rules';
import { IconArrowDown, IconArrowUp, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteKeywordRule } from '../../../api/keyword-rules/delete-keyword-rule';
import { useKeywordRules } from '../../../api/keyword-rules/get-keyword-rules';
import { useReorderKeywordRules } from '../../../api/keyword-rules/reorder-keyword-rules';
import { useSaveKeywordRule } from '../../../api/keyword-rules/save-keyword-rule';
import { DeleteDialog } from '../../../components/delete-dialog';
import { FullPageLoader } from '../../../components/full-page-loader';
import { MessageSnackbar } from '../../../components/notice-snackbar';
import { RetryAlert } from '../../../components/retry-alert';
import { useTicketAgents } from '../../../api/tickets/get-ticket-agents';
import { errorMessage } from '../../../lib/api-client';
import { useAbility } from '../../../lib/permissions/use-ability';
import { KeywordRuleDialog } from './keyword-rule-dialog';
import { KeywordRuleTestCard } from './keyword-rule-test-card';

/**
 * The Keyword rules tab of /configurations (decision 104): the rules in the order they apply, each
 * with its words and actions, enabled or not; administrators add, edit, reorder and delete them,
 * managers read them. Below, the test box.
 */
export function KeywordRulesTab() {
  const { t } = useTranslation(['keyword-rules', 'common']);
  const canEdit = useAbility().can('update', 'Settings');
  const query = useKeywordRules();
  const reorder = useReorderKeywordRules();
  const toggle = useSaveKeywordRule();
  const deletion = useDeleteKeywordRule();
  const [editing, setEditing] = useState<KeywordRule | 'new' | null>(null);
  const [deleting, setDeleting] = useState<KeywordRule | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  if (query.isPending) return <FullPageLoader />;
  if (query.isError) return <RetryAlert error={query.error} onRetry={() => void query.refetch()} />;
  const rules = query.data.data;
  const move = (index: number, by: -1 | 1) => {
    const ids = rules.map((rule) => rule.id);
    const [id] = ids.splice(index, 1);
    if (id) ids.splice(index + by, 0, id);
    reorder.mutate(ids);
  };
  const failed = reorder.error ?? toggle.error;
  return (
    <Stack spacing={3}>
      <Card>
        <CardContent>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', mb: 2 }}>
            <Box>
              <Typography variant="h5" component="h2" sx={{ mb: 0.5 }}>
                {t('title')}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('description')}
              </Typography>
            </Box>
            {canEdit ? (
              <Box sx={{ flexShrink: 0 }}>
                <Button variant="contained" startIcon={<IconPlus size={18} />} onClick={() => setEditing('new')}>
                  {t('new')}
                </Button>
              </Box>
            ) : null}
          </Stack>
          {!canEdit ? (
            <Alert severity="info" sx={{ mb: 2 }}>
              {t('readOnly')}
            </Alert>
          ) : null}
          {failed ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {errorMessage(failed)}
            </Alert>
          ) : null}
          {rules.length === 0 ? (
            <Typography color="text.secondary">{t('empty')}</Typography>
          ) : (
            <Stack component="ol" spacing={1.5} aria-label={t('listLabel')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {rules.map((rule, index) => (
                <Box
                  component="li"
                  key={rule.id}
                  data-testid="keyword-rule"
                  sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, opacity: rule.enabled ? 1 : 0.7 }}
                >
                  <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between' }}>
                    <Box sx={{ minWidth: 0 }}>
                      <Typography variant="subtitle1" component="h3" dir="auto" sx={{ overflowWrap: 'anywhere' }}>
                        {t('position', { position: index + 1 })}: {rule.name}
                        {rule.enabled ? null : <Chip size="small" label={t('disabled')} sx={{ ms: 1 }} />}
                      </Typography>
                      <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', my: 0.5 }} aria-label={t('words')}>
                        {rule.words.map((word) => (
                          <Chip key={word} label={word} size="small" variant="outlined" dir="auto" />
                        ))}
                      </Stack>
                      <Box component="ul" sx={{ m: 0, ps: 2.5 }}>
                        {rule.actions.map((action, actionIndex) => (
                          <Typography component="li" variant="body2" key={actionIndex} dir="auto" sx={{ overflowWrap: 'anywhere' }}>
                            <ActionSummary action={action} />
                          </Typography>
                        ))}
                      </Box>
                    </Box>
                    <Stack direction="row" sx={{ alignItems: 'center', flexShrink: 0 }}>
                      <Switch
                        checked={rule.enabled}
                        disabled={!canEdit || toggle.isPending}
                        slotProps={{ input: { 'aria-label': t('enabledFor', { name: rule.name }) } }}
                        onChange={(event) => toggle.mutate({ id: rule.id, body: { enabled: event.target.checked } })}
                      />
                      {canEdit ? (
                        <>
                          <IconButton
                            aria-label={t('moveUp', { name: rule.name })}
                            disabled={index === 0 || reorder.isPending}
                            onClick={() => move(index, -1)}
                          >
                            <IconArrowUp size={18} />
                          </IconButton>
                          <IconButton
                            aria-label={t('moveDown', { name: rule.name })}
                            disabled={index === rules.length - 1 || reorder.isPending}
                            onClick={() => move(index, 1)}
                          >
                            <IconArrowDown size={18} />
                          </IconButton>
                          <IconButton aria-label={t('edit', { name: rule.name })} onClick={() => setEditing(rule)}>
                            <IconPencil size={18} />
                          </IconButton>
                          <IconButton aria-label={t('delete', { name: rule.name })} onClick={() => setDeleting(rule)}>
                            <IconTrash size={18} />
                          </IconButton>
                        </>
                      ) : null}
                    </Stack>
                  </Stack>
                </Box>
              ))}
            </Stack>
          )}
        </CardContent>
      </Card>
      <KeywordRuleTestCard />
      {editing ? (
        <KeywordRuleDialog
          rule={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            setNotice(t('form.saved'));
          }}
        />
      ) : null}
      <DeleteDialog
        item={deleting}
        deletion={deletion}
        namespace="keyword-rules"
        values={(rule) => ({ name: rule.name })}
        onClose={() => setDeleting(null)}
        onDeleted={() => setDeleting(null)}
      />
      <MessageSnackbar message={notice} onClose={() => setNotice(null)} />
    </Stack>
  );
}

/** One action in words. */
function ActionSummary({ action }: { action: KeywordRuleAction }) {
  const { t } = useTranslation(['keyword-rules', 'common']);
  switch (action.type) {
    case 'tag':
      return <>{t('summary.tag', { field: t(`tags.${action.field}`), value: action.value })}</>;
    case 'field':
      return <>{t('summary.field', { name: action.name, value: action.value })}</>;
    case 'answer':
      return <>{t('summary.answer', { text: action.text })}</>;
    case 'notify':
      return (
        <>
          {t('summary.notify', {
            who: action.roles.map((role) => t(`common:roles.${role}`)).join(', ') || t('form.usersKept', { count: action.userIds.length }),
          })}
        </>
      );
    case 'assign':
      return <AssignSummary userId={action.userId} />;
  }
}

/** "Assign to Ana" or "Assign to the team (round-robin)". */
function AssignSummary({ userId }: { userId: string | null }) {
  const { t } = useTranslation('keyword-rules');
  const agents = useTicketAgents();
  if (userId === null) return <>{t('summary.assignTeam')}</>;
  const name = agents.data?.find((agent) => agent.id === userId)?.name;
  return <>{name ? t('summary.assign', { name }) : t('summary.assignUnavailable')}</>;
}
