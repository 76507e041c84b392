// Media settings (image, imageBlock, image_upload, video_upload, audio_upload): which files their
// upload button takes, checked in the browser before anything is sent (the server checks the
// bytes and the size again: src/server/modules/uploads, purpose `block-setting`).
import type { SettingType } from '../../../shared/settings/types';

export type MediaKind = 'image' | 'video' | 'audio';

/** Spec §5: 'Uploaded images should be under 5 MB' (the server's limit for every upload). */
export const MAX_MEDIA_BYTES = 5 * 1024 * 1024;

/** `accept`: what the file picker offers, when not every type the check takes (audio/mp3 is an alias). */
const MEDIA: Record<MediaKind, { accept?: string; types: string[]; extensions: string[]; label: string; noun: string }> = {
  image: {
    types: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'],
    extensions: ['png', 'jpg', 'jpeg', 'gif', 'webp'],
    label: 'PNG, JPEG, GIF or WebP images',
    noun: 'images',
  },
  video: {
    types: ['video/mp4', 'video/webm', 'video/ogg', 'video/quicktime'],
    extensions: ['mp4', 'm4v', 'webm', 'ogv', 'mov'],
    label: 'MP4, WebM, Ogg or QuickTime videos',
    noun: 'videos',
  },
  audio: {
    accept: 'audio/mpeg,audio/wav,audio/x-wav,audio/ogg,audio/mp4,audio/x-m4a,audio/flac',
    types: ['audio/mpeg', 'audio/mp3', 'audio/wav', 'audio/x-wav', 'audio/ogg', 'audio/mp4', 'audio/x-m4a', 'audio/flac'],
    extensions: ['mp3', 'wav', 'ogg', 'oga', 'opus', 'm4a', 'flac'],
    label: 'MP3, WAV, Ogg, M4A or FLAC audio',
    noun: 'audio files',
  },
};

/** The media a setting type uploads, or null when it is a plain link (`url`) or not media. */
export function mediaKindOf(type: SettingType): MediaKind | null {
  if (type === 'image' || type === 'imageBlock' || type === 'image_upload') return 'image';
  if (type === 'video_upload') return 'video';
  if (type === 'audio_upload') return 'audio';
  return null;
}

export function mediaAccept(kind: MediaKind): string {
  return MEDIA[kind].accept ?? MEDIA[kind].types.join(',');
}

const mb = (bytes: number) => (Math.round((bytes / (1024 * 1024)) * 10) / 10).toFixed(1);

/** Why a picked file cannot be uploaded for this setting, or null when it may be sent. */
export function mediaProblem(file: { name: string; size: number; type: string }, kind: MediaKind): string | null {
  const m = MEDIA[kind];
  const ext = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? '';
  // The browser's type when it gives one, else the extension (the server decides from the bytes).
  const typed = file.type ? m.types.includes(file.type.toLowerCase()) : m.extensions.includes(ext);
  if (!typed) return `Only ${m.label} can be uploaded here.`;
  if (file.size >= MAX_MEDIA_BYTES)
    return kind === 'image'
      ? `This image is ${mb(file.size)} MB. Uploaded images should be under 5 MB.`
      : `This file is ${mb(file.size)} MB. Uploaded ${m.noun} should be under 5 MB.`;
  if (file.size === 0) return 'This file is empty.';
  return null;
}

/** What a media setting may show as a preview or link: http(s) or an uploaded file. */
export function previewSrc(value: string): string | null {
  const v = value.trim();
  if (/^https?:\/\/[^\s"'<>]+$/i.test(v)) return v;
  if (/^\/api\/uploads\/[A-Za-z0-9_-]{1,32}$/.test(v)) return v;
  return null;
}
