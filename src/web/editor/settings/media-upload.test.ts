import { describe, expect, it } from 'vitest';
import { MAX_MEDIA_BYTES, mediaKindOf, mediaProblem, previewSrc } from './media-upload';

describe('media settings', () => {
  it.each([
    ['image', 'image'],
    ['imageBlock', 'image'],
    ['image_upload', 'image'],
    ['video_upload', 'video'],
    ['audio_upload', 'audio'],
    ['url', null],
    ['input', null],
  ] as const)('%s uploads %s', (type, kind) => {
    expect(mediaKindOf(type)).toBe(kind);
  });

  it.each([
    ['a small png', { name: 'a.png', size: 1000, type: 'image/png' }, 'image', null],
    ['a jpeg without a browser type', { name: 'a.JPG', size: 1000, type: '' }, 'image', null],
    ['just under 5 MB', { name: 'a.webp', size: MAX_MEDIA_BYTES - 1, type: 'image/webp' }, 'image', null],
    ['exactly 5 MB', { name: 'a.png', size: MAX_MEDIA_BYTES, type: 'image/png' }, 'image', 'This image is 5.0 MB. Uploaded images should be under 5 MB.'],
    ['7.3 MB', { name: 'a.png', size: 7.3 * 1024 * 1024, type: 'image/png' }, 'image', 'This image is 7.3 MB. Uploaded images should be under 5 MB.'],
    ['an svg', { name: 'a.svg', size: 100, type: 'image/svg+xml' }, 'image', 'Only PNG, JPEG, GIF or WebP images can be uploaded here.'],
    ['a pdf named .png by the browser type', { name: 'a.png', size: 100, type: 'application/pdf' }, 'image', 'Only PNG, JPEG, GIF or WebP images can be uploaded here.'],
    ['an empty image', { name: 'a.png', size: 0, type: 'image/png' }, 'image', 'This file is empty.'],
    ['a video', { name: 'v.mp4', size: 100, type: 'video/mp4' }, 'video', null],
    ['a big video', { name: 'v.mp4', size: MAX_MEDIA_BYTES + 5, type: 'video/mp4' }, 'video', 'This file is 5.0 MB. Uploaded videos should be under 5 MB.'],
    ['an image as audio', { name: 'a.png', size: 100, type: 'image/png' }, 'audio', 'Only MP3, WAV, Ogg, M4A or FLAC audio can be uploaded here.'],
    ['an mp3', { name: 'a.mp3', size: 100, type: 'audio/mpeg' }, 'audio', null],
  ] as const)('%s', (_name, file, kind, problem) => {
    expect(mediaProblem(file, kind)).toBe(problem);
  });

  it.each([
    ['https://x.example/a.png', 'https://x.example/a.png'],
    ['/api/uploads/abc_123', '/api/uploads/abc_123'],
    ['/api/uploads/../secret', null],
    ['javascript:alert(1)', null],
    ['data:image/png;base64,AAAA', null],
    ['', null],
  ])('preview of %s', (value, src) => {
    expect(previewSrc(value)).toBe(src);
  });
});
