/**
 * Just enough of the Windows icon format for favicons: read the largest image of an uploaded ICO
 * (PNG-embedded, or a plain BMP bitmap with its transparency mask) and write a new ICO made of
 * PNG images. sharp reads neither ICO nor BMP, so these few lines stand in for a dependency.
 */

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The ICO cannot be read; the message says why. */
export class IcoError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'IcoError';
  }
}

/** One image taken out of an ICO: PNG bytes, or raw RGBA pixels decoded from a bitmap. */
export type IcoImage = { format: 'png'; data: Buffer } | { format: 'rgba'; data: Buffer; width: number; height: number };

interface DirectoryEntry {
  width: number;
  height: number;
  bitCount: number;
  size: number;
  offset: number;
}

/** The entries of the icon directory, each checked to lie inside the file. */
function readDirectory(ico: Buffer): DirectoryEntry[] {
  if (ico.length < 6 || ico.readUInt16LE(0) !== 0 || ico.readUInt16LE(2) !== 1) throw new IcoError('not an icon file');
  const count = ico.readUInt16LE(4);
  if (count < 1 || ico.length < 6 + count * 16) throw new IcoError('the icon directory is damaged');
  const entries: DirectoryEntry[] = [];
  for (let index = 0; index < count; index += 1) {
    const base = 6 + index * 16;
    const entry = {
      width: ico.readUInt8(base) || 256,
      height: ico.readUInt8(base + 1) || 256,
      bitCount: ico.readUInt16LE(base + 6),
      size: ico.readUInt32LE(base + 8),
      offset: ico.readUInt32LE(base + 12),
    };
    if (entry.size < 1 || entry.offset < 6 + count * 16 || entry.offset + entry.size > ico.length)
      throw new IcoError('an icon image lies outside the file');
    entries.push(entry);
  }
  return entries;
}

/** Decodes a BITMAPINFOHEADER bitmap (1, 4, 8, 24 or 32 bits, uncompressed) to RGBA. */
function decodeBitmap(dib: Buffer): IcoImage {
  if (dib.length < 40) throw new IcoError('the bitmap header is cut short');
  const headerSize = dib.readUInt32LE(0);
  const width = dib.readInt32LE(4);
  const height = Math.trunc(dib.readInt32LE(8) / 2); // XOR image + AND mask
  const bitCount = dib.readUInt16LE(14);
  const compression = dib.readUInt32LE(16);
  if (headerSize < 40 || headerSize > dib.length) throw new IcoError('the bitmap header is damaged');
  if (width < 1 || width > 256 || height < 1 || height > 256) throw new IcoError('the bitmap size is out of range');
  if (compression !== 0 || ![1, 4, 8, 24, 32].includes(bitCount))
    throw new IcoError(`${bitCount}-bit or compressed bitmaps are not supported`);
  const paletteSize = bitCount <= 8 ? dib.readUInt32LE(32) || 1 << bitCount : 0;
  const paletteStart = headerSize;
  const pixelStart = paletteStart + paletteSize * 4;
  const stride = Math.ceil((width * bitCount) / 32) * 4;
  const maskStride = Math.ceil(width / 32) * 4;
  const maskStart = pixelStart + stride * height;
  const hasMask = dib.length >= maskStart + maskStride * height;
  if (dib.length < maskStart) throw new IcoError('the bitmap pixels are cut short');

  const rgba = Buffer.alloc(width * height * 4);
  let anyAlpha = false;
  for (let y = 0; y < height; y += 1) {
    const row = pixelStart + (height - 1 - y) * stride; // bottom-up
    for (let x = 0; x < width; x += 1) {
      const out = (y * width + x) * 4;
      let blue: number;
      let green: number;
      let red: number;
      let alpha = 255;
      if (bitCount >= 24) {
        const at = row + x * (bitCount / 8);
        [blue, green, red] = [dib[at] ?? 0, dib[at + 1] ?? 0, dib[at + 2] ?? 0];
        if (bitCount === 32) alpha = dib[at + 3] ?? 0;
      } else {
        const bitOffset = x * bitCount;
        const byte = dib[row + (bitOffset >> 3)] ?? 0;
        const index = (byte >> (8 - bitCount - (bitOffset & 7))) & ((1 << bitCount) - 1);
        if (index >= paletteSize) throw new IcoError('a bitmap pixel points outside the palette');
        const at = paletteStart + index * 4;
        [blue, green, red] = [dib[at] ?? 0, dib[at + 1] ?? 0, dib[at + 2] ?? 0];
      }
      if (alpha !== 0 && bitCount === 32) anyAlpha = true;
      rgba[out] = red;
      rgba[out + 1] = green;
      rgba[out + 2] = blue;
      rgba[out + 3] = alpha;
    }
  }
  // 32-bit images carry their own alpha; the others (and 32-bit ones with an empty alpha
  // channel) take transparency from the AND mask.
  if ((bitCount !== 32 || !anyAlpha) && hasMask) {
    for (let y = 0; y < height; y += 1) {
      const row = maskStart + (height - 1 - y) * maskStride;
      for (let x = 0; x < width; x += 1) {
        const transparent = ((dib[row + (x >> 3)] ?? 0) >> (7 - (x & 7))) & 1;
        rgba[(y * width + x) * 4 + 3] = transparent ? 0 : 255;
      }
    }
  } else if (bitCount === 32 && !anyAlpha) {
    for (let at = 3; at < rgba.length; at += 4) rgba[at] = 255;
  }
  return { format: 'rgba', data: rgba, width, height };
}

/** The largest (then deepest) image of an ICO file. */
export function readLargestIcoImage(ico: Buffer): IcoImage {
  const entries = readDirectory(ico);
  const best = entries.reduce((a, b) =>
    b.width * b.height > a.width * a.height || (b.width * b.height === a.width * a.height && b.bitCount > a.bitCount) ? b : a,
  );
  const data = ico.subarray(best.offset, best.offset + best.size);
  if (data.subarray(0, 8).equals(PNG_SIGNATURE)) return { format: 'png', data: Buffer.from(data) };
  return decodeBitmap(data);
}

/** An ICO file holding the given square PNG images (each at most 256 px). */
export function writeIco(images: Array<{ png: Buffer; size: number }>): Buffer {
  const header = Buffer.alloc(6 + images.length * 16);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ png, size }, index) => {
    const base = 6 + index * 16;
    header.writeUInt8(size >= 256 ? 0 : size, base);
    header.writeUInt8(size >= 256 ? 0 : size, base + 1);
    header.writeUInt16LE(1, base + 4); // colour planes
    header.writeUInt16LE(32, base + 6); // bits per pixel
    header.writeUInt32LE(png.length, base + 8);
    header.writeUInt32LE(offset, base + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...images.map(({ png }) => png)]);
}
