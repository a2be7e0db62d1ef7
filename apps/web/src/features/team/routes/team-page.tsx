import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { TEAM_STATUSES, type InvitationSentResponse, type TeamMember, type TeamStatus } from '@sms/contracts/team';
import { IconMailForward, IconSearch, IconUserPlus, IconUsers, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { AccessDenied } from '../../../components/access-denied';
import { CardList, type CardAction } from '../../../components/card-list/card-list';
import { useCardLayout } from '../../../components/card-list/use-card-layout';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState } from '../../../components/empty-state';
import { InputField } from '../../../components/forms/input-field';
import { MessageSnackbar } from '../../../components/notice-snackbar';
import { PageContainer } from '../../../components/page-container';
import { LoadOrRetry } from '../../../components/retry-alert';
import { paths } from '../../../config/paths';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { Can } from '../../../lib/permissions/can';
import { useAbility } from '../../../lib/permissions/use-ability';
import { useDebounced } from '../../../lib/use-debounced';
import { useTeam } from '../../../api/team/get-team';
import { useResendInvitation } from '../../../api/team/resend-invitation';
import { useRevokeInvitation } from '../../../api/team/revoke-invitation';
import { InvitationLinkDialog } from '../components/invitation-link-dialog';
import { InviteDialog } from '../components/invite-dialog';
import { MemberName, useTeamFields } from '../components/use-team-fields';

const PAGE_SIZE = 25;
const showEmpty = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;

/** /apps/friends: the team (name, role, status, last seen, availability, open conversations, notes written) and invitations by e-mail (admins invite, resend, withdraw). */
export default function TeamPage() {
  const { t } = useTranslation('team');
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<TeamStatus | ''>('');
  const [page, setPage] = useState(0);
  const [inviting, setInviting] = useState(false);
  const [revoking, setRevoking] = useState<TeamMember | null>(null);
  const [shownLink, setShownLink] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const debounced = useDebounced(search.trim(), 300);
  const query = useTeam({
    limit: PAGE_SIZE,
    skip: page * PAGE_SIZE,
    ...(debounced ? { search: debounced } : {}),
    ...(status ? { status } : {}),
  });
  const fields = useTeamFields();
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const ability = useAbility();
  const cards = useCardLayout();

  if (query.error instanceof ApiError && query.error.status === 403) return <AccessDenied ns="team" />;
  const rows = query.data?.data ?? [];
  const sent = (answer: InvitationSentResponse) => {
    if (answer.link) setShownLink(answer.link);
    else setNotice(t('notices.emailed', { email: answer.invitation.email }));
  };
  const sendAgain = (member: TeamMember) =>
    resend.mutate(member.id, { onSuccess: sent, onError: (error) => setNotice(errorMessage(error)) });
  const actions = (member: TeamMember): CardAction[] =>
    member.invitation && ability.can('create', 'User')
      ? [
          {
            key: 'resend',
            label: t('actions.resendNamed', { name: member.name }),
            icon: <IconMailForward size={18} aria-hidden />,
            onClick: () => sendAgain(member),
          },
          {
            key: 'revoke',
            label: t('actions.revokeNamed', { name: member.name }),
            icon: <IconX size={18} aria-hidden />,
            onClick: () => setRevoking(member),
          },
        ]
      : [];
  const empty = <EmptyState icon={<IconUsers size={36} stroke={1.4} />} title={t('list.empty')} testId="team-empty" />;

  return (
    <PageContainer
      title={t('title')}
      description={t('description')}
      actions={
        <Can I="create" a="User">
          <Stack direction="row" spacing={1}>
            <Button component={RouterLink} to={paths.users.new} variant="outlined">
              {t('actions.createWithPassword')}
            </Button>
            <Button
              variant="contained"
              startIcon={<IconUserPlus size={18} aria-hidden />}
              onClick={() => setInviting(true)}
              data-testid="invite-open"
            >
              {t('actions.invite')}
            </Button>
          </Stack>
        </Can>
      }
    >
      <Card>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ p: 2 }}>
          <InputField
            size="small"
            type="search"
            label={t('list.search')}
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setPage(0);
            }}
            sx={{ flex: 1 }}
            slotProps={{
              htmlInput: { maxLength: 200 },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <IconSearch size={18} aria-hidden />
                  </InputAdornment>
                ),
              },
            }}
          />
          <TextField
            select
            size="small"
            label={t('fields.status')}
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as TeamStatus | '');
              setPage(0);
            }}
            sx={{ minWidth: 180 }}
            slotProps={showEmpty}
          >
            <MenuItem value="">{t('list.allStatuses')}</MenuItem>
            {TEAM_STATUSES.map((value) => (
              <MenuItem key={value} value={value}>
                {t(`status.${value}`)}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        <LoadOrRetry query={query}>
          {cards ? (
            <CardList<TeamMember>
              rows={rows}
              rowKey={(member) => member.id}
              label={t('title')}
              testId="team-cards"
              empty={empty}
              title={(member) => <MemberName member={member} />}
              cardProps={(member) => ({ 'data-email': member.email })}
              fields={fields}
              actions={actions}
            />
          ) : (
            <TableContainer>
              <Table size="small" aria-label={t('title')} data-testid="team-table">
                <TableHead>
                  <TableRow>
                    <TableCell>{t('fields.name')}</TableCell>
                    {fields.map((field) => (
                      <TableCell key={field.key} align={field.align}>
                        {field.label}
                      </TableCell>
                    ))}
                    <TableCell align="right">{t('list.actions')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.length === 0 ? (
                    <TableRow>
                      <TableCell colSpan={fields.length + 2}>{empty}</TableCell>
                    </TableRow>
                  ) : (
                    rows.map((member) => (
                      <TableRow key={member.id} data-email={member.email} data-testid="team-row">
                        <TableCell>
                          <MemberName member={member} />
                        </TableCell>
                        {fields.map((field) => (
                          <TableCell key={field.key} align={field.align}>
                            {field.render(member)}
                          </TableCell>
                        ))}
                        <TableCell align="right">
                          {actions(member).map((action) => (
                            <Tooltip key={action.key} title={action.label}>
                              <IconButton size="small" aria-label={action.label} onClick={action.onClick}>
                                {action.icon}
                              </IconButton>
                            </Tooltip>
                          ))}
                        </TableCell>
                      </TableRow>
                    ))
                  )}
                </TableBody>
              </Table>
            </TableContainer>
          )}
          <TablePagination
            component="div"
            count={query.data?.total ?? 0}
            page={page}
            rowsPerPage={PAGE_SIZE}
            rowsPerPageOptions={[PAGE_SIZE]}
            onPageChange={(_event, next) => setPage(next)}
          />
        </LoadOrRetry>
      </Card>
      {inviting ? <InviteDialog onClose={() => setInviting(false)} onSent={(answer) => !answer.link && sent(answer)} /> : null}
      {shownLink ? <InvitationLinkDialog link={shownLink} onClose={() => setShownLink(null)} /> : null}
      <ConfirmDialog
        open={revoking !== null}
        title={t('revoke.title')}
        message={t('revoke.message', { name: revoking?.name ?? '', email: revoking?.email ?? '' })}
        confirmLabel={t('revoke.confirm')}
        danger
        busy={revoke.isPending}
        error={revoke.error ? errorMessage(revoke.error) : null}
        onClose={() => setRevoking(null)}
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking.id, {
            onSuccess: () => {
              setRevoking(null);
              setNotice(t('notices.revoked'));
            },
          })
        }
      />
      <MessageSnackbar message={notice} severity="success" autoHideDuration={4000} onClose={() => setNotice(null)} />
    </PageContainer>
  );
}
