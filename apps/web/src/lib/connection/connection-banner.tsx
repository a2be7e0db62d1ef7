import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../i18n/intl-locale';
import { useConnection } from './use-connection';

// Plain elements and the theme's CSS variables, no MUI: the sign-in page shows it too (decision 071).
const BAR: CSSProperties = {
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  gap: '0 12px',
  padding: '6px 16px',
  background: 'var(--sms-palette-info-light)',
  color: 'var(--sms-palette-text-primary)',
  fontSize: '0.875rem',
};

/**
 * While the server cannot serve the app: "Reconnecting to the server…" (its database is away) or
 * "Cannot reach the server. Retrying…", with the time of the next try. Each frame shows it at its
 * top; it goes away by itself once the server answers. The status element is always there (empty
 * while online), so screen readers announce the message when it appears; the next try's time stays
 * outside it, not read out at every try.
 */
export function ConnectionBanner({ style }: { style?: CSSProperties }) {
  const { t, i18n } = useTranslation('common');
  const { status, nextTryAt } = useConnection();
  const shown = status !== 'online';
  return (
    <div data-testid="connection-banner" style={shown ? { ...BAR, ...style } : undefined}>
      <p role="status" aria-live="polite" style={{ margin: 0 }}>
        {shown ? t(`connection.${status}`) : null}
      </p>
      {shown && nextTryAt !== undefined ? (
        <span>{t('connection.nextTry', { time: new Date(nextTryAt).toLocaleTimeString(intlLocale(i18n.language)) })}</span>
      ) : null}
    </div>
  );
}
