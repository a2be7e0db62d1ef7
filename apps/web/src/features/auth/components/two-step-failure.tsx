import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { clearPendingTwoStep } from '../../../lib/auth/pending-two-step';
import type { TwoStepErrorView } from './two-step-error';
import { intlLocale } from '../../../lib/i18n/intl-locale';

/** A second-step failure in words; an expired sign-in offers to start again. */
export function TwoStepFailure({ view, loginPath }: { view: TwoStepErrorView; loginPath: string }) {
  const { t, i18n } = useTranslation('account-access');
  let text: string;
  if ('text' in view) text = view.text;
  else if (view.key === 'throttled') {
    text = view.delay
      ? t('twoStep.errors.throttled', {
          when: new Intl.RelativeTimeFormat(intlLocale(i18n.language), { numeric: 'always' }).format(view.delay.value, view.delay.unit),
        })
      : t('twoStep.errors.throttledLater');
  } else text = t(`twoStep.errors.${view.key}`);
  const expired = 'key' in view && view.key === 'expired';
  return (
    <Alert
      severity="error"
      sx={{ mb: 2.5 }}
      data-testid="two-step-error"
      action={
        expired ? (
          <Button color="inherit" size="small" component={RouterLink} to={loginPath} onClick={clearPendingTwoStep}>
            {t('signIn')}
          </Button>
        ) : undefined
      }
    >
      {text}
    </Alert>
  );
}
