import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PUBLIC_SITE_LIMITS, TOPIC_TAGS, type PublicSiteSettings, type Topic } from '@sms/contracts/public-site';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { FullPageLoader } from '../../../components/full-page-loader';
import { RetryAlert } from '../../../components/retry-alert';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { useAbility } from '../../../lib/permissions/use-ability';
import { usePublicSiteSettings } from '../../../api/settings/get-public-site-settings';
import { useUpdatePublicSiteSettings } from '../../../api/settings/update-public-site-settings';
import { MarkdownView } from './markdown-view';

/** A topic id from its title: lower-case letters, digits and dashes, unique in the list. */
export function topicId(title: string, taken: string[]): string {
  const base =
    title
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 30) || 'topic';
  let id = base;
  for (let n = 2; taken.includes(id); n++) id = `${base}-${n}`;
  return id;
}

/** The Public site tab of /configurations: on/off, texts, published topics, pricing page. */
export function PublicSiteSettingsTab() {
  const settings = usePublicSiteSettings();
  const [notice, setNotice] = useState<string | null>(null);
  if (settings.isPending) return <FullPageLoader />;
  if (settings.isError) return <RetryAlert error={settings.error} onRetry={() => void settings.refetch()} />;
  return (
    <>
      <PublicSiteForm key={JSON.stringify(settings.data)} saved={settings.data} onSaved={setNotice} />
      <Snackbar open={notice !== null} autoHideDuration={4000} onClose={() => setNotice(null)} message={notice} />
    </>
  );
}

function PublicSiteForm({ saved, onSaved }: { saved: PublicSiteSettings; onSaved: (notice: string) => void }) {
  const { t } = useTranslation(['public', 'common']);
  const canEdit = useAbility().can('update', 'Settings');
  const update = useUpdatePublicSiteSettings();
  const [draft, setDraft] = useState<PublicSiteSettings>(saved);
  const [aboutView, setAboutView] = useState<'write' | 'preview'>('write');
  const set = <K extends keyof PublicSiteSettings>(key: K, value: PublicSiteSettings[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const setTopic = (index: number, patch: Partial<Topic>) =>
    set(
      'topics',
      draft.topics.map((topic, i) => (i === index ? { ...topic, ...patch } : topic)),
    );
  const changed = JSON.stringify(draft) !== JSON.stringify(saved);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!changed) return;
    try {
      // A new topic's id comes from its title once it is saved.
      const topics = draft.topics.map((topic, index) =>
        topic.id
          ? topic
          : {
              ...topic,
              id: topicId(
                topic.title,
                draft.topics.filter((_, i) => i !== index).map((other) => other.id),
              ),
            },
      );
      await update.mutateAsync({ ...draft, topics });
      onSaved(t('settings.saved'));
    } catch {
      // shown from update.error
    }
  };

  return (
    <Card>
      <CardContent>
        <Box component="form" noValidate onSubmit={submit} aria-label={t('settings.title')} data-testid="public-site-form">
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 2, flexWrap: 'wrap' }}>
            <Box>
              <Typography variant="h5" component="h2" sx={{ mb: 0.5 }}>
                {t('settings.title')}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
                {t('settings.description')}
              </Typography>
            </Box>
            <Link component={RouterLink} to={paths.publicSite.home}>
              {t('settings.viewSite')}
            </Link>
          </Stack>
          <Stack spacing={3} sx={{ maxWidth: 820 }}>
            {!canEdit ? <Alert severity="info">{t('settings.readOnly')}</Alert> : null}
            <Box>
              <FormControlLabel
                control={<Switch checked={draft.enabled} disabled={!canEdit} onChange={(event) => set('enabled', event.target.checked)} />}
                label={t('settings.enabled')}
              />
              <Typography variant="body2" color="text.secondary">
                {t('settings.enabledHint')}
              </Typography>
            </Box>
            <FormControlLabel
              control={
                <Switch
                  checked={draft.pricingVisible}
                  disabled={!canEdit}
                  onChange={(event) => set('pricingVisible', event.target.checked)}
                />
              }
              label={t('settings.pricingVisible')}
            />
            <TextField
              label={t('settings.introduction')}
              value={draft.introduction}
              onChange={(event) => set('introduction', event.target.value)}
              multiline
              minRows={2}
              disabled={!canEdit}
              slotProps={{ htmlInput: { maxLength: PUBLIC_SITE_LIMITS.introduction } }}
            />
            <Box>
              <Tabs value={aboutView} onChange={(_, value: 'write' | 'preview') => setAboutView(value)} aria-label={t('settings.about')}>
                <Tab value="write" label={t('settings.write')} />
                <Tab value="preview" label={t('settings.preview')} />
              </Tabs>
              {aboutView === 'write' ? (
                <TextField
                  label={t('settings.about')}
                  helperText={t('settings.aboutHint')}
                  value={draft.about}
                  onChange={(event) => set('about', event.target.value)}
                  multiline
                  minRows={5}
                  fullWidth
                  disabled={!canEdit}
                  sx={{ mt: 2 }}
                  slotProps={{ htmlInput: { maxLength: PUBLIC_SITE_LIMITS.about } }}
                />
              ) : (
                <Paper variant="outlined" sx={{ p: 2, mt: 2, minHeight: 120 }} data-testid="about-preview">
                  <MarkdownView source={draft.about} />
                </Paper>
              )}
            </Box>
            <TextField
              label={t('settings.contactDetails')}
              value={draft.contactDetails}
              onChange={(event) => set('contactDetails', event.target.value)}
              multiline
              minRows={2}
              disabled={!canEdit}
              slotProps={{ htmlInput: { maxLength: PUBLIC_SITE_LIMITS.contactDetails } }}
            />
            <TextField
              label={t('settings.consentText')}
              helperText={t('settings.consentHint')}
              value={draft.consentText}
              onChange={(event) => set('consentText', event.target.value)}
              multiline
              minRows={2}
              required
              disabled={!canEdit}
              slotProps={{ htmlInput: { maxLength: PUBLIC_SITE_LIMITS.consentText } }}
            />
            <Box>
              <Typography variant="h6" component="h3">
                {t('settings.topicsTitle')}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                {t('settings.topicsHint')}
              </Typography>
              <Stack spacing={2}>
                {draft.topics.map((topic, index) => (
                  <Paper key={index} variant="outlined" sx={{ p: 2 }} data-testid="topic-row">
                    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
                      <TextField
                        label={t('settings.topicTitle')}
                        value={topic.title}
                        onChange={(event) => setTopic(index, { title: event.target.value })}
                        required
                        disabled={!canEdit}
                        sx={{ flex: 2 }}
                      />
                      <TextField
                        select
                        label={t('settings.tag')}
                        value={topic.tag}
                        onChange={(event) => setTopic(index, { tag: event.target.value as Topic['tag'] })}
                        disabled={!canEdit}
                        sx={{ minWidth: 110 }}
                      >
                        {TOPIC_TAGS.map((tag) => (
                          <MenuItem key={tag} value={tag}>
                            {tag}
                          </MenuItem>
                        ))}
                      </TextField>
                      <TextField
                        label={t('settings.value')}
                        value={topic.value}
                        onChange={(event) => setTopic(index, { value: event.target.value })}
                        required
                        disabled={!canEdit}
                        sx={{ flex: 2 }}
                      />
                      {canEdit ? (
                        <IconButton
                          aria-label={t('settings.removeTopic', { title: topic.title })}
                          onClick={() =>
                            set(
                              'topics',
                              draft.topics.filter((_, i) => i !== index),
                            )
                          }
                          sx={{ alignSelf: 'center' }}
                        >
                          <IconTrash size={20} aria-hidden />
                        </IconButton>
                      ) : null}
                    </Stack>
                    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
                      <TextField
                        label={t('settings.topicDescription')}
                        value={topic.description}
                        onChange={(event) => setTopic(index, { description: event.target.value })}
                        disabled={!canEdit}
                        sx={{ flex: 3 }}
                      />
                      <TextField
                        label={t('settings.frequency')}
                        value={topic.frequency}
                        onChange={(event) => setTopic(index, { frequency: event.target.value })}
                        disabled={!canEdit}
                        sx={{ flex: 1 }}
                      />
                    </Stack>
                  </Paper>
                ))}
              </Stack>
              {canEdit && draft.topics.length < PUBLIC_SITE_LIMITS.topics ? (
                <Button
                  startIcon={<IconPlus size={18} aria-hidden />}
                  sx={{ mt: 2 }}
                  onClick={() =>
                    set('topics', [...draft.topics, { id: '', tag: 'tag2', value: '', title: '', description: '', frequency: '' }])
                  }
                >
                  {t('settings.addTopic')}
                </Button>
              ) : null}
            </Box>
            {update.isError ? <Alert severity="error">{errorMessage(update.error)}</Alert> : null}
            {canEdit ? (
              <Box>
                <Button type="submit" variant="contained" disabled={!changed || update.isPending}>
                  {t('common:actions.save')}
                </Button>
              </Box>
            ) : null}
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}
