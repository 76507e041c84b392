// Audio block settings (spec, blocks-and-data §3 "Video, audio, comments"). `audio_upload` and
// `audio_url` are ours: where the sound comes from for each audio_source_type. Data only.
import type { BlockSchema } from '../../shared/settings/types';
import { capitalisedOptions } from '../../shared/settings/options';

export const audioSchema: BlockSchema = {
  kind: 'audio',
  name: 'Audio',
  description: 'Plays an uploaded audio file, or a SoundCloud, Spotify or other embedded player.',
  category: 'media',
  icon: 'music',
  usesSheet: false,
  data: 'none',
  settings: {
    audio_source_type: {
      type: 'select',
      default: 'upload',
      label: 'Audio source',
      options: capitalisedOptions('upload', 'external'),
    },
    audio_upload: {
      type: 'audio_upload',
      default: '',
      label: 'Audio file',
      description: 'An uploaded file (under 5 MB) or a link to an .mp3, .ogg or .wav file.',
      showIf: { setting: 'audio_source_type', equals: 'upload' },
    },
    audio_type: {
      type: 'select',
      default: 'soundcloud',
      label: 'Audio type',
      options: [
        { value: 'soundcloud', label: 'SoundCloud' },
        { value: 'spotify', label: 'Spotify' },
        { value: 'embed', label: 'Embed code' },
      ],
      showIf: { setting: 'audio_source_type', equals: 'external' },
    },
    audio_url: {
      type: 'input',
      default: '',
      label: 'Audio URL',
      description:
        'SoundCloud: a soundcloud.com link. Spotify: an open.spotify.com track, album, playlist, episode or show link. Embed: the embed code (<iframe src="https://...">), a link, or a link to an audio file.',
      showIf: { setting: 'audio_source_type', equals: 'external' },
    },
    autoplay: { type: 'boolean', default: false, label: 'Autoplay', description: 'Most browsers only start sound after a click.' },
    muted: { type: 'boolean', default: false, label: 'Muted' },
    controls: { type: 'boolean', default: true, label: 'Show controls' },
    loop: { type: 'boolean', default: false, label: 'Loop' },
  },
};
