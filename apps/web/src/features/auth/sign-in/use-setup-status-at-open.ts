import type { SetupStatus } from '@sms/contracts/users';
import { useEffect, useState } from 'react';
import { getSetupStatus } from '../../../api/users/get-setup-status';

/**
 * The setup status, asked for each time the page opens (it changes once the first admin exists).
 * Plain state rather than the app's query cache: the sign-in entry has none (decision 071). While
 * it loads or when it fails, the page shows the form alone, as before.
 */
export function useSetupStatusAtOpen(): SetupStatus | undefined {
  const [status, setStatus] = useState<SetupStatus>();
  useEffect(() => {
    let current = true;
    getSetupStatus().then(
      (answer) => current && setStatus(answer),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  return status;
}
