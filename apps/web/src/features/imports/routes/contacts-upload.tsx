import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { IconHistory } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { FullPageLoader } from '../../../components/full-page-loader';
import { PageContainer } from '../../../components/page-container';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { useDefaultCountry } from '../../../lib/messaging/use-default-country';
import { useImport } from '../../../api/imports/get-import';
import { useImportPreview } from '../../../api/imports/get-import-preview';
import { importStep } from '../components/import-stats';
import { MappingStep } from '../components/mapping-step';
import { ProgressStep } from '../components/progress-step';
import { ResultStep } from '../components/result-step';
import { UploadStep } from '../components/upload-step';
import { WizardSteps } from '../components/wizard-steps';

/**
 * /contacts/upload: upload -> mapping and options -> live progress -> result. The import id
 * lives in the URL (`?import=`), so a reload or a link from the history resumes at its step.
 */
export default function ContactsUpload() {
  const { t } = useTranslation(['imports', 'common']);
  const [searchParams, setSearchParams] = useSearchParams();
  const importId = searchParams.get('import') ?? '';
  const [sheet, setSheet] = useState<string | null>(null);
  const summaryQuery = useImport(importId);
  const summary = summaryQuery.data;
  const step = importId ? importStep(summary) : 'upload';
  const previewQuery = useImportPreview(importId, sheet, Boolean(importId) && summary?.status === 'uploaded');
  const defaultCountry = useDefaultCountry();

  const goTo = (id: string) => {
    setSheet(null);
    setSearchParams(id ? { import: id } : {}, { preventScrollReset: true });
  };

  let content;
  if (!importId) content = <UploadStep onUploaded={goTo} />;
  else if (summaryQuery.isError)
    content = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => goTo('')}>
            {t('upload.startOver')}
          </Button>
        }
      >
        {errorMessage(summaryQuery.error)}
      </Alert>
    );
  else if (!summary) content = <FullPageLoader />;
  else if (step === 'mapping') {
    content =
      previewQuery.data && defaultCountry.ready ? (
        <MappingStep
          summary={summary}
          preview={previewQuery.data}
          loadingSheet={previewQuery.isFetching}
          defaultCountry={defaultCountry.country}
          onSheetChange={setSheet}
          onStarted={() => void summaryQuery.refetch()}
          onStartOver={() => goTo('')}
        />
      ) : previewQuery.isError ? (
        <Alert severity="error">{errorMessage(previewQuery.error)}</Alert>
      ) : (
        <FullPageLoader />
      );
  } else if (step === 'progress') content = <ProgressStep summary={summary} />;
  else content = <ResultStep summary={summary} onStartOver={() => goTo('')} />;

  return (
    <PageContainer
      title={t('wizard.title')}
      description={t('wizard.description')}
      breadcrumbs={[{ label: t('common:nav.contacts'), to: paths.contacts.list }, { label: t('wizard.title') }]}
      actions={
        <Button component={RouterLink} to={paths.contacts.imports} variant="outlined" startIcon={<IconHistory size={18} aria-hidden />}>
          {t('history.title')}
        </Button>
      }
    >
      <Card>
        <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
          <WizardSteps step={step} failed={summary?.status === 'failed'} />
          {content}
        </CardContent>
      </Card>
    </PageContainer>
  );
}
