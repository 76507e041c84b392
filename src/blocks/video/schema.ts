// Video block settings (spec, blocks-and-data §3 "Video, audio, comments"). Data only (JSON
// round trip). "Video needs muted on for autoplay" (§5) is a hide rule: autoplay is offered only
// while muted is on, and the view (video-url.ts playbackOf) never autoplays unmuted whatever is
// stored.
import type { BlockSchema } from '../../shared/settings/types';
import { capitalisedOptions, sameLabelOptions } from '../../shared/settings/options';
import { defineSettings } from '../../shared/settings/read';

export const videoSettings = defineSettings({
  video_type: {
    type: 'select',
    default: 'youtube',
    label: 'Video type',
    options: [
      { value: 'youtube', label: 'YouTube' },
      { value: 'vimeo', label: 'Vimeo' },
      { value: 'direct', label: 'Direct (uploaded or linked file)' },
      { value: 'embed', label: 'Embed code' },
    ],
  },
  video_url: {
    type: 'input',
    default: '',
    label: 'Video URL',
    description:
      'YouTube: a watch, youtu.be, shorts or embed link. Vimeo: a vimeo.com link. Direct: a link to an .mp4/.webm file. Embed: the embed code (<iframe src="https://...">) or a link.',
  },
  video_upload: {
    type: 'video_upload',
    default: '',
    label: 'Video file',
    description: 'Uploaded files must be under 5 MB; used instead of the URL.',
    showIf: { setting: 'video_type', equals: 'direct' },
  },
  layout: {
    type: 'select',
    default: 'inline',
    label: 'Layout',
    options: capitalisedOptions('inline', 'popup', 'fullscreen'),
  },
  aspect_ratio: { type: 'select', default: '16:9', label: 'Aspect ratio', options: sameLabelOptions('16:9', '4:3', '1:1', '21:9') },
  muted: { type: 'boolean', default: false, label: 'Muted', description: 'Browsers only start videos by themselves when they are muted.' },
  autoplay: {
    type: 'boolean',
    default: false,
    label: 'Autoplay',
    description: 'Video needs muted on for autoplay.',
    showIf: { setting: 'muted', equals: true },
  },
  controls: { type: 'boolean', default: true, label: 'Show controls' },
  loop: { type: 'boolean', default: false, label: 'Loop' },
  hover_effect: {
    type: 'select',
    default: 'zoom',
    label: 'Hover effect',
    options: capitalisedOptions('none', 'zoom', 'lift', 'shadow'),
  },
  play_button_style: {
    type: 'select',
    default: 'circle',
    label: 'Play button style',
    options: [
      { value: 'circle', label: 'Circle' },
      { value: 'rounded', label: 'Rounded square' },
      { value: 'minimal', label: 'Minimal (icon only)' },
    ],
    showIf: { any: [{ setting: 'layout', in: ['popup', 'fullscreen'] }, { setting: 'video_type', equals: 'direct' }] },
  },
  play_button_color: {
    type: 'color',
    default: '#4f46e5',
    label: 'Play button colour',
    showIf: { any: [{ setting: 'layout', in: ['popup', 'fullscreen'] }, { setting: 'video_type', equals: 'direct' }] },
  },
  play_icon_color: {
    type: 'color',
    default: '#ffffff',
    label: 'Play icon colour',
    showIf: { any: [{ setting: 'layout', in: ['popup', 'fullscreen'] }, { setting: 'video_type', equals: 'direct' }] },
  },
});

export const videoSchema: BlockSchema = {
  kind: 'video',
  name: 'Video',
  description: 'Plays a YouTube or Vimeo video, an uploaded or linked video file, or pasted embed code.',
  category: 'media',
  icon: 'video',
  usesSheet: false,
  data: 'none',
  settings: {
    ...videoSettings,
  },
};
