import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { PayloadTooLarge, Unprocessable, UnsupportedMediaType, ValidationError } from '../../platform/errors.ts';

/** Profile pictures: PNG, JPEG or WebP up to 2 MB, stored as a 256 x 256 WebP. */
export const AVATAR_LIMITS = { field: 'avatar', maxBytes: 2 * 1024 * 1024, size: 256, inputPixels: 40_000_000 } as const;

/**
 * Reads the one file of a multipart upload (field `avatar`), bounded while streaming. Other
 * fields are ignored.
 */
export async function readAvatarUpload(request: FastifyRequest): Promise<Buffer> {
  const { field, maxBytes } = AVATAR_LIMITS;
  if (!request.isMultipart()) throw new UnsupportedMediaType(`Send the picture as multipart/form-data in the "${field}" field`, field);
  let file: Buffer | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1, fields: 4, fieldSize: 64, parts: 5 } })) {
      if (part.type !== 'file') continue;
      if (part.fieldname === field && file === undefined) file = await part.toBuffer();
      else part.file.resume();
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new PayloadTooLarge('The picture must be at most 2 MB', field);
    if (error instanceof Error) throw new ValidationError(field, 'The upload could not be read as multipart/form-data');
    throw error;
  }
  if (!file || file.length === 0) throw new ValidationError(field, `${field} is required`);
  return file;
}

/**
 * Checks the bytes by content (never the name or Content-Type) and re-encodes them: square crop,
 * 256 x 256, WebP, no metadata. Answers the stored form and its id (sha256).
 */
export async function processAvatar(bytes: Buffer): Promise<{ id: string; bytes: Buffer }> {
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !['image/png', 'image/jpeg', 'image/webp'].includes(type.mime)) {
    throw new UnsupportedMediaType('The picture must be a PNG, JPEG or WebP image', AVATAR_LIMITS.field);
  }
  let output: Buffer;
  try {
    output = await sharp(bytes, { limitInputPixels: AVATAR_LIMITS.inputPixels })
      .rotate()
      .resize(AVATAR_LIMITS.size, AVATAR_LIMITS.size, { fit: 'cover' })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    throw new Unprocessable('The picture could not be read: it may be damaged or too large', 'INVALID_IMAGE', AVATAR_LIMITS.field);
  }
  return { id: createHash('sha256').update(output).digest('hex'), bytes: output };
}
