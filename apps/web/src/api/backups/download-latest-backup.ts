import { downloadFile } from '../../lib/download';

/** GET /api/backups/latest (administrators; audited): saves the newest backup file. */
export const downloadLatestBackup = (): Promise<string> => downloadFile('/api/backups/latest', 'backup.sms.gz');
