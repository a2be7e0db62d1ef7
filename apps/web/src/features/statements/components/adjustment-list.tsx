import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Adjustment, Statement } from '@sms/contracts/statements';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../components/date-time';
import { useStatementFormat } from './statement-format';

export interface AdjustmentListProps {
  statement: Statement;
  /** Edit and delete buttons on each (the edit page of an open statement). */
  onEdit?: (adjustment: Adjustment) => void;
  onDelete?: (adjustment: Adjustment) => void;
}

/** A statement's credits (negative) and charges, each with its reason, who and when. */
export function AdjustmentList({ statement, onEdit, onDelete }: AdjustmentListProps) {
  const { t, i18n } = useTranslation('statements');
  const format = useStatementFormat();
  if (statement.adjustments.length === 0) return <Typography sx={{ px: 2, py: 1 }}>{t('detail.noAdjustments')}</Typography>;
  return (
    <List dense aria-label={t('detail.adjustments')} data-testid="statement-adjustments">
      {statement.adjustments.map((adjustment) => {
        const signed = adjustment.kind === 'credit' ? -adjustment.amount : adjustment.amount;
        return (
          <ListItem
            key={adjustment.id}
            data-testid="statement-adjustment"
            secondaryAction={
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Typography>{format.money(signed, statement.currency)}</Typography>
                {onEdit ? (
                  <IconButton aria-label={`${t('adjustment.edit')}: ${adjustment.reason}`} onClick={() => onEdit(adjustment)}>
                    <IconPencil size={18} aria-hidden />
                  </IconButton>
                ) : null}
                {onDelete ? (
                  <IconButton aria-label={`${t('adjustment.delete')}: ${adjustment.reason}`} onClick={() => onDelete(adjustment)}>
                    <IconTrash size={18} aria-hidden />
                  </IconButton>
                ) : null}
              </Stack>
            }
            sx={{ pr: onEdit ? 22 : 14 }}
          >
            <ListItemText
              primary={`${t(`adjustment.kinds.${adjustment.kind}`)}: ${adjustment.reason}`}
              secondary={t('adjustment.by', {
                name: adjustment.createdBy?.name ?? '',
                at: formatDateTime(adjustment.updatedAt, i18n.language) ?? '',
              })}
            />
          </ListItem>
        );
      })}
    </List>
  );
}
