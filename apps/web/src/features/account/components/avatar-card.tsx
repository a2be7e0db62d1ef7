import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { User } from '@sms/contracts/users';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../../components/user-avatar';
import { errorMessage } from '../../../lib/api-client';
import { useRemoveAvatar, useUploadAvatar } from '../../../api/account/avatar';

const MAX_BYTES = 2 * 1024 * 1024;
const TYPES = ['image/png', 'image/jpeg', 'image/webp'];

/** The profile picture: upload (PNG, JPEG or WebP up to 2 MB, cropped square by the server) or remove. */
export function AvatarCard({ user }: { user: User }) {
  const { t } = useTranslation('account');
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadAvatar();
  const remove = useRemoveAvatar();
  const [problem, setProblem] = useState<string | null>(null);

  const chosen = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setProblem(null);
    // Checked here for a quick answer; the server checks the content again.
    if (!TYPES.includes(file.type)) return setProblem(t('avatar.wrongType'));
    if (file.size > MAX_BYTES) return setProblem(t('avatar.tooLarge'));
    try {
      await upload.mutateAsync(file);
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { sm: 'center' } }} data-testid="avatar-card">
      <UserAvatar name={user.name} src={user.avatarUrl ?? undefined} size={96} />
      <Box>
        <Typography variant="h6" component="h3">
          {t('avatar.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {t('avatar.hint')}
        </Typography>
        {problem ? (
          <Alert severity="error" sx={{ mb: 1.5 }}>
            {problem}
          </Alert>
        ) : null}
        <Stack direction="row" spacing={1.5}>
          <Button
            variant="outlined"
            startIcon={<IconUpload size={18} aria-hidden />}
            loading={upload.isPending}
            onClick={() => input.current?.click()}
          >
            {t('avatar.upload')}
          </Button>
          {user.avatarUrl ? (
            <Button
              color="error"
              startIcon={<IconTrash size={18} aria-hidden />}
              loading={remove.isPending}
              onClick={() => void remove.mutateAsync().catch((error: unknown) => setProblem(errorMessage(error)))}
            >
              {t('avatar.remove')}
            </Button>
          ) : null}
        </Stack>
        <input
          ref={input}
          type="file"
          accept={TYPES.join(',')}
          hidden
          onChange={(event) => void chosen(event)}
          aria-label={t('avatar.upload')}
        />
      </Box>
    </Stack>
  );
}
