import { createHash } from 'node:crypto';
import {
  BRAND_ASSET_EXTENSIONS,
  IMAGE_UPLOAD_LIMITS,
  wrongTypeMessage,
  type BrandAssetMime,
  type ImageUploadKind,
} from '@sms/contracts/brand';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Sharp } from 'sharp';
import { AppError, UnsupportedMediaType, Unprocessable } from '../../platform/errors.ts';
import { IcoError, readLargestIcoImage, writeIco } from './ico.ts';
import { decodeUtf8, looksLikeSvg, sanitiseSvg, SvgRejected } from './svg-sanitiser.ts';

/**
 * Checking and processing of brand uploads. The type comes from the bytes (magic numbers via
 * file-type, or an SVG root element), never from the file name or the client's Content-Type.
 * Raster images are decoded and re-encoded by sharp, so what is stored is sharp's output (no
 * metadata, no trailing bytes, no polyglot payload); SVG is rebuilt by the allow-list sanitiser.
 */

/** One file ready for brand_assets: id is the sha256 of `bytes`. */
export interface ProcessedAsset {
  id: string;
  kind: string;
  mime: BrandAssetMime;
  bytes: Buffer;
  width: number;
  height: number;
}

/** The favicon as uploaded (cleaned) plus the two PNG renditions browsers ask for. */
export interface ProcessedFavicon {
  main: ProcessedAsset;
  png32: ProcessedAsset;
  png180: ProcessedAsset;
}

type SourceType = 'image/png' | 'image/jpeg' | 'image/webp' | 'image/x-icon' | 'image/svg+xml';

/** Longest sides kept (larger images are scaled down, never up) and decoded-pixel budgets. */
const MAX_SIZE: Record<ImageUploadKind, { width: number; height: number; inputPixels: number }> = {
  logo: { width: 2000, height: 2000, inputPixels: 25_000_000 },
  favicon: { width: 512, height: 512, inputPixels: 25_000_000 },
  // Phone cameras take 50-megapixel photos; they are scaled to 4K on the way in.
  loginBackground: { width: 3840, height: 2160, inputPixels: 64_000_000 },
  // Post images: the login background's bounds.
  galleryImage: { width: 3840, height: 2160, inputPixels: 64_000_000 },
};

const FAVICON_ICO_SIZES = [16, 32, 48];
const TRANSPARENT = { r: 0, g: 0, b: 0, alpha: 0 };

/** 415 for a type the field does not take. */
const wrongType = (kind: ImageUploadKind) => new UnsupportedMediaType(wrongTypeMessage(kind), IMAGE_UPLOAD_LIMITS[kind].field);

/** 422 for a file of an accepted type that cannot be used (damaged, unsafe, too many pixels). */
const unusable = (kind: ImageUploadKind, reason: string) =>
  new Unprocessable(`${IMAGE_UPLOAD_LIMITS[kind].label} could not be used: ${reason}`, 'INVALID_IMAGE', IMAGE_UPLOAD_LIMITS[kind].field);

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

function asset(kind: string, mime: BrandAssetMime, bytes: Buffer, width: number, height: number): ProcessedAsset {
  return { id: sha256(bytes), kind, mime, bytes, width, height };
}

/** What the bytes are, judged by content only; undefined for anything we do not take at all. */
async function sniff(bytes: Buffer): Promise<{ type: SourceType; svg?: string } | undefined> {
  const detected = await fileTypeFromBuffer(bytes);
  // An animated PNG is a PNG (its first frame is kept).
  if (detected?.mime === 'image/apng') return { type: 'image/png' };
  if (detected && ['image/png', 'image/jpeg', 'image/webp', 'image/x-icon'].includes(detected.mime))
    return { type: detected.mime as SourceType };
  if (detected && detected.mime !== 'application/xml') return undefined;
  const text = decodeUtf8(bytes);
  if (text !== undefined && looksLikeSvg(text.replace(/^\uFEFF/, ''))) return { type: 'image/svg+xml', svg: text.replace(/^\uFEFF/, '') };
  return undefined;
}

/** Turns sharp's failures into a 422 the uploader can act on. */
async function decoding<T>(kind: ImageUploadKind, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError) throw error;
    const message = error instanceof Error ? error.message : '';
    if (/pixel limit/i.test(message)) {
      throw unusable(kind, `the image has more than ${MAX_SIZE[kind].inputPixels / 1_000_000} million pixels`);
    }
    throw unusable(kind, 'the file is damaged or not a readable image');
  }
}

/** A sharp pipeline over the upload with the decoding budget of its kind. */
function decoder(kind: ImageUploadKind, input: Buffer, options: { density?: number; raw?: { width: number; height: number } } = {}): Sharp {
  return sharp(input, {
    limitInputPixels: MAX_SIZE[kind].inputPixels,
    failOn: 'error',
    ...(options.density ? { density: options.density } : {}),
    ...(options.raw ? { raw: { width: options.raw.width, height: options.raw.height, channels: 4 } } : {}),
  });
}

/** Re-encodes a raster upload in its own format, upright, metadata stripped, size capped. */
async function reencode(kind: ImageUploadKind, bytes: Buffer, type: 'image/png' | 'image/jpeg' | 'image/webp'): Promise<ProcessedAsset> {
  return decoding(kind, async () => {
    const { width, height } = MAX_SIZE[kind];
    const pipeline = decoder(kind, bytes).rotate().resize({ width, height, fit: 'inside', withoutEnlargement: true });
    const encoded =
      type === 'image/png'
        ? pipeline.png({ compressionLevel: 9 })
        : type === 'image/jpeg'
          ? pipeline.jpeg({ quality: 88, mozjpeg: true })
          : pipeline.webp({ quality: 88 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return asset(kind, type, data, info.width, info.height);
  });
}

/** The sanitised SVG, after checking that it renders (which also yields its size). */
async function cleanSvg(kind: ImageUploadKind, text: string): Promise<ProcessedAsset> {
  let clean: string;
  try {
    clean = sanitiseSvg(text);
  } catch (error) {
    if (error instanceof SvgRejected) throw unusable(kind, error.message);
    throw error;
  }
  const bytes = Buffer.from(clean, 'utf8');
  const metadata = await decoding(kind, () => decoder(kind, bytes).metadata());
  return asset(kind, 'image/svg+xml', bytes, metadata.width ?? 0, metadata.height ?? 0);
}

/** Checks the detected type against what `kind` accepts. */
async function accepted(kind: ImageUploadKind, bytes: Buffer): Promise<{ type: SourceType; svg?: string }> {
  const sniffed = await sniff(bytes);
  if (!sniffed || !(IMAGE_UPLOAD_LIMITS[kind].types as readonly string[]).includes(sniffed.type)) throw wrongType(kind);
  return sniffed;
}

/** A logo: PNG, JPEG or WebP re-encoded, or SVG sanitised. */
export async function processLogo(bytes: Buffer): Promise<ProcessedAsset> {
  const { type, svg } = await accepted('logo', bytes);
  if (svg !== undefined) return cleanSvg('logo', svg);
  return reencode('logo', bytes, type as 'image/png' | 'image/jpeg' | 'image/webp');
}

/** A login background: PNG, JPEG or WebP, re-encoded and scaled to at most 3840x2160. */
export async function processLoginBackground(bytes: Buffer): Promise<ProcessedAsset> {
  const { type } = await accepted('loginBackground', bytes);
  return reencode('loginBackground', bytes, type as 'image/png' | 'image/jpeg' | 'image/webp');
}

/** A media library image (modules/gallery): PNG, JPEG or WebP, re-encoded and scaled to at most 3840x2160. */
export async function processGalleryImage(bytes: Buffer): Promise<ProcessedAsset> {
  const { type } = await accepted('galleryImage', bytes);
  return reencode('galleryImage', bytes, type as 'image/png' | 'image/jpeg' | 'image/webp');
}

/** Longest side of a media library image's grid thumbnail. */
const THUMBNAIL_SIZE = 480;

/** The grid thumbnail of a processed library image (WebP, at most 480 px), or null when the image is that small already. */
export async function galleryThumbnail(image: ProcessedAsset): Promise<ProcessedAsset | null> {
  if (image.width <= THUMBNAIL_SIZE && image.height <= THUMBNAIL_SIZE) return null;
  return decoding('galleryImage', async () => {
    const { data, info } = await decoder('galleryImage', image.bytes)
      .resize({ width: THUMBNAIL_SIZE, height: THUMBNAIL_SIZE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    return asset('galleryThumbnail', 'image/webp', data, info.width, info.height);
  });
}

/** A square PNG of `size` pixels with the image centred on transparency. */
async function squarePng(source: () => Sharp, size: number, kind: string): Promise<ProcessedAsset> {
  const png = await source().resize(size, size, { fit: 'contain', background: TRANSPARENT }).png({ compressionLevel: 9 }).toBuffer();
  return asset(kind, 'image/png', png, size, size);
}

/**
 * A favicon: ICO rebuilt from its largest image as PNG-based 16/32/48 px entries, PNG/JPEG/WebP
 * re-encoded as PNG (at most 512 px), SVG sanitised; plus 32x32 and 180x180 PNG renditions.
 */
export async function processFavicon(bytes: Buffer): Promise<ProcessedFavicon> {
  const { type, svg } = await accepted('favicon', bytes);
  return decoding('favicon', async () => {
    let source: () => Sharp;
    let main: ProcessedAsset | undefined;
    if (svg !== undefined) {
      main = await cleanSvg('favicon', svg);
      // Render the vector at about 512 px (not its nominal size) so the 180 px rendition is
      // sharp and a huge nominal size does not cost a huge bitmap.
      const longest = Math.max(main.width, main.height, 1);
      const density = Math.min(2400, Math.max(1, (72 * 512) / longest));
      const vector = main.bytes;
      source = () => decoder('favicon', vector, { density });
    } else if (type === 'image/x-icon') {
      let image;
      try {
        image = readLargestIcoImage(bytes);
      } catch (error) {
        if (error instanceof IcoError) throw unusable('favicon', `the icon file is damaged (${error.message})`);
        throw error;
      }
      source =
        image.format === 'png'
          ? () => decoder('favicon', image.data)
          : () => decoder('favicon', image.data, { raw: { width: image.width, height: image.height } });
      const { width = 0, height = 0 } = image.format === 'png' ? await source().metadata() : image;
      const sizes = FAVICON_ICO_SIZES.filter((size) => size <= Math.max(width, height));
      const entries = await Promise.all(
        (sizes.length > 0 ? sizes : [16]).map(async (size) => ({ size, png: (await squarePng(source, size, 'favicon')).bytes })),
      );
      const largest = entries.at(-1)?.size ?? 16;
      main = asset('favicon', 'image/x-icon', writeIco(entries), largest, largest);
    } else {
      const { width, height } = MAX_SIZE.favicon;
      const { data, info } = await decoder('favicon', bytes)
        .rotate()
        .resize({ width, height, fit: 'inside', withoutEnlargement: true })
        .png({ compressionLevel: 9 })
        .toBuffer({ resolveWithObject: true });
      main = asset('favicon', 'image/png', data, info.width, info.height);
      source = () => decoder('favicon', data);
    }
    const [png32, png180] = await Promise.all([squarePng(source, 32, 'favicon-32'), squarePng(source, 180, 'favicon-180')]);
    return { main, png32, png180 };
  });
}

/** The public path of a stored asset: content-addressed, so it can be cached forever. */
export function assetPath(id: string, mime: string): string {
  const extension = BRAND_ASSET_EXTENSIONS[mime as BrandAssetMime] ?? 'bin';
  return `/api/brand-assets/${id}.${extension}`;
}
