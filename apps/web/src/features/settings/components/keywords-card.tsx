import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { KEYWORD_LISTS, type KeywordList, type KeywordSettings, type MessagingSettings } from '@sms/contracts/messaging-settings';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { validationResolver } from '../../../components/forms/validation-resolver';
import { MessageSnackbar } from '../../../components/notice-snackbar';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useUpdateMessagingSettings } from '../../../api/settings/update-messaging-settings';
import { changedKeywords, replyParts, splitKeywords, validateKeywords } from './keywords-form';

const REPLY_OF: Record<KeywordList, keyof KeywordSettings> = {
  optOutKeywords: 'optOutReply',
  optInKeywords: 'optInReply',
  helpKeywords: 'helpReply',
};
const REPLY_MAX = 320;

const pick = (settings: MessagingSettings): KeywordSettings => ({
  optOutKeywords: settings.optOutKeywords,
  optInKeywords: settings.optInKeywords,
  helpKeywords: settings.helpKeywords,
  optOutReply: settings.optOutReply,
  optInReply: settings.optInReply,
  helpReply: settings.helpReply,
});

/** Error values carry a translation key (JSON) or the schema's own message. */
const resolver = validationResolver<KeywordSettings>(validateKeywords);

/**
 * Keywords of the Messaging tab: the opt-out, opt-in and help words people may text, and the
 * automatic answer to each (blank = no answer). Matching is on the whole trimmed message, any case.
 */
export function KeywordsCard({ settings, canEdit }: { settings: MessagingSettings; canEdit: boolean }) {
  const { t } = useTranslation(['settings', 'common']);
  const update = useUpdateMessagingSettings();
  const [notice, setNotice] = useState(false);
  const saved = pick(settings);
  const { control, handleSubmit, reset, setError, formState, watch } = useForm<KeywordSettings>({ resolver, defaultValues: saved });
  const errorText = (message: string | undefined): string | undefined => {
    if (!message) return undefined;
    if (!message.startsWith('{')) return message;
    const { key, values } = JSON.parse(message) as { key: string; values?: Record<string, string> };
    return t(key, { ...values, ...(values?.list ? { list: t(`messaging.keywords.lists.${values.list}.label`) } : {}) });
  };
  const submit = handleSubmit(async (output) => {
    try {
      const next = await update.mutateAsync(changedKeywords(saved, output));
      reset(pick(next));
      setNotice(true);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.field) {
        const field = error.field.split('.')[0] as keyof KeywordSettings;
        if (field in saved) setError(field, { type: 'server', message: error.detail });
      }
    }
  });

  return (
    <Card>
      <CardContent>
        <Box
          component="form"
          noValidate
          onSubmit={(event) => void submit(event)}
          aria-labelledby="keywords-title"
          data-testid="keywords-form"
        >
          <Typography id="keywords-title" variant="h5" component="h2" sx={{ mb: 0.5 }}>
            {t('messaging.keywords.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
            {t('messaging.keywords.description')}
          </Typography>
          {update.isError && !(update.error instanceof ApiError && update.error.field) ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {errorMessage(update.error)}
            </Alert>
          ) : null}
          <Stack spacing={3}>
            {KEYWORD_LISTS.map((list) => {
              const replyField = REPLY_OF[list];
              const reply = String(watch(replyField) ?? '');
              const parts = replyParts(reply);
              return (
                <Grid container spacing={2} key={list} component="section" aria-label={t(`messaging.keywords.lists.${list}.label`)}>
                  <Grid size={{ xs: 12, md: 5 }}>
                    <Controller
                      control={control}
                      name={list}
                      render={({ field, fieldState }) => (
                        <Autocomplete
                          multiple
                          freeSolo
                          // A word typed but not confirmed with Enter still counts when leaving the field.
                          autoSelect
                          options={[]}
                          value={field.value}
                          disabled={!canEdit}
                          onChange={(_event, words) => field.onChange([...new Set(words.flatMap((word) => splitKeywords(String(word))))])}
                          renderValue={(words, getItemProps) =>
                            words.map((word, index) => (
                              <Chip {...getItemProps({ index })} key={word} label={word} size="small" dir="auto" />
                            ))
                          }
                          renderInput={(params) => (
                            <TextField
                              {...params}
                              name={field.name}
                              label={t(`messaging.keywords.lists.${list}.label`)}
                              placeholder={canEdit ? t('messaging.keywords.addWord') : undefined}
                              onBlur={field.onBlur}
                              error={Boolean(fieldState.error)}
                              helperText={
                                fieldState.error ? errorText(fieldState.error.message) : t(`messaging.keywords.lists.${list}.hint`)
                              }
                            />
                          )}
                        />
                      )}
                    />
                  </Grid>
                  <Grid size={{ xs: 12, md: 7 }}>
                    <Controller
                      control={control}
                      name={replyField}
                      render={({ field, fieldState }) => (
                        <TextField
                          {...field}
                          value={String(field.value ?? '')}
                          fullWidth
                          multiline
                          minRows={2}
                          disabled={!canEdit}
                          label={t(`messaging.keywords.lists.${list}.reply`)}
                          error={Boolean(fieldState.error)}
                          helperText={
                            fieldState.error
                              ? errorText(fieldState.error.message)
                              : parts === 0
                                ? t('messaging.keywords.noReply')
                                : t('messaging.keywords.replyParts', { count: parts, characters: reply.trim().length, max: REPLY_MAX })
                          }
                          slotProps={{ htmlInput: { maxLength: REPLY_MAX, dir: 'auto' } }}
                        />
                      )}
                    />
                  </Grid>
                </Grid>
              );
            })}
          </Stack>
          {canEdit ? (
            <Stack direction="row" spacing={1.5} sx={{ mt: 3, justifyContent: 'flex-end' }}>
              <Button color="inherit" disabled={!formState.isDirty || formState.isSubmitting} onClick={() => reset(saved)}>
                {t('messaging.discard')}
              </Button>
              <Button type="submit" variant="contained" loading={formState.isSubmitting} disabled={!formState.isDirty}>
                {t('common:actions.save')}
              </Button>
            </Stack>
          ) : null}
        </Box>
      </CardContent>
      <MessageSnackbar message={notice ? t('messaging.keywords.saved') : null} onClose={() => setNotice(false)} />
    </Card>
  );
}
