import { describe, expect, it } from 'vitest';
import {
  categoryLabel,
  checkThumbnail,
  DEFAULT_THUMBNAIL_BG,
  galleryDownloadName,
  HEX_COLOUR,
  MARKETPLACE_CATEGORIES,
  MARKETPLACE_DIALOG_TITLES,
  MARKETPLACE_LIMITS,
  MARKETPLACE_MESSAGES,
  marketplaceFormProblem,
  marketplaceMessages,
  parseTags,
  planAdditionalImages,
  priceCents,
  priceLabel,
  priceProblem,
  richTextHasContent,
  THUMBNAIL_BG_PRESETS,
  type MarketplaceFormValues,
} from './marketplace';

const MB = 1024 * 1024;

describe('the constants of §3 and §9', () => {
  it('has the limits verbatim', () => {
    expect(MARKETPLACE_LIMITS).toMatchObject({
      minPrice: 5,
      priceStep: 0.01,
      defaultPrice: 5,
      summaryMax: 175,
      imageMaxBytes: 3145728,
      totalMaxBytes: 20971520,
      maxAdditionalImages: 5,
      submitCloseMs: 3000,
    });
  });

  it('has the 11 categories and the 12 presets, default white', () => {
    expect(MARKETPLACE_CATEGORIES).toHaveLength(11);
    expect(new Set(MARKETPLACE_CATEGORIES.map((c) => c.value)).size).toBe(11);
    expect(THUMBNAIL_BG_PRESETS).toHaveLength(12);
    expect(THUMBNAIL_BG_PRESETS.every((c) => HEX_COLOUR.test(c))).toBe(true);
    expect(DEFAULT_THUMBNAIL_BG).toBe('#ffffff');
  });

  it.each([
    ['none', 'Publish to Marketplace'],
    ['pending', 'Submission Status'],
    ['published', 'Template Published'],
    ['rejected', 'Resubmit Template'],
  ] as const)('dialog title of %s is %s', (status, title) => expect(MARKETPLACE_DIALOG_TITLES[status]).toBe(title));
});

describe('categoryLabel', () => {
  it.each([
    ['ecommerce-retail', 'E-Commerce & Retail'],
    ['hr-hiring-teams', 'HR /Hiring & Teams'],
    ['project-task-management', 'Project & Task Management'],
    ['other', 'Other'],
    ['not-a-category', 'not-a-category'],
  ])('%s → %s', (value, label) => expect(categoryLabel(value)).toBe(label));
});

describe('HEX_COLOUR', () => {
  it.each([
    ['#fff', true],
    ['#FFFFFF', true],
    ['#4caf50', true],
    ['#ffff', false],
    ['fff', false],
    ['#ggg', false],
    ['red', false],
    ['#ffffff;background:url(x)', false],
  ])('%s → %s', (colour, ok) => expect(HEX_COLOUR.test(colour)).toBe(ok));
});

describe('parseTags', () => {
  it.each<[string | string[], string[]]>([
    ['', []],
    ['  ,  , ', []],
    ['crm', ['crm']],
    [' crm , sales,, small business ', ['crm', 'sales', 'small business']],
    [['crm', ' sales '], ['crm', 'sales']],
    [['a,b', '', ' '], ['a', 'b']],
  ])('%j → %j', (input, tags) => expect(parseTags(input)).toEqual(tags));
});

describe('richTextHasContent', () => {
  it.each([
    ['', false],
    ['<p></p>', false],
    ['<p><br></p>', false],
    ['<p>&nbsp; &#160;</p>', false],
    ['<p> \n </p>', false],
    ['<p>&#xA0;&#xa0;&NBSP;&#0160;</p>', false],
    ['<p>\u200b&#8203;&ZeroWidthSpace;</p>', false],
    ['<p>\u00a0x</p>', true],
    ['<p>Hello</p>', true],
    ['<h1>A</h1><p></p>', true],
    ['<p><img src="data:image/png;base64,AAAA"></p>', true],
    ['<p><IMG SRC="x.png"></p>', true],
  ])('%j → %s', (html, has) => expect(richTextHasContent(html)).toBe(has));
});

describe('checkThumbnail', () => {
  it.each([
    [1 * MB, 0, null],
    [MARKETPLACE_LIMITS.imageMaxBytes, 0, null],
    [MARKETPLACE_LIMITS.imageMaxBytes + 1, 0, 'Thumbnail image is too large (3.00 MB). Maximum size per image is 3MB.'],
    [5 * MB, 0, 'Thumbnail image is too large (5.00 MB). Maximum size per image is 3MB.'],
    [2 * MB, 18 * MB, null],
    [3 * MB, 18 * MB, marketplaceMessages.thumbnailExceedsTotal(21 * MB)],
  ])('%d bytes with %d already → %s', (size, others, message) => {
    const r = checkThumbnail(size, others);
    expect(r.ok).toBe(message === null);
    expect(r.message ?? null).toBe(message);
  });

  it('says the total in the words of §5', () => {
    expect(marketplaceMessages.thumbnailExceedsTotal(21 * MB)).toMatch(/^Adding this thumbnail would exceed the 20MB total limit \(would be 21\.00 MB\)/);
  });
});

describe('planAdditionalImages', () => {
  const file = (name: string, mb: number) => ({ name, size: mb * MB });

  it.each([
    {
      name: 'all fit',
      current: { count: 0, totalBytes: 1 * MB },
      files: [file('a.png', 1), file('b.png', 2)],
      accepted: [0, 1],
      report: null,
      countMessage: null,
      success: '2 image(s) added successfully. Total size: 4.00 MB / 20MB',
    },
    {
      name: 'the fifth is the last',
      current: { count: 5, totalBytes: 5 * MB },
      files: [file('a.png', 1)],
      accepted: [],
      report: null,
      countMessage: 'Maximum of 5 additional images allowed. Please remove an image first.',
      success: null,
    },
    {
      name: 'only some fit the count',
      current: { count: 3, totalBytes: 3 * MB },
      files: [file('a.png', 1), file('b.png', 1), file('c.png', 1)],
      accepted: [0, 1],
      report: null,
      countMessage: 'Only 2 of 3 images were added. Maximum limit is 5 images.',
      success: '2 image(s) added successfully. Total size: 5.00 MB / 20MB',
    },
    {
      name: 'too big and over the total',
      current: { count: 0, totalBytes: 16 * MB },
      files: [file('huge.png', 4), file('ok.png', 2), file('over.png', 3)],
      accepted: [1],
      report: ['2 file(s) were not added:', '- huge.png: exceeds 3MB limit', '- over.png: would exceed 20MB total limit', '', 'Image requirements: Max 3MB per image, 20MB total for all images.'].join('\n'),
      countMessage: null,
      success: '1 image(s) added successfully. Total size: 18.00 MB / 20MB',
    },
    {
      name: 'nothing fits',
      current: { count: 1, totalBytes: 0 },
      files: [file('huge.png', 3.5)],
      accepted: [],
      report: ['1 file(s) were not added:', '- huge.png: exceeds 3MB limit', '', MARKETPLACE_MESSAGES.imageRequirements].join('\n'),
      countMessage: null,
      success: null,
    },
  ])('$name', ({ current, files, accepted, report, countMessage, success }) => {
    expect(planAdditionalImages(current, files)).toEqual({ accepted, report, countMessage, success });
  });
});

describe('marketplaceFormProblem', () => {
  const ok: MarketplaceFormValues = {
    title: 'Inventory tracker',
    summary: 'Track stock levels',
    tags: ['inventory'],
    description: '<p>Keeps your stock up to date.</p>',
    category: 'operations-logistics',
    price: 5,
    is_free: true,
    thumbnail: '/uploads/t.png',
    thumbnail_bg_color: '#ffffff',
    additional_images: ['/uploads/a.png'],
  };

  it.each<[string, Partial<MarketplaceFormValues>, number | undefined, string | null]>([
    ['a complete form', {}, undefined, null],
    ['a blank title', { title: '   ' }, undefined, MARKETPLACE_MESSAGES.required],
    ['a blank summary', { summary: '' }, undefined, MARKETPLACE_MESSAGES.required],
    ['an empty description', { description: '<p></p>' }, undefined, MARKETPLACE_MESSAGES.required],
    ['no category', { category: '' }, undefined, MARKETPLACE_MESSAGES.required],
    ['only empty tags', { tags: [' ', ''] }, undefined, MARKETPLACE_MESSAGES.required],
    ['no thumbnail', { thumbnail: '' }, undefined, MARKETPLACE_MESSAGES.noThumbnail],
    ['no additional image', { additional_images: [] }, undefined, MARKETPLACE_MESSAGES.noAdditional],
    ['a summary of 175', { summary: 'x'.repeat(175) }, undefined, null],
    ['a summary of 176', { summary: 'x'.repeat(176) }, undefined, MARKETPLACE_MESSAGES.summaryTooLong],
    ['a summary of 175 with spaces round it', { summary: `  ${'x'.repeat(175)}  ` }, undefined, null],
    ['a long title', { title: 'x'.repeat(MARKETPLACE_LIMITS.titleMax + 1) }, undefined, MARKETPLACE_MESSAGES.titleTooLong],
    ['an unknown category', { category: 'toys' }, undefined, MARKETPLACE_MESSAGES.unknownCategory],
    ['too many tags', { tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, undefined, MARKETPLACE_MESSAGES.tooManyTags],
    ['a long tag', { tags: ['x'.repeat(41)] }, undefined, MARKETPLACE_MESSAGES.tooManyTags],
    ['paid at 5', { is_free: false, price: 5 }, undefined, null],
    ['paid at 4.99', { is_free: false, price: 4.99 }, undefined, MARKETPLACE_MESSAGES.minPrice],
    ['paid without a number', { is_free: false, price: Number.NaN }, undefined, MARKETPLACE_MESSAGES.minPrice],
    ['paid at 999,999.99 (the most Stripe charges)', { is_free: false, price: 999_999.99 }, undefined, null],
    ['paid at 19.99', { is_free: false, price: 19.99 }, undefined, null],
    ['paid at 1,000,000', { is_free: false, price: 1_000_000 }, undefined, MARKETPLACE_MESSAGES.priceTooHigh],
    ['paid at 1e9', { is_free: false, price: 1e9 }, undefined, MARKETPLACE_MESSAGES.priceTooHigh],
    ['paid at 1e300', { is_free: false, price: 1e300 }, undefined, MARKETPLACE_MESSAGES.priceTooHigh],
    ['paid at Infinity', { is_free: false, price: Number.POSITIVE_INFINITY }, undefined, MARKETPLACE_MESSAGES.minPrice],
    ['paid at 10.999 (three decimals)', { is_free: false, price: 10.999 }, undefined, MARKETPLACE_MESSAGES.priceTooHigh],
    ['paid at 12.345 (three decimals)', { is_free: false, price: 12.345 }, undefined, MARKETPLACE_MESSAGES.priceTooHigh],
    ['free with a price out of range (the price is not used)', { is_free: true, price: 1e300 }, undefined, null],
    ['free at 0', { is_free: true, price: 0 }, undefined, null],
    ['a colour that is not one', { thumbnail_bg_color: 'red' }, undefined, MARKETPLACE_MESSAGES.badColour],
    ['six additional images', { additional_images: ['1', '2', '3', '4', '5', '6'] }, undefined, MARKETPLACE_MESSAGES.fifthImage],
    ['images at 20MB', {}, MARKETPLACE_LIMITS.totalMaxBytes, null],
    ['images over 20MB', {}, 21 * MB, 'Total image size exceeds 20MB limit (21.00 MB). Please reduce image sizes.'],
  ])('%s', (_name, patch, bytes, expected) => expect(marketplaceFormProblem({ ...ok, ...patch }, bytes)).toBe(expected));
});

describe('priceProblem and priceCents', () => {
  it('says what to enter in plain words', () => {
    expect(MARKETPLACE_MESSAGES.priceTooHigh).toBe('Enter a price up to USD 999,999.99 with at most two decimals');
    expect(priceProblem(MARKETPLACE_LIMITS.maxPrice)).toBeNull();
  });

  it.each([
    [5, 500],
    [19.99, 1999],
    [5.29, 529],
    [999_999.99, 99_999_999],
  ])('%d → %d cents', (price, cents) => {
    expect(priceProblem(price)).toBeNull();
    expect(priceCents(price)).toBe(cents);
  });
});

describe('priceLabel and galleryDownloadName', () => {
  it.each([
    [true, 10, 'Free'],
    [false, 5, '$5.00'],
    [false, 12.5, '$12.50'],
  ])('priceLabel(%s, %d) → %s', (free, price, label) => expect(priceLabel(free, price)).toBe(label));

  it.each([
    ['thumbnail', 1, 'template-thumbnail-1.jpg'],
    ['additional', 3, 'template-additional-3.jpg'],
  ] as const)('%s %d → %s', (type, index, name) => expect(galleryDownloadName(type, index)).toBe(name));
});

describe('the §8 upload messages', () => {
  it('reads as the spec words them', () => {
    expect(MARKETPLACE_MESSAGES.thumbnailTooBigUpload).toBe('Thumbnail image exceeds the 3MB size limit. Please choose a smaller image.');
    expect(marketplaceMessages.imageTooBigUpload(2)).toBe('Image 2 exceeds the 3MB size limit. Please choose smaller images.');
    expect(marketplaceMessages.thumbnailUploadFailed('disk full')).toBe('Failed to upload thumbnail: disk full');
    expect(marketplaceMessages.imageUploadFailed(3, 'disk full')).toBe('Failed to upload image 3: disk full');
  });
});
