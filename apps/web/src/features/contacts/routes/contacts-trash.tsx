import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TrashedContact } from '@sms/contracts/contacts-trash';
import { TRASH_DAYS } from '@sms/contracts/contacts-trash-days';
import { IconRestore, IconTrash } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MessageSnackbar } from '../../../components/notice-snackbar';
import { PageContainer } from '../../../components/page-container';
import { ServerDataGrid } from '../../../components/server-data-grid';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { intlLocale } from '../../../lib/i18n/intl-locale';
import { useLanguage } from '../../../lib/i18n/use-language';
import { defineList } from '../../../lib/list-state/define-list';
import { pageQuery } from '../../../lib/list-state/list-state';
import { useUrlListState } from '../../../lib/list-state/use-list-state';
import { useContactsTrash } from '../../../api/contacts/get-contacts-trash';
import { useRestoreContacts } from '../../../api/contacts/restore-contacts';
import { contactLabel } from '../components/contact-name';
import { useTrashColumns } from '../components/use-trash-columns';

/** The trash's paging, kept in the URL; most recently deleted first. */
const trashList = defineList({ pageSize: 25 });

/** /contacts/trash: deleted contacts, restorable one by one or ticked together until they are purged for good. */
export default function ContactsTrash() {
  const { t } = useTranslation(['contacts', 'common']);
  const { language } = useLanguage();
  const list = useUrlListState(trashList);
  const query = useContactsTrash(pageQuery(list.state));
  const restore = useRestoreContacts();
  const [selectedIds, setSelectedIds] = useState<string[]>([]);
  const [message, setMessage] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const { mutate } = restore;

  const run = useCallback(
    (ids: string[]) =>
      mutate(ids, {
        onSuccess: (restored) => {
          setSelectedIds((current) => current.filter((id) => !ids.includes(id)));
          setMessage({
            severity: 'success',
            text: t('trash.restored', { count: restored, amount: new Intl.NumberFormat(intlLocale(language)).format(restored) }),
          });
        },
        onError: (error) => setMessage({ severity: 'error', text: errorMessage(error) }),
      }),
    [mutate, t, language],
  );
  const onRestore = useCallback((row: TrashedContact) => run([row.id]), [run]);
  const columns = useTrashColumns({ onRestore, restoring: restore.isPending });
  const selected = selectedIds.length;

  return (
    <PageContainer
      title={t('trash.title')}
      description={t('trash.description', { days: TRASH_DAYS })}
      breadcrumbs={[{ label: t('list.title'), to: paths.contacts.list }, { label: t('trash.title') }]}
    >
      <Card>
        {selected > 0 ? (
          <Stack
            direction="row"
            spacing={1.5}
            sx={{ px: 3, py: 1.5, alignItems: 'center', flexWrap: 'wrap' }}
            role="region"
            aria-label={t('trash.selection')}
          >
            <Typography variant="body2">
              {t('bulk.selected', { count: selected, amount: new Intl.NumberFormat(intlLocale(language)).format(selected) })}
            </Typography>
            <Button
              variant="contained"
              size="small"
              startIcon={<IconRestore size={18} aria-hidden />}
              disabled={restore.isPending}
              onClick={() => run(selectedIds)}
            >
              {t('trash.restoreSelected')}
            </Button>
            <Button size="small" onClick={() => setSelectedIds([])}>
              {t('bulk.clearSelection')}
            </Button>
          </Stack>
        ) : null}
        <ServerDataGrid
          testId="contacts-trash-grid"
          label={t('trash.title')}
          list={list}
          query={query}
          columns={columns}
          selection={{
            selectedIds,
            onChange: setSelectedIds,
            label: (row) => t('list.selectContact', { contact: `${contactLabel(row)}, ${row.phone}` }),
          }}
          empty={{
            icon: <IconTrash size={36} stroke={1.4} />,
            title: t('trash.empty'),
            children: (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                {t('trash.emptyHint', { days: TRASH_DAYS })}
              </Typography>
            ),
          }}
          minHeight={360}
        />
      </Card>
      <MessageSnackbar
        message={message?.text ?? null}
        severity={message?.severity}
        autoHideDuration={6000}
        onClose={() => setMessage(null)}
      />
    </PageContainer>
  );
}
