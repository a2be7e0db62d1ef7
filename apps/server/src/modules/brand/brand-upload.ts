import { IMAGE_UPLOAD_LIMITS, tooLargeMessage, type ImageUploadKind } from '@sms/contracts/brand';
import type { FastifyRequest } from 'fastify';
import { unstorableTextMessage } from '@sms/contracts/text-input';
import { AppError, PayloadTooLarge, UnsupportedMediaType, ValidationError } from '../../platform/errors.ts';

/** One upload read from a multipart request: the file's bytes and the small text fields. */
export interface Upload {
  file: Buffer;
  /** The file's name as the client sent it (shown only, never trusted for the type). */
  fileName: string;
  fields: Record<string, string>;
}

const MAX_FIELD_BYTES = 64;

/** Errors @fastify/multipart raises for its limits, by code. */
function limitError(kind: ImageUploadKind, code: unknown): AppError | undefined {
  const { field } = IMAGE_UPLOAD_LIMITS[kind];
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new PayloadTooLarge(tooLargeMessage(kind), field);
    case 'FST_FILES_LIMIT':
      return new ValidationError(field, `Send one file only, in the "${field}" field`);
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new ValidationError(field, 'The upload has too many form fields');
    default:
      return undefined;
  }
}

/**
 * Reads a multipart upload with the file in the field named after `kind` (e.g. `logo`). Limits
 * are enforced while streaming: one file of at most the kind's size, a few short text fields.
 * Other file fields are discarded; text fields other than `fieldNames` are ignored; a text field
 * is at most `fieldBytes` long.
 */
export async function readUpload(
  request: FastifyRequest,
  kind: ImageUploadKind,
  fieldNames: readonly string[] = [],
  fieldBytes = MAX_FIELD_BYTES,
): Promise<Upload> {
  const { field, label, maxBytes } = IMAGE_UPLOAD_LIMITS[kind];
  if (!request.isMultipart()) {
    throw new UnsupportedMediaType(`Send the ${label.toLowerCase()} as multipart/form-data with the file in the "${field}" field`, field);
  }
  let file: Buffer | undefined;
  let fileName = '';
  const fields: Record<string, string> = {};
  try {
    const parts = request.parts({
      limits: { fileSize: maxBytes, files: 1, fields: 8, fieldSize: fieldBytes, parts: 9, headerPairs: 100 },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname === field && file === undefined) {
          file = await part.toBuffer();
          // Shown only: control characters and lone surrogates dropped so it can be stored.
          // eslint-disable-next-line no-control-regex -- control characters are what is dropped
          fileName = part.filename.replace(/[\u0000-\u001f\u007f]/g, '').toWellFormed();
          // toBuffer throws past the limit; the check stays in case that behaviour is configured off.
          if (part.file.truncated) throw limitError(kind, 'FST_REQ_FILE_TOO_LARGE');
        } else {
          part.file.resume();
        }
      } else if (fieldNames.includes(part.fieldname)) {
        if (part.valueTruncated) throw new ValidationError(part.fieldname, `${part.fieldname} is too long`);
        // The text rule of every other input (decision 030): no NUL, no lone surrogate.
        const unstorable = unstorableTextMessage(part.fieldname, String(part.value));
        if (unstorable) throw new ValidationError(part.fieldname, unstorable);
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const mapped = limitError(kind, (error as { code?: unknown }).code);
    if (mapped) throw mapped;
    const status = (error as { statusCode?: unknown }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500)
      throw new ValidationError(field, 'The upload could not be read as multipart/form-data');
    // busboy's own parse errors ("Malformed part header", "Unexpected end of form") carry no status.
    if (error instanceof Error && !('statusCode' in error))
      throw new ValidationError(field, 'The upload could not be read as multipart/form-data');
    throw error;
  }
  if (file === undefined) throw new ValidationError(field, `${field} is required`);
  if (file.length === 0) throw new ValidationError(field, `The ${label.toLowerCase()} file is empty`);
  return { file, fileName, fields };
}
