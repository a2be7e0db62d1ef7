import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import { useTranslation } from 'react-i18next';
import type { ImportStep } from './import-stats';

const STEPS: readonly ImportStep[] = ['upload', 'mapping', 'progress', 'result'];

/** The four steps of an import, the current one highlighted. */
export function WizardSteps({ step, failed }: { step: ImportStep; failed?: boolean }) {
  const { t } = useTranslation('imports');
  const active = STEPS.indexOf(step);
  return (
    <Stepper activeStep={step === 'result' ? STEPS.length : active} alternativeLabel sx={{ mb: 4 }}>
      {STEPS.map((key, index) => (
        <Step key={key} completed={index < active || (step === 'result' && index === active && !failed)}>
          <StepLabel error={failed && key === 'result'}>{t(`steps.${key}`)}</StepLabel>
        </Step>
      ))}
    </Stepper>
  );
}
