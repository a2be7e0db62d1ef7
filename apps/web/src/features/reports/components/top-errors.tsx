import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { DeliverySummary } from '@sms/contracts/reports';
import { useTranslation } from 'react-i18next';
import { useReasonTexts } from '../../../lib/messaging/reason-text';
import { useReportFormat } from './use-report-format';
import { LtrText } from '../../../components/ltr-text';

const SHOWN = 10;

/** The most frequent error codes; choosing one filters the recipients table by it (again: clears it). */
export function TopErrors({
  errors,
  selected,
  onSelect,
}: {
  errors: DeliverySummary['errors'];
  selected: string;
  onSelect: (code: string) => void;
}) {
  const { t } = useTranslation('reports');
  const format = useReportFormat();
  const reasons = useReasonTexts();
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('delivery.topErrors')}
        </Typography>
        {errors.length === 0 ? (
          <Typography color="text.secondary" data-testid="errors-empty">
            {t('delivery.noErrors')}
          </Typography>
        ) : (
          <List dense disablePadding data-testid="top-errors">
            {/* Each button inside a list item: a list holds only items (axe "list"). */}
            {errors.slice(0, SHOWN).map((error) => (
              <ListItem key={error.errorCode} disablePadding>
                <ListItemButton
                  selected={selected === error.errorCode}
                  aria-pressed={selected === error.errorCode}
                  onClick={() => onSelect(selected === error.errorCode ? '' : error.errorCode)}
                  sx={{ borderRadius: 1 }}
                >
                  <ListItemText
                    primary={<LtrText>{error.errorCode}</LtrText>}
                    secondary={reasons.messageError(error.errorCode, error.errorText)}
                    slotProps={{ primary: { sx: { fontWeight: 600, fontFamily: 'monospace' } } }}
                  />
                  <Typography sx={{ fontWeight: 700, marginInlineStart: 2 }}>{format.count(error.n)}</Typography>
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
