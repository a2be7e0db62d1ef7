import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { CAMPAIGN_LIMITS } from '@sms/contracts/campaigns';
import { replaceLookalikes } from '@sms/contracts/sms-encoding';
import { IconBraces, IconDeviceFloppy, IconTemplate } from '@tabler/icons-react';
import { useMemo, useRef, useState } from 'react';
import { Controller, type Control, type UseFormSetValue } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldErrorText } from '../../../../components/forms/use-field-error-text';
import { Can } from '../../../../lib/permissions/can';
import { TemplateDialog } from '../../../../components/messaging/template-dialog';
import { TemplatePickerDialog } from './template-picker-dialog';
import type { ComposerOutput } from './composer-resolver';
import type { ComposerValues } from './composer-values';
import { EncodingNotice } from './encoding-notice';
import { MergeFieldDialog } from './merge-field-dialog';
import { insertAt, messageStats } from '../../../../lib/messaging/message-stats';
import { SmsCounter } from '../../../../components/messaging/sms-counter';
import { TemplateProblems } from '../../../../components/messaging/template-problems';
import { InputField } from '../../../../components/forms/input-field';

export interface MessageSectionProps {
  control: Control<ComposerValues, unknown, ComposerOutput>;
  setValue: UseFormSetValue<ComposerValues>;
  body: string;
  senderId: string;
}

/** The message body with the merge-field picker, the live SMS counter and what forces UCS-2 or is malformed. */
export function MessageSection({ control, setValue, body, senderId }: MessageSectionProps) {
  const { t } = useTranslation(['campaigns', 'templates']);
  const [choosingTemplate, setChoosingTemplate] = useState(false);
  const [savingTemplate, setSavingTemplate] = useState(false);
  const errorText = useFieldErrorText();
  const input = useRef<HTMLTextAreaElement | null>(null);
  const [picking, setPicking] = useState(false);
  const stats = useMemo(() => messageStats(body), [body]);
  const update = (next: string, caret?: number) => {
    setValue('body', next, { shouldDirty: true, shouldValidate: false });
    if (caret !== undefined) {
      // Back in the text, after what was inserted.
      requestAnimationFrame(() => {
        input.current?.focus();
        input.current?.setSelectionRange(caret, caret);
      });
    }
  };

  return (
    <Stack spacing={2}>
      <Controller
        control={control}
        name="body"
        render={({ field, fieldState }) => (
          <InputField
            label={t('fields.body')}
            multiline
            minRows={5}
            fullWidth
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={(element: HTMLTextAreaElement | null) => {
              field.ref(element);
              input.current = element;
            }}
            error={Boolean(fieldState.error)}
            helperText={fieldState.error ? errorText(fieldState.error.message) : t('composer.bodyHint')}
            slotProps={{ htmlInput: { maxLength: CAMPAIGN_LIMITS.bodyMax, dir: 'auto', 'data-testid': 'campaign-body' } }}
          />
        )}
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between' }}>
        <SmsCounter analysis={stats.analysis} />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Can I="read" a="Template">
            <Button
              variant="outlined"
              size="small"
              startIcon={<IconTemplate size={18} aria-hidden />}
              onClick={() => setChoosingTemplate(true)}
            >
              {t('templates:actions.useTemplate')}
            </Button>
          </Can>
          <Can I="create" a="Template">
            <Button
              variant="outlined"
              size="small"
              startIcon={<IconDeviceFloppy size={18} aria-hidden />}
              disabled={body.trim() === ''}
              onClick={() => setSavingTemplate(true)}
            >
              {t('templates:actions.saveAsTemplate')}
            </Button>
          </Can>
          <Button variant="outlined" size="small" startIcon={<IconBraces size={18} aria-hidden />} onClick={() => setPicking(true)}>
            {t('composer.mergeFields.open')}
          </Button>
        </Box>
      </Box>
      <TemplatePickerDialog
        open={choosingTemplate}
        onClose={() => setChoosingTemplate(false)}
        onPick={(template) => {
          setChoosingTemplate(false);
          setValue('templateId', template.id);
          if (template.senderId) setValue('senderId', template.senderId, { shouldDirty: true });
          update(template.body, template.body.length);
        }}
      />
      {savingTemplate ? (
        <TemplateDialog
          initial={{ body, senderId: senderId.trim() || null }}
          onClose={() => setSavingTemplate(false)}
          onSaved={() => setSavingTemplate(false)}
        />
      ) : null}
      <EncodingNotice nonGsm={stats.nonGsm} lookalikes={stats.lookalikes} onReplace={() => update(replaceLookalikes(body))} />
      <TemplateProblems body={body} problems={stats.problems} />
      <MergeFieldDialog
        open={picking}
        onClose={() => setPicking(false)}
        onInsert={(tag) => {
          const element = input.current;
          const { body: next, caret } = insertAt(body, tag, element?.selectionStart ?? body.length, element?.selectionEnd ?? body.length);
          update(next, caret);
        }}
      />
    </Stack>
  );
}
