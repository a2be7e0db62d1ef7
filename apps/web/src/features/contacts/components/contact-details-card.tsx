import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Contact } from '@sms/contracts/contacts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTime } from '../../../components/date-time';
import { UserAvatar } from '../../../components/user-avatar';
import { countryName } from '../../../lib/countries';
import { useLanguage } from '../../../lib/i18n/use-language';
import { ContactStatusChip, TagChip } from './contact-chips';
import { contactLabel, contactName } from './contact-name';
import { OptOutInfo } from './opt-out-info';

/** A definition list: label column, value column (stacks on phones). */
function Details({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(160px, 220px) 1fr' },
        columnGap: 3,
        rowGap: { xs: 0.5, sm: 2 },
        alignItems: 'center',
        m: 0,
      }}
    >
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary" sx={{ fontWeight: 600, mt: { xs: 1.5, sm: 0 } }}>
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** Everything stored about a contact: number and country, names, status (with opt-out), tags, custom fields, dates. */
export function ContactDetailsCard({ contact }: { contact: Contact }) {
  const { t } = useTranslation('contacts');
  const { language } = useLanguage();
  const none = t('notSet');
  const tag = (value: string | null) => (value ? <TagChip value={value} /> : none);
  const rows: Array<[string, ReactNode]> = [
    [
      t('fields.phone'),
      <bdi key="phone" dir="ltr">
        {contact.phone}
      </bdi>,
    ],
    [t('fields.phoneCountry'), contact.phoneCountry ? countryName(contact.phoneCountry, language) : none],
    [t('fields.firstName'), contact.firstName ?? none],
    [t('fields.lastName'), contact.lastName ?? none],
    [
      t('fields.email'),
      contact.email ? (
        <bdi key="email" dir="ltr">
          {contact.email}
        </bdi>
      ) : (
        none
      ),
    ],
    [t('fields.status'), <ContactStatusChip key="status" status={contact.status} />],
    [t('fields.tag1'), tag(contact.tag1)],
    [t('fields.tag2'), tag(contact.tag2)],
    [t('fields.tag3'), tag(contact.tag3)],
    [t('fields.notes'), contact.notes ?? none],
    ...(contact.optInNote
      ? ([
          [
            t('fields.optInNote'),
            <span key="consent" data-testid="opt-in-note">
              {contact.optInNote} · <DateTime value={contact.optedInAt} fallback={none} />
            </span>,
          ],
        ] as Array<[string, ReactNode]>)
      : []),
    [t('fields.source'), t(`sources.${contact.source}`)],
    [t('fields.createdAt'), <DateTime key="created" value={contact.createdAt} fallback={none} />],
    [t('fields.updatedAt'), <DateTime key="updated" value={contact.updatedAt} fallback={none} />],
  ];
  const custom = Object.entries(contact.customFields);
  const name = contactName(contact);
  return (
    <Card data-testid="contact-details">
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 3 }}>
          <UserAvatar name={name ?? '#'} size={64} />
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h5" component="h2" noWrap>
              {contactLabel(contact)}
            </Typography>
            {name ? (
              <Typography color="text.secondary" noWrap>
                <bdi dir="ltr">{contact.phone}</bdi>
              </Typography>
            ) : null}
          </Box>
        </Stack>
        {contact.status === 'opted_out' ? (
          <Box sx={{ mb: 3 }}>
            <OptOutInfo contact={contact} />
          </Box>
        ) : null}
        <Divider sx={{ mb: 3 }} />
        <Details rows={rows} />
        <Divider sx={{ my: 3 }} />
        <Typography variant="h6" component="h3" sx={{ mb: 2 }}>
          {t('detail.customFields')}
        </Typography>
        {custom.length > 0 ? (
          <Details rows={custom.map(([key, value]) => [key, value || none])} />
        ) : (
          <Typography color="text.secondary">{t('detail.noCustomFields')}</Typography>
        )}
      </CardContent>
    </Card>
  );
}
