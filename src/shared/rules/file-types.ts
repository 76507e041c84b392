// A file's type as people say it ("an SVG image", "a PDF document"), for the messages that refuse
// a file: a media type such as image/svg+xml means nothing to a spreadsheet person.

const NAMES: Record<string, string> = {
  'image/png': 'a PNG image',
  'image/jpeg': 'a JPEG image',
  'image/gif': 'a GIF image',
  'image/webp': 'a WebP image',
  'image/svg+xml': 'an SVG image',
  'image/avif': 'an AVIF image',
  'image/heic': 'a HEIC photo (the iPhone format)',
  'image/heif': 'a HEIF photo (the iPhone format)',
  'image/bmp': 'a BMP image',
  'image/tiff': 'a TIFF image',
  'image/x-icon': 'an icon file',
  'image/vnd.microsoft.icon': 'an icon file',
  'application/pdf': 'a PDF document',
  'text/plain': 'a text file',
  'text/html': 'a web page (HTML)',
  'text/csv': 'a CSV file',
  'application/zip': 'a ZIP archive',
  'video/mp4': 'an MP4 video',
  'video/webm': 'a WebM video',
  'video/quicktime': 'a QuickTime video',
  'audio/mpeg': 'an MP3 file',
  'audio/wav': 'a WAV file',
};

/** "an SVG image" for image/svg+xml; a type not in the list by its file name's extension, or "a file of an unknown type". */
export function fileTypeName(mime: string, fileName?: string): string {
  const type = mime.trim().toLowerCase().split(';')[0]!;
  const known = NAMES[type];
  if (known) return known;
  const ext = /\.([a-z0-9]{1,8})$/i.exec(fileName ?? '')?.[1];
  if (ext) return `a .${ext.toLowerCase()} file`;
  return 'a file of an unknown type';
}
