// Server-side renders of the presentation views (image gallery, image grid / accordion / text,
// testimonial, FAQ): what the rows and settings say is shown, and nothing unsafe reaches the page.
import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import type { BlockSchema } from '../shared/settings/types';
import { FaqBlock } from './faq/FaqBlock';
import { faqSchema } from './faq/schema';
import { ImageGalleryBlock } from './image_gallery/ImageGalleryBlock';
import { imageGallerySchema } from './image_gallery/schema';
import { ImageAccordionBlock } from './image_text/ImageAccordionBlock';
import { ImageGridBlock } from './image_text/ImageGridBlock';
import { ImageTextBlock } from './image_text/ImageTextBlock';
import { imageAccordionSchema, imageGridSchema, imageTextSchema } from './image_text/schema';
import { testimonialSchema } from './testimonial/schema';
import { TestimonialBlock } from './testimonial/TestimonialBlock';
import type { BlockViewProps } from './types';
import { renderBlock, viewData } from './testing/views';

type Row = Record<string, unknown>;

function render(View: ComponentType<BlockViewProps>, schema: BlockSchema, input: Row, rows: Row[] = [], mode: 'view' | 'edit' = 'view') {
  return renderBlock(View, schema, { sheet_title: 'Sheet', ...input }, viewData(rows), mode);
}

const photos: Row[] = [
  { _id: '1', Img: 'https://img.test/1.jpg', Cap: 'Sunrise', Desc: 'Over <b>hills</b>' },
  { _id: '2', Img: 'javascript:alert(1)', Cap: 'Bad' },
  { _id: '3', Img: '/api/uploads/abc', Cap: 'Uploaded' },
];

describe('ImageGalleryBlock', () => {
  it.each(['grid', 'masonry', 'carousel', 'FullScreenView'])('%s shows the safe images with captions as text', (layout) => {
    const html = render(ImageGalleryBlock, imageGallerySchema, { layout, image_column: 'Img', caption_column: 'Cap', description_column: 'Desc' }, photos);
    expect(html).toContain('src="https://img.test/1.jpg"');
    expect(html).toContain('src="/api/uploads/abc"');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('Sunrise');
    expect(html).not.toContain('<b>hills');
  });
  it('asks the editor for the image column', () => {
    expect(render(ImageGalleryBlock, imageGallerySchema, {}, photos, 'edit')).toContain('Choose the image column in the block settings.');
  });
  it('grid columns, margin, padding and Transparent reach the styles', () => {
    const html = render(ImageGalleryBlock, imageGallerySchema, { layout: 'grid', image_column: 'Img', grid_columns: 4, margin: 20, gallery_padding: 30, Transparent: 0.5 }, photos);
    expect(html).toContain('--sb-cols:4');
    expect(html).toContain('gap:20px');
    expect(html).toContain('padding:30px');
    expect(html).toContain('opacity:0.5');
  });
});

describe('image grid, accordion and text', () => {
  const input = {
    title: 'Why us',
    paragraph: 'We <i>care</i>.',
    imageUrl: 'https://img.test/main.jpg',
    learn_more_link: 'https://example.test/more',
    learn_more_text: 'Read more',
  };
  it.each([
    ['image_text', ImageTextBlock, imageTextSchema],
    ['image_grid', ImageGridBlock, imageGridSchema],
    ['image_accordion', ImageAccordionBlock, imageAccordionSchema],
  ] as const)('%s shows the paragraph, the default features and Learn More', (_kind, View, schema) => {
    const html = render(View, schema, input);
    expect(html).toContain('We &lt;i&gt;care&lt;/i&gt;.');
    expect(html).toContain('Quality');
    expect(html).toContain('href="https://example.test/more"');
    expect(html).toContain('Read more');
    expect(html).toContain('https://img.test/main.jpg');
  });
  it('an unsafe link or image never becomes an attribute', () => {
    const html = render(ImageTextBlock, imageTextSchema, { imageUrl: 'javascript:alert(1)', learn_more_link: 'javascript:alert(2)' });
    expect(html).not.toContain('javascript:');
  });
});

describe('TestimonialBlock', () => {
  const rows = [
    { _id: 'a', T: 'Brilliant service', N: 'Ada', D: 'CTO', C: 'Engines', R: '9' },
    { _id: 'b', T: 'Good', N: 'Bob', R: 'great' },
  ];
  it('grid: every card, clamped stars, role', () => {
    const html = render(TestimonialBlock, testimonialSchema, { testimonial_text: 'T', name: 'N', designation: 'D', company: 'C', rating: 'R' }, rows);
    expect(html).toContain('Brilliant service');
    expect(html).toContain('Good');
    expect(html).toContain('CTO, Engines');
    expect(html).toContain('5 out of 5 stars');
    expect(html.match(/out of 5 stars/g)).toHaveLength(1);
    expect(html).toContain('What our customers say');
  });
  it('single: one card at a time with previous and next', () => {
    const html = render(TestimonialBlock, testimonialSchema, { Layout: 'single', testimonial_text: 'T' }, rows);
    expect(html).toContain('Brilliant service');
    expect(html).not.toContain('>Good<');
    expect(html).toContain('Next testimonial');
  });
});

describe('FaqBlock', () => {
  const rows = [
    { _id: '1', Q: 'How do I pay?', A: 'By card.' },
    { _id: '2', Q: 'Can I return?', A: 'Within <b>30</b> days.' },
  ];
  it('accordion: the first item open, the others closed; search box', () => {
    const html = render(FaqBlock, faqSchema, { question_column: 'Q', answer_column: 'A' }, rows);
    expect(html).toContain('aria-expanded="true"');
    expect(html).toContain('aria-expanded="false"');
    expect(html).toContain('By card.');
    expect(html).not.toContain('30</b>');
    expect(html).toContain('Search questions');
  });
  it('list: every answer, no search when allow_search is off', () => {
    const html = render(FaqBlock, faqSchema, { Layout: 'list', allow_search: false, question_column: 'Q', answer_column: 'A' }, rows);
    expect(html).toContain('Within &lt;b&gt;30&lt;/b&gt; days.');
    expect(html).not.toContain('Search questions');
  });
  it('expand_first_item off: all closed', () => {
    const html = render(FaqBlock, faqSchema, { question_column: 'Q', answer_column: 'A', expand_first_item: false }, rows);
    expect(html).not.toContain('aria-expanded="true"');
  });
});
