import { IconMessageCircleBolt, IconUserShield } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { useBrand } from '../../../lib/brand/use-brand';
import { ConnectionBanner } from '../../../lib/connection/connection-banner';
import { fitLogoSize } from '../../../lib/brand/logo-size';
import { fontStack } from '../../../lib/theme/font-stack';
import { usePageTitle } from '../../../lib/use-page-title';
import { CornerControls } from './corner-controls';
import { PlainLink } from './plain-link';
import { SignInForm } from './sign-in-form';
import type { SignInHost } from './sign-in-host';
import { useSetupStatusAtOpen } from './use-setup-status-at-open';
import './sign-in.css';

/** The brand's logo (else the app mark), name and description at the top of the card. */
function SignInBrand() {
  const { appName, description, logoUrl, logoWidth, logoHeight } = useBrand().settings;
  const size = fitLogoSize({ width: logoWidth, height: logoHeight }, { maxWidth: 380 });
  return (
    <div className="si-brand">
      {logoUrl ? (
        <img src={logoUrl} alt="" width={size.width} height={size.height} className="si-logo" data-testid="brand-logo" />
      ) : (
        <div className="si-mark" aria-hidden="true">
          <IconMessageCircleBolt size={30} stroke={1.8} />
        </div>
      )}
      <p className="si-app-name">{appName}</p>
      <p className="si-description">{description}</p>
    </div>
  );
}

/** Shown while no account exists yet: the way to create the first admin. */
function SetupCallout({ host }: { host: SignInHost }) {
  const { t } = useTranslation('auth');
  return (
    <div className="si-alert si-alert--info" data-testid="setup-callout">
      <IconUserShield size={22} aria-hidden />
      <div className="si-alert-message">
        <p className="si-alert-title">{t('setup.calloutTitle')}</p>
        {t('setup.calloutText')}
        <PlainLink host={host} to={paths.register} className="si-button">
          {t('setup.calloutAction')}
        </PlainLink>
      </div>
    </div>
  );
}

/**
 * /auth/login: sign in on a centred card, in plain HTML and CSS (decision 071). The first page most
 * visitors open, so it carries no MUI, router or query cache: the sign-in entry shows it before the
 * app's code is there, and the app's router shows the same page once it is.
 */
export function SignInPage({ host }: { host: SignInHost }) {
  const { t } = useTranslation('auth');
  const { fontFamily } = useBrand().settings;
  const setup = useSetupStatusAtOpen();
  usePageTitle(t('login.title'));
  const needsFirstAdmin = setup?.needsFirstAdmin ?? false;
  const canRegister = !needsFirstAdmin && (setup?.openRegistration ?? false);
  const font = fontStack(fontFamily);
  return (
    <>
      <ConnectionBanner style={{ fontFamily: font }} />
      <div className="si-page">
        <CornerControls dark={host.dark} setDark={host.setDark} />
        <main id="main-content" className="si-card">
          <SignInBrand />
          <div className="si-heading">
            <h1>{t('login.title')}</h1>
            <p className="si-subtitle">{t('login.subtitle')}</p>
          </div>
          {needsFirstAdmin ? <SetupCallout host={host} /> : null}
          <SignInForm host={host} forgotPath={paths.forgotPassword} />
          {canRegister ? (
            <p className="si-footnote si-secondary">
              {t('login.noAccount')}{' '}
              <PlainLink host={host} to={paths.register}>
                {t('login.createAccount')}
              </PlainLink>
            </p>
          ) : null}
        </main>
      </div>
    </>
  );
}
