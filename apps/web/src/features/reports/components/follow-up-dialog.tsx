import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { useCreateFollowUp } from '../../../api/reports/create-follow-up';
import { useFollowUpReach } from '../../../api/campaigns/preview-audience';
import { defaultFollowUpName, FOLLOW_UP_NAME_MAX } from './follow-up-name';
import { tag1Label } from './report-format';
import { useReportFormat } from './use-report-format';
import { InputField } from '../../../components/forms/input-field';

export interface FollowUpDialogProps {
  open: boolean;
  campaignId: string;
  campaignName: string;
  /** Every tag1 value among the non-responders with its count. */
  tag1Counts: Array<{ tag1: string; n: number }>;
  /** The table's tag1 filter, offered as the first choice. */
  initialTag1: string[];
  onClose: () => void;
}

/** Creates the follow-up draft (all non-responders or some tag1 values) and opens it in the composer. */
export function FollowUpDialog({ open, campaignId, campaignName, tag1Counts, initialTag1, onClose }: FollowUpDialogProps) {
  const { t } = useTranslation(['reports', 'common']);
  const navigate = useNavigate();
  const format = useReportFormat();
  const create = useCreateFollowUp();
  const [scope, setScope] = useState<'all' | 'some'>(initialTag1.length > 0 ? 'some' : 'all');
  const [chosen, setChosen] = useState<string[]>(initialTag1);
  const [name, setName] = useState(() => defaultFollowUpName(t('followUp.defaultName', { name: campaignName })));
  const total = tag1Counts.reduce((sum, c) => sum + c.n, 0);
  const nameError = name.trim() === '' ? t('followUp.nameRequired') : null;
  const noneChosen = scope === 'some' && chosen.length === 0;
  const invalid = nameError !== null || noneChosen;
  // The non-responders who opted out since are left out of the draft: the server counts its reach.
  const preview = useFollowUpReach(campaignId, scope === 'some' ? [...chosen].sort() : undefined, open && !noneChosen);
  const reached = noneChosen ? 0 : preview.data?.count;
  const optedOut = noneChosen ? 0 : (preview.data?.optedOut ?? 0);
  const submit = () => {
    if (invalid) return;
    create.mutate(
      { id: campaignId, body: { name: name.trim(), ...(scope === 'some' ? { tag1: chosen } : {}) } },
      { onSuccess: (campaign) => void navigate(paths.campaigns.edit(campaign.id), { state: { notice: 'created' } }) },
    );
  };
  return (
    <Dialog open={open} onClose={create.isPending ? undefined : onClose} aria-labelledby="follow-up-title" fullWidth maxWidth="sm">
      <DialogTitle id="follow-up-title">{t('followUp.title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('followUp.hint')}
        </Typography>
        <InputField
          fullWidth
          label={t('followUp.name')}
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={nameError !== null}
          helperText={nameError ?? ' '}
          slotProps={{ htmlInput: { maxLength: FOLLOW_UP_NAME_MAX } }}
          sx={{ mb: 1 }}
        />
        <FormControl component="fieldset" fullWidth>
          <FormLabel component="legend">{t('followUp.audience')}</FormLabel>
          <RadioGroup value={scope} onChange={(event) => setScope(event.target.value as 'all' | 'some')}>
            <FormControlLabel value="all" control={<Radio />} label={t('followUp.all', { formatted: format.count(total) })} />
            <FormControlLabel value="some" control={<Radio />} label={t('followUp.some')} disabled={tag1Counts.length === 0} />
          </RadioGroup>
          {scope === 'some' ? (
            <FormGroup sx={{ paddingInlineStart: 4 }} aria-label={t('followUp.some')}>
              {tag1Counts.map((option) => (
                <FormControlLabel
                  key={option.tag1}
                  control={
                    <Checkbox
                      size="small"
                      checked={chosen.includes(option.tag1)}
                      onChange={(event) =>
                        setChosen((list) => (event.target.checked ? [...list, option.tag1] : list.filter((v) => v !== option.tag1)))
                      }
                    />
                  }
                  label={`${tag1Label(option.tag1, t('none'))} (${format.count(option.n)})`}
                />
              ))}
            </FormGroup>
          ) : null}
        </FormControl>
        <Typography sx={{ mt: 2, fontWeight: 600 }} data-testid="follow-up-count" data-value={reached ?? ''} aria-live="polite">
          {t('followUp.reach', { formatted: reached === undefined ? '…' : format.count(reached) })}
        </Typography>
        {optedOut > 0 ? (
          <Typography variant="body2" color="text.secondary" data-testid="follow-up-opted-out" data-value={optedOut}>
            {t('followUp.optedOut', { count: optedOut, formatted: format.count(optedOut) })}
          </Typography>
        ) : null}
        {create.isError ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorMessage(create.error)}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={create.isPending} color="inherit">
          {t('common:actions.cancel')}
        </Button>
        <Button onClick={submit} variant="contained" disabled={invalid || reached === 0} loading={create.isPending}>
          {t('followUp.create')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
