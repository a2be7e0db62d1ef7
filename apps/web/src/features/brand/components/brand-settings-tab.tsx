import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { FullPageLoader } from '../../../components/full-page-loader';
import { paths } from '../../../config/paths';
import { MessageSnackbar } from '../../../components/notice-snackbar';
import { useBrand, useBrandStatus } from '../../../lib/brand/use-brand';
import { useAbility } from '../../../lib/permissions/use-ability';
import { formValuesFrom, type BrandFormInput } from './brand-form-schema';
import { BrandPreview } from './brand-preview';
import { previewBrand } from './brand-preview-values';
import { ColorsSection } from './colors-section';
import { IdentitySection } from './identity-section';
import { ImagesSection } from './images-section';
import { LogoSizeFields } from './logo-size-fields';
import { ResetBrandButton } from './reset-brand-button';
import { SectionCard } from './section-card';
import { useBrandForm } from './use-brand-form';

/** The Brand tab of /configurations: waits for the first load so the form starts from the saved brand. */
export function BrandSettingsTab() {
  const { loading } = useBrandStatus();
  const [ready, setReady] = useState(!loading);
  if (!ready && !loading) setReady(true);
  return ready ? <BrandSettingsForm /> : <FullPageLoader />;
}

function BrandSettingsForm() {
  const { t } = useTranslation('brand');
  const { settings, reload } = useBrand();
  const { error } = useBrandStatus();
  const canEdit = useAbility().can('update', 'Brand');
  const [notice, setNotice] = useState<string | null>(null);
  const { form, values, hasChanges, save, discard, failure, logoSize } = useBrandForm({
    canEdit,
    onSaved: () => setNotice(t('notices.saved')),
  });
  const { control, formState, reset } = form;
  const preview = useMemo(() => previewBrand(settings, values as Partial<BrandFormInput>), [settings, values]);

  return (
    <>
      <Stack spacing={2} sx={{ mb: 3, '&:empty': { display: 'none' } }}>
        {error ? (
          <Alert
            severity="warning"
            action={
              <Button color="inherit" size="small" onClick={() => void reload()}>
                {t('common:actions.retry')}
              </Button>
            }
          >
            {t('loadFailed', { message: error })}
          </Alert>
        ) : null}
        {canEdit ? null : <Alert severity="info">{t('readOnly')}</Alert>}
      </Stack>
      <Typography variant="body2" sx={{ mb: 2 }}>
        <Link component={RouterLink} to={paths.designGallery.home} data-testid="brand-gallery-link">
          {t('galleryLink')}
        </Link>
      </Typography>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 7 }}>
          <Box component="form" noValidate onSubmit={(event) => void save(event)} aria-label={t('formLabel')} data-testid="brand-form">
            <Stack spacing={3}>
              <SectionCard title={t('sections.identity.title')} description={t('sections.identity.description')}>
                <IdentitySection control={control} />
              </SectionCard>
              <SectionCard title={t('sections.colors.title')} description={t('sections.colors.description')}>
                <ColorsSection control={control} saved={settings} />
              </SectionCard>
              <SectionCard title={t('sections.images.title')} description={t('sections.images.description')}>
                <ImagesSection
                  canEdit={canEdit}
                  logoSize={logoSize}
                  logoSizeFields={<LogoSizeFields control={control} />}
                  onDone={setNotice}
                />
              </SectionCard>
              {canEdit ? (
                // Floats at the bottom of the window only while there is something to save.
                <Card sx={{ position: hasChanges ? 'sticky' : 'static', bottom: 16, zIndex: 2, px: 3, py: 2 }}>
                  {failure ? (
                    <Alert severity="error" sx={{ mb: 2 }}>
                      {failure}
                    </Alert>
                  ) : null}
                  <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
                    <ResetBrandButton
                      disabled={formState.isSubmitting}
                      onReset={(defaults) => {
                        reset(formValuesFrom(defaults));
                        setNotice(t('notices.reset'));
                      }}
                    />
                    <Typography
                      variant="body2"
                      color="text.secondary"
                      noWrap
                      sx={{ flex: 1, minWidth: 0, textAlign: { sm: 'end' } }}
                      aria-live="polite"
                    >
                      {hasChanges ? t('unsaved') : ''}
                    </Typography>
                    <Button color="inherit" onClick={discard} disabled={!hasChanges || formState.isSubmitting}>
                      {t('actions.discard')}
                    </Button>
                    <Button type="submit" variant="contained" loading={formState.isSubmitting} disabled={!hasChanges}>
                      {t('actions.save')}
                    </Button>
                  </Stack>
                </Card>
              ) : null}
            </Stack>
          </Box>
        </Grid>
        <Grid size={{ xs: 12, lg: 5 }}>
          <BrandPreview brand={preview} readOnly={!canEdit} />
        </Grid>
      </Grid>
      <MessageSnackbar message={notice} onClose={() => setNotice(null)} />
    </>
  );
}
