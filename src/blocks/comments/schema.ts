// Comments block settings (spec, blocks-and-data §3 "Video, audio, comments": subtitle, colours,
// comments_per_page 5/10/15/20/25/50, default 10). The comments themselves live on the server
// (GET/POST /api/blocks/{id}/comments); the renderer loads them into data.comments. Data only.
import type { BlockSchema } from '../../shared/settings/types';
import { buttonColorSettings } from '../../shared/settings/fragments';
import { defineSettings } from '../../shared/settings/read';

export const commentsSettings = defineSettings({
  subtitle: { type: 'input', default: 'Share your thoughts with us.', label: 'Subtitle' },
  comments_per_page: {
    type: 'select',
    default: '10',
    label: 'Comments per page',
    options: ['5', '10', '15', '20', '25', '50'].map((value) => ({ value, label: value })),
  },
  post_button_text: { type: 'input', default: 'Post comment', label: 'Post button text' },
  subtitle_color: { type: 'color', default: '#6b7280', label: 'Subtitle colour' },
  comment_background_color: { type: 'color', default: '#f8fafc', label: 'Comment background colour' },
  author_color: { type: 'color', default: '#1f2937', label: 'Author colour' },
  comment_text_color: { type: 'color', default: '#374151', label: 'Comment text colour' },
  date_color: { type: 'color', default: '#6b7280', label: 'Date colour' },
  ...buttonColorSettings(),
});

export const commentsSchema: BlockSchema = {
  kind: 'comments',
  name: 'Comments',
  description: 'Visitors leave comments under their name; newest first, with pages.',
  category: 'content',
  icon: 'message',
  usesSheet: false,
  data: 'none',
  settings: {
    ...commentsSettings,
  },
  needs: { comments: true },
};
