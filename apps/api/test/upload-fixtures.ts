import sharp from 'sharp';

/** Test pictures made on the spot: no binary fixtures in the repository. */

const red = { r: 220, g: 40, b: 40, alpha: 1 };

/** A `width` x `height` picture of one colour in the given format. */
export function picture(format: 'jpeg' | 'png' | 'webp', width = 40, height = 20): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: red } })
    .toFormat(format)
    .toBuffer();
}

export const CAMERA_MAKE = 'SpyCam Model X';

/** A JPEG as a phone writes it: GPS position, camera make, and orientation 6 (to be turned 90° clockwise). */
export function phoneJpeg(width = 40, height = 20): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: red } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: CAMERA_MAKE, Model: 'X1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '3/1 8/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '101/1 41/1 0/1',
      },
    })
    .toBuffer();
}

/** Whether an EXIF block points to a GPS section (tag 0x8825, either byte order). */
export const hasGpsTag = (exif: Buffer) =>
  exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]));

/** The first bytes of a Linux executable, padded: what a renamed program looks like. */
export const elfBytes = () =>
  Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(200)]);

/** A Windows executable's header ("MZ"). */
export const exeBytes = () => Buffer.concat([Buffer.from('MZ\x90\x00', 'latin1'), Buffer.alloc(200)]);

/** A minimal PDF document. */
export const pdfBytes = () =>
  Buffer.from('%PDF-1.4\n1 0 obj <</Type /Catalog>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n', 'latin1');

/** A JPEG's magic followed by junk: it starts like a picture but does not decode. */
export const fakeJpeg = () =>
  Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('not really a picture')]);
