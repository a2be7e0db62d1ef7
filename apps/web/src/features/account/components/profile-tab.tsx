import type { ReactNode } from 'react';
import Divider from '@mui/material/Divider';
import { FullPageLoader } from '../../../components/full-page-loader';
import { useAuth } from '../../../lib/auth/use-auth';
import { AvatarCard } from './avatar-card';

/** The profile tab: the picture, then the details form the app layer passes in (from the profile feature). */
export function ProfileTab({ details }: { details: ReactNode }) {
  const { user } = useAuth();
  if (!user) return <FullPageLoader />;
  return (
    <>
      <AvatarCard user={user} />
      <Divider sx={{ my: 4 }} />
      {details}
    </>
  );
}
