import type { LoginBody, loginBodySchema } from '@sms/contracts/sign-in';
import { IconAlertCircle, IconEye, IconEyeOff } from '@tabler/icons-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldErrorText } from '../../../components/forms/use-field-error-text';
import { loginErrorView, type LoginErrorView } from '../components/login-error';
import { useLoginFailureText } from '../components/use-login-failure-text';
import { PlainLink } from './plain-link';
import type { SignInHost } from './sign-in-host';
import { OutlinedField } from './outlined-field';
import './sign-in.css';

type FieldErrors = Partial<Record<keyof LoginBody, string>>;

// The contracts' rule, the one the API applies, loaded (with zod) on the form's first focus or
// check, not with the page (decision 064). Once per page life.
let loginSchema: Promise<typeof loginBodySchema> | undefined;
const loadLoginSchema = () => (loginSchema ??= import('@sms/contracts/sign-in').then((module) => module.loginBodySchema));

/** Each field's first problem under the contracts' rule, or the checked body when there is none. */
async function check(values: LoginBody): Promise<{ body: LoginBody } | { errors: FieldErrors }> {
  const result = (await loadLoginSchema()).safeParse(values);
  if (result.success) return { body: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if ((field === 'email' || field === 'password') && !errors[field]) errors[field] = issue.message;
  }
  return { errors };
}

/**
 * E-mail and password, without MUI or a form library (decision 071): the same behaviour as the
 * app's forms. Nothing is checked before the first submit; after it, each change checks again.
 * The first field in error gets the focus. A failed sign-in shows its reason above the fields.
 */
export function SignInForm({ host, forgotPath }: { host: SignInHost; forgotPath: string }) {
  const { t } = useTranslation('auth');
  const { t: tForms } = useTranslation('forms');
  const errorText = useFieldErrorText();
  const failureText = useLoginFailureText();
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<LoginErrorView | null>(null);
  const [shown, setShown] = useState(false);

  const values = (): LoginBody => {
    const data = new FormData(form.current ?? undefined);
    return { email: String(data.get('email') ?? ''), password: String(data.get('password') ?? '') };
  };

  const recheck = async () => {
    if (!submitted) return;
    const outcome = await check(values());
    setErrors('errors' in outcome ? outcome.errors : {});
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setSubmitted(true);
    setFailure(null);
    const outcome = await check(values());
    if ('errors' in outcome) {
      setErrors(outcome.errors);
      const first = (['email', 'password'] as const).find((field) => outcome.errors[field]);
      const input = first ? form.current?.elements.namedItem(first) : null;
      if (input instanceof HTMLInputElement) input.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    // The app's code comes while the server checks the password: not earlier, where running it
    // could hold up the keys being typed.
    host.prepareToLeave();
    try {
      // Busy until the next page shows: the app's code may still be on its way.
      host.continueSignIn(await host.signIn(outcome.body.email, outcome.body.password));
    } catch (error) {
      setFailure(loginErrorView(error));
      setBusy(false);
    }
  };

  return (
    <form
      ref={form}
      className="si-form"
      noValidate
      onSubmit={(event) => void submit(event)}
      onFocus={() => void loadLoginSchema()}
      data-testid="login-form"
    >
      {failure ? (
        <div role="alert" className="si-alert si-alert--error" data-testid="login-error">
          <IconAlertCircle size={22} stroke={1.8} aria-hidden />
          <div className="si-alert-message">{failureText(failure)}</div>
        </div>
      ) : null}
      <div className="si-stack">
        <OutlinedField
          id={`${id}email`}
          name="email"
          type="email"
          label={t('fields.email')}
          autoComplete="email"
          required
          error={errorText(errors.email)}
          onChange={() => void recheck()}
        />
        <div>
          <OutlinedField
            id={`${id}password`}
            name="password"
            type={shown ? 'text' : 'password'}
            label={t('fields.password')}
            autoComplete="current-password"
            spellCheck={false}
            autoCapitalize="none"
            required
            error={errorText(errors.password)}
            onChange={() => void recheck()}
            end={
              <button
                type="button"
                className="si-icon-button"
                onClick={() => setShown(!shown)}
                onMouseDown={(event) => event.preventDefault()}
                aria-label={shown ? tForms('password.hide') : tForms('password.show')}
                aria-pressed={shown}
              >
                {shown ? <IconEyeOff size={20} stroke={1.6} aria-hidden /> : <IconEye size={20} stroke={1.6} aria-hidden />}
              </button>
            }
          />
          <div className="si-forgot">
            <PlainLink host={host} to={forgotPath}>
              {t('login.forgotPassword')}
            </PlainLink>
          </div>
        </div>
        <button type="submit" className="si-button" aria-busy={busy} onPointerEnter={host.prepareToLeave}>
          {busy ? <span className="si-spinner" aria-hidden="true" /> : null}
          {t('login.submit')}
        </button>
      </div>
    </form>
  );
}
