import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CONTACT_ERROR_CODES, CONTACT_LIMITS, CONTACT_TAG_FIELDS, type Contact } from '@sms/contracts/contacts';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { FormSelectField } from '../../../components/forms/form-select-field';
import { FormTextField } from '../../../components/forms/form-text-field';
import { showSubmitError } from '../../../components/forms/server-field-error';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useAbility } from '../../../lib/permissions/use-ability';
import { useCreateContact } from '../../../api/contacts/create-contact';
import { useUpdateContact } from '../../../api/contacts/update-contact';
import {
  changedContactFields,
  contactFormDefaults,
  contactFormSchema,
  createBody,
  optsBackIn,
  type ContactFormInput,
  type ContactFormValues,
} from './contact-form-schema';
import { ConsentNoteField } from './consent-note-field';
import { OptOutInfo } from './opt-out-info';
import { PhoneField } from './phone-field';
import { TagAutocomplete } from './tag-autocomplete';

/** Stands for the contact in the trash that holds a number (not linked by id: its page is the trash). */
const TRASHED = 'trash';

const FIELDS = [
  'phone',
  'defaultCountry',
  'firstName',
  'lastName',
  'email',
  'tag1',
  'tag2',
  'tag3',
  'notes',
  'status',
  'consentNote',
] as const;

export interface ContactFormProps {
  /** The contact being edited; null to create one. */
  contact: Contact | null;
  /** Default country for a new contact's number (the browser's region). */
  defaultCountry: string;
  onSaved: (contact: Contact) => void;
}

/**
 * Create or edit a contact: phone with live normalisation, names, email, tags with suggestions,
 * notes, status. Agents edit an existing contact without its number and cannot opt it back in;
 * admins and managers opting one back in give a consent note.
 */
export function ContactForm({ contact, defaultCountry, onSaved }: ContactFormProps) {
  const { t } = useTranslation(['contacts', 'common']);
  const ability = useAbility();
  const phoneLocked = contact !== null && !ability.can('changePhone', 'Contact');
  const statusLocked = contact !== null && !ability.can(contact.status === 'opted_out' ? 'optIn' : 'optOut', 'Contact');
  const creation = useCreateContact();
  const update = useUpdateContact();
  const [failure, setFailure] = useState<string | null>(null);
  const [existingId, setExistingId] = useState<string | null>(null);
  const {
    control,
    handleSubmit,
    setError,
    formState: { isSubmitting, isDirty },
  } = useForm<ContactFormInput, unknown, ContactFormValues>({
    resolver: zodResolver(contactFormSchema),
    defaultValues: contactFormDefaults(contact, defaultCountry),
  });
  const [status, wasOptedOut] = useWatch({ control, name: ['status', 'wasOptedOut'] });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    setExistingId(null);
    try {
      if (contact) {
        const body = changedContactFields(contact, values);
        onSaved(Object.keys(body).length === 0 ? contact : await update.mutateAsync({ id: contact.id, body }));
      } else onSaved(await creation.mutateAsync(createBody(values)));
    } catch (error) {
      if (error instanceof ApiError && error.code === CONTACT_ERROR_CODES.exists && error.existingId) setExistingId(error.existingId);
      // The number is held by a contact in the trash: restoring it is the way to that contact.
      if (error instanceof ApiError && error.code === CONTACT_ERROR_CODES.inTrash) setExistingId(TRASHED);
      showSubmitError(error, FIELDS, setError, setFailure);
    }
  });

  const existingLink = existingId ? (
    <>
      {' '}
      <Link
        component={RouterLink}
        to={existingId === TRASHED ? paths.contacts.trash : paths.contacts.detail(existingId)}
        data-testid="existing-contact-link"
      >
        {existingId === TRASHED ? t('form.openTrash') : t('form.openExisting')}
      </Link>
    </>
  ) : null;

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)} data-testid="contact-form">
      {failure ? (
        <Alert severity="error" sx={{ mb: 3 }}>
          {failure}
        </Alert>
      ) : null}
      <PhoneField control={control} existingLink={existingLink} disabled={phoneLocked} />
      <Grid container spacing={2.5} sx={{ mt: 1 }}>
        <Grid size={{ xs: 12, md: 6 }}>
          <FormTextField
            control={control}
            name="firstName"
            label={t('fields.firstName')}
            autoComplete="off"
            slotProps={{ htmlInput: { maxLength: CONTACT_LIMITS.nameMax } }}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <FormTextField
            control={control}
            name="lastName"
            label={t('fields.lastName')}
            autoComplete="off"
            slotProps={{ htmlInput: { maxLength: CONTACT_LIMITS.nameMax } }}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <FormTextField
            control={control}
            name="email"
            label={t('fields.email')}
            type="email"
            autoComplete="off"
            slotProps={{ htmlInput: { maxLength: CONTACT_LIMITS.emailMax } }}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <FormSelectField
            control={control}
            name="status"
            label={t('fields.status')}
            options={[
              { value: 'active', label: t('status.active') },
              { value: 'opted_out', label: t('status.opted_out') },
            ]}
            helperText={
              statusLocked && contact?.status === 'opted_out'
                ? t('consent.notYours')
                : status === 'opted_out'
                  ? t('form.optedOutHint')
                  : t('form.activeHint')
            }
            disabled={statusLocked}
          />
        </Grid>
        {optsBackIn({ status, wasOptedOut }) ? (
          <Grid size={12}>
            <ConsentNoteField control={control} />
          </Grid>
        ) : null}
        {contact && contact.status === 'opted_out' ? (
          <Grid size={12}>
            <OptOutInfo contact={contact} />
          </Grid>
        ) : null}
      </Grid>
      <Divider sx={{ my: 4 }} />
      <Typography variant="h6" component="h2" sx={{ mb: 0.5 }}>
        {t('form.tagsSection')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2.5 }}>
        {t('form.tagsHint')}
      </Typography>
      <Grid container spacing={2.5}>
        {CONTACT_TAG_FIELDS.map((field) => (
          <Grid key={field} size={{ xs: 12, md: 4 }}>
            <Controller
              control={control}
              name={field}
              render={({ field: input, fieldState }) => (
                <TagAutocomplete
                  field={field}
                  mode="input"
                  label={t(`fields.${field}`)}
                  name={input.name}
                  value={input.value ?? ''}
                  onChange={input.onChange}
                  onBlur={input.onBlur}
                  inputRef={input.ref}
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message}
                />
              )}
            />
          </Grid>
        ))}
        <Grid size={12}>
          <FormTextField
            control={control}
            name="notes"
            label={t('fields.notes')}
            multiline
            minRows={3}
            slotProps={{ htmlInput: { maxLength: CONTACT_LIMITS.notesMax } }}
          />
        </Grid>
      </Grid>
      <Stack direction="row" spacing={1.5} sx={{ mt: 4, justifyContent: 'flex-end' }}>
        <Button component={RouterLink} to={contact ? paths.contacts.detail(contact.id) : paths.contacts.list} color="inherit">
          {t('common:actions.cancel')}
        </Button>
        <Button type="submit" variant="contained" loading={isSubmitting} disabled={contact !== null && !isDirty}>
          {contact ? t('common:actions.save') : t('form.create')}
        </Button>
      </Stack>
    </Box>
  );
}
