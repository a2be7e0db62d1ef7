import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PublicTopic } from '@sms/contracts/public-site';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { HydratedForm } from '../../../components/forms/hydrated-form';
import { visuallyHidden } from '../../../components/visually-hidden';
import { useConfirmSubscription } from '../../../api/public-site/confirm-subscription';
import { useSubscribe } from '../../../api/public-site/subscribe';
import { publicErrorText } from './public-error';
import { InputField } from '../../../components/forms/input-field';

/** Picks a topic; topics of one group (one tag field) exclude each other. */
export function toggleTopic(topics: PublicTopic[], selected: string[], id: string): string[] {
  if (selected.includes(id)) return selected.filter((other) => other !== id);
  const group = topics.find((topic) => topic.id === id)?.group;
  const others = selected.filter((other) => topics.find((topic) => topic.id === other)?.group !== group);
  return [...others, id];
}

/**
 * The subscription form (double opt-in): number, name and topics, then the code texted to the
 * number. The consent text shown here is the one the server records with the subscription.
 */
export function SubscribeForm({
  topics,
  consentText,
  initialTopic,
}: {
  topics: PublicTopic[];
  consentText: string;
  initialTopic?: string;
}) {
  const { t } = useTranslation('public');
  const subscribe = useSubscribe();
  const confirm = useConfirmSubscription();
  const [phone, setPhone] = useState('');
  const [name, setName] = useState('');
  const [website, setWebsite] = useState('');
  const [selected, setSelected] = useState<string[]>(
    initialTopic && topics.some((topic) => topic.id === initialTopic) ? [initialTopic] : [],
  );
  const [code, setCode] = useState('');
  const [step, setStep] = useState<'ask' | 'code' | 'done'>('ask');
  const [problem, setProblem] = useState<string | null>(null);
  const consentId = useId();
  const grouped = new Set(topics.map((topic) => topic.group)).size < topics.length;

  const ask = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (!phone.trim()) return setProblem(t('form.phoneRequired'));
    if (selected.length === 0) return setProblem(t('form.chooseTopic'));
    try {
      await subscribe.mutateAsync({
        phone: phone.trim(),
        topics: selected,
        ...(name.trim() ? { name: name.trim() } : {}),
        ...(website ? { website } : {}),
      });
      setStep('code');
    } catch (error) {
      setProblem(publicErrorText(error, t));
    }
  };
  const check = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (!/^\d{6}$/.test(code.trim())) return setProblem(t('form.codeRequired'));
    try {
      await confirm.mutateAsync({ phone: phone.trim(), code: code.trim() });
      setStep('done');
    } catch (error) {
      setProblem(publicErrorText(error, t));
    }
  };

  if (step === 'done')
    return (
      <Alert severity="success" data-testid="subscribed">
        {t('form.subscribed')}
      </Alert>
    );

  if (step === 'code')
    return (
      <HydratedForm noValidate onSubmit={check} aria-label={t('form.confirm')}>
        <Stack spacing={2}>
          <Alert severity="info">{t('form.codeSent', { phone: phone.trim() })}</Alert>
          <InputField
            label={t('form.code')}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 6 } }}
            required
          />
          {problem ? <Alert severity="error">{problem}</Alert> : null}
          <Stack direction="row" spacing={1}>
            <Button type="submit" variant="contained" disabled={confirm.isPending}>
              {t('form.confirm')}
            </Button>
            <Button
              onClick={() => {
                setStep('ask');
                setCode('');
                setProblem(null);
              }}
            >
              {t('form.startAgain')}
            </Button>
          </Stack>
        </Stack>
      </HydratedForm>
    );

  return (
    <HydratedForm noValidate onSubmit={ask} aria-label={t('landing.subscribeTitle')} data-testid="subscribe-form">
      <Stack spacing={2}>
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
          <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 0.5 }}>
            {t('form.topicsLegend')}
          </Typography>
          {grouped ? (
            <Typography variant="body2" color="text.secondary">
              {t('form.oneOfGroup')}
            </Typography>
          ) : null}
          {topics.map((topic) => (
            <Box key={topic.id}>
              <FormControlLabel
                control={
                  <Checkbox checked={selected.includes(topic.id)} onChange={() => setSelected(toggleTopic(topics, selected, topic.id))} />
                }
                label={topic.title}
              />
              {topic.frequency ? (
                <Typography variant="body2" color="text.secondary" sx={{ pl: 4, mt: -0.75 }}>
                  {t('form.frequency', { frequency: topic.frequency })}
                </Typography>
              ) : null}
            </Box>
          ))}
        </Box>
        <InputField
          label={t('form.phone')}
          helperText={t('form.phoneHint')}
          value={phone}
          onChange={(event) => setPhone(event.target.value)}
          type="tel"
          required
          slotProps={{ htmlInput: { autoComplete: 'tel', dir: 'ltr' } }}
        />
        <InputField
          label={t('form.name')}
          value={name}
          onChange={(event) => setName(event.target.value)}
          slotProps={{ htmlInput: { autoComplete: 'name' } }}
        />
        {/* The honeypot: hidden from people and from assistive technology, filled in by robots. */}
        <Box sx={visuallyHidden} aria-hidden>
          <label>
            {t('form.website')}
            <input tabIndex={-1} autoComplete="off" name="website" value={website} onChange={(event) => setWebsite(event.target.value)} />
          </label>
        </Box>
        <Box id={consentId}>
          <Typography variant="subtitle2">{t('form.consentTitle')}</Typography>
          <Typography variant="body2" color="text.secondary" data-testid="consent-text">
            {consentText}
          </Typography>
        </Box>
        {problem ? <Alert severity="error">{problem}</Alert> : null}
        <Box>
          <Button type="submit" variant="contained" size="large" disabled={subscribe.isPending} aria-describedby={consentId}>
            {t('form.submit')}
          </Button>
        </Box>
      </Stack>
    </HydratedForm>
  );
}
