import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import type { Template } from '@sms/contracts/templates';
import { IconEdit, IconPlus, IconSearch, IconTemplate, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AccessDenied } from '../../../components/access-denied';
import { CardList, type CardAction } from '../../../components/card-list/card-list';
import { useCardLayout } from '../../../components/card-list/use-card-layout';
import { ShortDateTime } from '../../../components/date-time';
import { DeleteDialog } from '../../../components/delete-dialog';
import { EmptyState } from '../../../components/empty-state';
import { MessageSnackbar } from '../../../components/notice-snackbar';
import { PageContainer } from '../../../components/page-container';
import { LoadOrRetry } from '../../../components/retry-alert';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { Can } from '../../../lib/permissions/can';
import { useAbility } from '../../../lib/permissions/use-ability';
import { useDebounced } from '../../../lib/use-debounced';
import { useDeleteTemplate } from '../../../api/templates/delete-template';
import { useTemplates } from '../../../api/templates/get-templates';
import { TemplateDialog } from '../../../components/messaging/template-dialog';
import { InputField } from '../../../components/forms/input-field';

const PAGE_SIZE = 10;

/** /campaigns/templates: message templates with search, use counts and last use; managers and admins edit them. */
export default function TemplatesList() {
  const { t } = useTranslation(['templates', 'campaigns']);
  // The top-bar search opens a template as this list searched for its name.
  const [searchParams] = useSearchParams();
  const [search, setSearch] = useState(() => searchParams.get('search') ?? '');
  const [page, setPage] = useState(0);
  const debounced = useDebounced(search.trim(), 300);
  const query = useTemplates({ search: debounced || undefined, limit: PAGE_SIZE, skip: page * PAGE_SIZE, sort: 'name', order: 'asc' });
  const [editing, setEditing] = useState<Partial<Template> | null>(null);
  const [deleting, setDeleting] = useState<Template | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const deletion = useDeleteTemplate();
  const ability = useAbility();
  const cards = useCardLayout();

  if (query.error instanceof ApiError && query.error.status === 403) return <AccessDenied ns="templates" />;
  const rows = query.data?.data ?? [];
  const empty = (
    <EmptyState
      icon={<IconTemplate size={36} stroke={1.4} />}
      title={debounced ? t('list.noMatch') : t('list.empty')}
      testId="templates-empty"
      clear={
        debounced
          ? {
              label: t('list.clearSearch'),
              onClick: () => {
                setSearch('');
                setPage(0);
              },
            }
          : undefined
      }
    />
  );
  const actions = (template: Template): CardAction[] => [
    ...(ability.can('update', 'Template')
      ? [
          {
            key: 'edit',
            label: t('actions.editNamed', { name: template.name }),
            icon: <IconEdit size={18} aria-hidden />,
            onClick: () => setEditing(template),
          },
        ]
      : []),
    ...(ability.can('delete', 'Template')
      ? [
          {
            key: 'delete',
            label: t('actions.deleteNamed', { name: template.name }),
            icon: <IconTrash size={18} aria-hidden />,
            onClick: () => setDeleting(template),
          },
        ]
      : []),
  ];

  return (
    <PageContainer
      title={t('list.title')}
      description={t('list.description')}
      breadcrumbs={[{ label: t('campaigns:list.title'), to: paths.campaigns.list }, { label: t('list.title') }]}
      actions={
        <Can I="create" a="Template">
          <Button variant="contained" startIcon={<IconPlus size={18} aria-hidden />} onClick={() => setEditing({})}>
            {t('actions.new')}
          </Button>
        </Can>
      }
    >
      <Card>
        <Stack direction="row" sx={{ p: 2 }}>
          <InputField
            size="small"
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setPage(0);
            }}
            placeholder={t('list.search')}
            slotProps={{
              htmlInput: { 'aria-label': t('list.search') },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <IconSearch size={18} aria-hidden />
                  </InputAdornment>
                ),
              },
            }}
          />
        </Stack>
        <LoadOrRetry query={query}>
          {cards ? (
            // On a phone, cards: the table's six columns scrolled sideways.
            <CardList<Template>
              rows={rows}
              rowKey={(template) => template.id}
              label={t('list.title')}
              testId="templates-cards"
              empty={empty}
              title={(template) => template.name}
              fields={[
                { key: 'category', label: t('fields.category'), render: (template) => template.category ?? '' },
                { key: 'body', label: t('fields.body'), render: (template) => <span dir="auto">{template.body}</span> },
                { key: 'useCount', label: t('fields.useCount'), render: (template) => template.useCount },
                {
                  key: 'lastUsedAt',
                  label: t('fields.lastUsedAt'),
                  render: (template) => (template.lastUsedAt ? <ShortDateTime value={template.lastUsedAt} /> : t('list.never')),
                },
              ]}
              actions={actions}
            />
          ) : (
            <TableContainer>
              <Table size="small" aria-label={t('list.title')} data-testid="templates-table">
                <TableHead>
                  <TableRow>
                    <TableCell>{t('fields.name')}</TableCell>
                    <TableCell>{t('fields.category')}</TableCell>
                    <TableCell>{t('fields.body')}</TableCell>
                    <TableCell align="right">{t('fields.useCount')}</TableCell>
                    <TableCell>{t('fields.lastUsedAt')}</TableCell>
                    <TableCell align="right">{t('list.actions')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.length === 0 ? (
                    <TableRow>
                      <TableCell colSpan={6}>{empty}</TableCell>
                    </TableRow>
                  ) : (
                    rows.map((template) => (
                      <TableRow key={template.id}>
                        <TableCell>{template.name}</TableCell>
                        <TableCell>{template.category ?? ''}</TableCell>
                        <TableCell sx={{ maxWidth: 360, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} dir="auto">
                          {template.body}
                        </TableCell>
                        <TableCell align="right">{template.useCount}</TableCell>
                        <TableCell>{template.lastUsedAt ? <ShortDateTime value={template.lastUsedAt} /> : t('list.never')}</TableCell>
                        <TableCell align="right">
                          <Can I="update" a="Template">
                            <Tooltip title={t('actions.edit')}>
                              <IconButton
                                size="small"
                                aria-label={t('actions.editNamed', { name: template.name })}
                                onClick={() => setEditing(template)}
                              >
                                <IconEdit size={18} aria-hidden />
                              </IconButton>
                            </Tooltip>
                          </Can>
                          <Can I="delete" a="Template">
                            <Tooltip title={t('actions.delete')}>
                              <IconButton
                                size="small"
                                aria-label={t('actions.deleteNamed', { name: template.name })}
                                onClick={() => setDeleting(template)}
                              >
                                <IconTrash size={18} aria-hidden />
                              </IconButton>
                            </Tooltip>
                          </Can>
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
      {editing ? (
        <TemplateDialog
          initial={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setNotice(editing.id ? t('notices.updated') : t('notices.created'));
            setEditing(null);
          }}
        />
      ) : null}
      <DeleteDialog
        item={deleting}
        deletion={deletion}
        namespace="templates"
        values={(template) => ({ name: template.name })}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          setDeleting(null);
          setNotice(t('notices.deleted'));
        }}
      />
      <MessageSnackbar message={notice} severity="success" autoHideDuration={4000} onClose={() => setNotice(null)} />
    </PageContainer>
  );
}
