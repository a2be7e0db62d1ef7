import { BRAND_UPLOAD_LIMITS, tooLargeMessage, wrongTypeMessage, type BrandAssetKind } from '@sms/contracts/brand-defaults';
import { ApiError, errorMessage } from '../../../lib/api-error';

/** Browsers name some types differently from the server's list; extensions help when no type is given. */
const TYPE_ALIASES: Record<string, string> = {
  'image/vnd.microsoft.icon': 'image/x-icon',
  'image/ico': 'image/x-icon',
  'image/jpg': 'image/jpeg',
};
const EXTENSION_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  ico: 'image/x-icon',
};

/** The content type a chosen file claims (its type, else its extension). */
export function claimedType(file: { type: string; name: string }): string {
  if (file.type) return TYPE_ALIASES[file.type] ?? file.type;
  const extension = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? '';
  return EXTENSION_TYPES[extension] ?? '';
}

/**
 * Checks a chosen file against the kind's type list and size limit before uploading, with the
 * server's own messages; null when it may be sent. The server still checks the content itself.
 */
export function checkBrandFile(kind: BrandAssetKind, file: { type: string; name: string; size: number }): string | null {
  const limits = BRAND_UPLOAD_LIMITS[kind];
  if (!(limits.types as readonly string[]).includes(claimedType(file))) return wrongTypeMessage(kind);
  if (file.size > limits.maxBytes) return tooLargeMessage(kind);
  return null;
}

/** The `accept` attribute of the kind's file input. */
export const acceptOf = (kind: BrandAssetKind): string =>
  [...BRAND_UPLOAD_LIMITS[kind].types, ...(kind === 'favicon' ? ['.ico'] : [])].join(',');

/** Answers that concern the file itself: shown next to the upload in the server's own words. */
const FILE_STATUSES = new Set([400, 413, 415, 422]);

/** The text to show under an upload that failed: the server's message for file problems, else the app's error text. */
export function uploadErrorText(error: unknown): string {
  if (error instanceof ApiError && FILE_STATUSES.has(error.status)) return error.detail;
  return errorMessage(error);
}
