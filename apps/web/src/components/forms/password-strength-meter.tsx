import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { PASSWORD_MIN_LENGTH } from '@sms/contracts/password-limits';
import { IconCheck, IconPoint } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LONG_PASSWORD_LENGTH, PASSWORD_CHECKS, passwordStrength, type StrengthLevel } from './password-strength';

const LEVEL_COLOR: Record<StrengthLevel, 'inherit' | 'error' | 'warning' | 'info' | 'success'> = {
  empty: 'inherit',
  weak: 'error',
  fair: 'warning',
  good: 'info',
  strong: 'success',
};

/**
 * Strength bar and the rule/hint checklist for a new password (the shared rules come first);
 * `minLength` is the configured minimum (Configurations -> Security), 8 by default.
 */
export function PasswordStrengthMeter({ password, minLength = PASSWORD_MIN_LENGTH }: { password: string; minLength?: number }) {
  const { t } = useTranslation('forms');
  const strength = passwordStrength(password, minLength);
  const titleId = useId();
  const levelText = t(`password.levels.${strength.level}`);
  return (
    <Box sx={{ mt: 1 }}>
      <LinearProgress
        variant="determinate"
        value={strength.score * 25}
        color={LEVEL_COLOR[strength.level]}
        aria-label={t('password.strengthLabel')}
        aria-valuetext={levelText}
        sx={{ height: 6, borderRadius: 3 }}
      />
      <Typography variant="caption" component="p" color="text.secondary" sx={{ mt: 0.5 }} aria-live="polite">
        {t('password.strength', { level: levelText })}
      </Typography>
      <Typography id={titleId} variant="caption" component="p" color="text.secondary" sx={{ mt: 1, fontWeight: 600 }}>
        {t('password.rulesTitle')}
      </Typography>
      <Box
        component="ul"
        aria-labelledby={titleId}
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.25, gridTemplateColumns: { sm: '1fr 1fr' } }}
      >
        {PASSWORD_CHECKS.map((check) => {
          const met = strength.checks[check];
          return (
            <Box
              component="li"
              key={check}
              sx={{ display: 'flex', alignItems: 'center', gap: 0.75, fontSize: 12, color: met ? 'textColor.success' : 'text.secondary' }}
            >
              {met ? <IconCheck size={14} aria-hidden /> : <IconPoint size={14} aria-hidden />}
              <span>
                {t(`password.checks.${check}`, { min: minLength, long: LONG_PASSWORD_LENGTH })}
                <Box component="span" sx={visuallyHidden}>
                  {` (${met ? t('password.met') : t('password.notMet')})`}
                </Box>
              </span>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}

/** Read by screen readers, not shown (pixel units: in sx a bare 1 would mean 100%). */
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
