import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CONTACT_TAG_FIELDS } from '@sms/contracts/contacts';
import { KEYWORD_RULE_ACTION_TYPES, type KeywordRule, type KeywordRuleActionType } from '@sms/contracts/keyword-rules';
import { ROLES, type Role } from '@sms/contracts/roles';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { Controller, useFieldArray, useForm, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSaveKeywordRule } from '../../../api/keyword-rules/save-keyword-rule';
import { FormTextField } from '../../../components/forms/form-text-field';
import { showSubmitError } from '../../../components/forms/server-field-error';
import { useTicketAgents } from '../../../api/tickets/get-ticket-agents';
import { blankAction, ruleBody, ruleFormValues, TEAM, type RuleFormValues } from './rule-form';

const FIELDS = ['name', 'words', 'actions', 'enabled'] as const;

/** Creates a rule (no `rule`) or edits one: name, words, enabled, and its actions in order. */
export function KeywordRuleDialog({ rule, onClose, onSaved }: { rule: KeywordRule | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation(['keyword-rules', 'common']);
  const titleId = useId();
  const save = useSaveKeywordRule();
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, setError, formState } = useForm<RuleFormValues>({ defaultValues: ruleFormValues(rule ?? undefined) });
  const actions = useFieldArray({ control, name: 'actions' });
  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await save.mutateAsync(rule ? { id: rule.id, body: ruleBody(values) } : { body: ruleBody(values) });
      onSaved();
    } catch (error) {
      showSubmitError(error, FIELDS, setError, setFailure);
    }
  });
  const actionsError = formState.errors.actions?.message ?? formState.errors.actions?.root?.message;
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <Box component="form" noValidate onSubmit={(event) => void submit(event)} data-testid="keyword-rule-form">
        <DialogTitle id={titleId}>{rule ? t('form.editTitle') : t('form.createTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {failure ? <Alert severity="error">{failure}</Alert> : null}
            <FormTextField control={control} name="name" label={t('form.name')} required autoFocus />
            <FormTextField control={control} name="words" label={t('form.words')} helperText={t('form.wordsHint')} required />
            <Controller
              control={control}
              name="enabled"
              render={({ field }) => (
                <FormControlLabel
                  control={<Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />}
                  label={t('form.enabled')}
                />
              )}
            />
            <Typography variant="h6" component="h3">
              {t('form.actions')}
            </Typography>
            {actionsError ? <FormHelperText error>{actionsError}</FormHelperText> : null}
            {actions.fields.map((item, index) => (
              <Box key={item.id} component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, m: 0 }}>
                <Box component="legend" sx={{ px: 0.5, typography: 'caption' }}>
                  {t('form.action', { n: index + 1 })}
                </Box>
                <Stack spacing={1.5}>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                    <Controller
                      control={control}
                      name={`actions.${index}.type`}
                      render={({ field }) => (
                        <TextField
                          select
                          fullWidth
                          size="small"
                          label={t('form.action', { n: index + 1 })}
                          value={field.value}
                          onChange={(event) => field.onChange(event.target.value as KeywordRuleActionType)}
                        >
                          {KEYWORD_RULE_ACTION_TYPES.map((type) => (
                            <MenuItem key={type} value={type}>
                              {t(`form.types.${type}`)}
                            </MenuItem>
                          ))}
                        </TextField>
                      )}
                    />
                    <IconButton
                      aria-label={t('form.removeAction', { n: index + 1 })}
                      onClick={() => actions.remove(index)}
                      disabled={actions.fields.length === 1}
                    >
                      <IconTrash size={18} />
                    </IconButton>
                  </Stack>
                  <ActionFields control={control} index={index} />
                </Stack>
              </Box>
            ))}
            <Box>
              <Button
                startIcon={<IconPlus size={18} />}
                onClick={() => actions.append(blankAction())}
                disabled={actions.fields.length >= 10}
              >
                {t('form.addAction')}
              </Button>
            </Box>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('form.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
            {t('form.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** The fields of one action's type. */
function ActionFields({ control, index }: { control: Control<RuleFormValues>; index: number }) {
  const { t } = useTranslation(['keyword-rules', 'common']);
  return (
    <Controller
      control={control}
      name={`actions.${index}.type`}
      render={({ field: { value: type } }) => {
        switch (type) {
          case 'tag':
            return (
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
                <Controller
                  control={control}
                  name={`actions.${index}.field`}
                  render={({ field }) => (
                    <TextField
                      select
                      size="small"
                      label={t('form.tagField')}
                      value={field.value}
                      onChange={field.onChange}
                      sx={{ minWidth: 140 }}
                    >
                      {CONTACT_TAG_FIELDS.map((tag) => (
                        <MenuItem key={tag} value={tag}>
                          {t(`tags.${tag}`)}
                        </MenuItem>
                      ))}
                    </TextField>
                  )}
                />
                <FormTextField control={control} name={`actions.${index}.value`} label={t('form.value')} size="small" />
              </Stack>
            );
          case 'field':
            return (
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
                <FormTextField control={control} name={`actions.${index}.name`} label={t('form.fieldName')} size="small" />
                <FormTextField control={control} name={`actions.${index}.value`} label={t('form.value')} size="small" />
              </Stack>
            );
          case 'answer':
            return (
              <FormTextField
                control={control}
                name={`actions.${index}.text`}
                label={t('form.answerText')}
                helperText={t('form.answerHint')}
                multiline
                minRows={2}
                size="small"
              />
            );
          case 'notify':
            return <NotifyFields control={control} index={index} />;
          case 'assign':
            return <AssignField control={control} index={index} />;
        }
      }}
    />
  );
}

/** Which roles a notify action tells (users named through the API are kept as they are). */
function NotifyFields({ control, index }: { control: Control<RuleFormValues>; index: number }) {
  const { t } = useTranslation(['keyword-rules', 'common']);
  const labelId = useId();
  return (
    <Controller
      control={control}
      name={`actions.${index}.roles`}
      render={({ field }) => (
        <Box role="group" aria-labelledby={labelId}>
          <Typography id={labelId} variant="body2" color="text.secondary">
            {t('form.roles')}
          </Typography>
          <FormGroup row>
            {ROLES.filter((role) => role !== 'viewer').map((role: Role) => (
              <FormControlLabel
                key={role}
                label={t(`common:roles.${role}`)}
                control={
                  <Checkbox
                    checked={field.value.includes(role)}
                    onChange={(event) =>
                      field.onChange(event.target.checked ? [...field.value, role] : field.value.filter((other) => other !== role))
                    }
                  />
                }
              />
            ))}
          </FormGroup>
          <Controller
            control={control}
            name={`actions.${index}.userIds`}
            render={({ field: users }) =>
              users.value.length > 0 ? <FormHelperText>{t('form.usersKept', { count: users.value.length })}</FormHelperText> : <></>
            }
          />
        </Box>
      )}
    />
  );
}

/** Who an assign action hands the conversation to: a person who may answer in the inbox, or the team (round-robin). */
function AssignField({ control, index }: { control: Control<RuleFormValues>; index: number }) {
  const { t } = useTranslation('keyword-rules');
  const agents = useTicketAgents();
  return (
    <Controller
      control={control}
      name={`actions.${index}.userId`}
      render={({ field }) => {
        const known = field.value === TEAM || (agents.data ?? []).some((agent) => agent.id === field.value);
        return (
          <TextField
            select
            size="small"
            label={t('form.assignee')}
            helperText={t('form.assignHint')}
            value={field.value}
            onChange={field.onChange}
            error={agents.isError}
          >
            <MenuItem value={TEAM}>{t('form.team')}</MenuItem>
            {(agents.data ?? []).map((agent) => (
              <MenuItem key={agent.id} value={agent.id}>
                {agent.name}
              </MenuItem>
            ))}
            {known ? null : (
              <MenuItem value={field.value} disabled>
                {t('form.unavailableAssignee')}
              </MenuItem>
            )}
          </TextField>
        );
      }}
    />
  );
}
