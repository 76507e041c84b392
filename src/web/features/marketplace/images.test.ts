import { describe, expect, it } from 'vitest';
import { MARKETPLACE_LIMITS, MARKETPLACE_MESSAGES } from '../../../shared/rules/marketplace';
import { emptyFormState, type FormImage, type MarketplaceFormState } from './form-state';
import { chooseAdditional, chooseThumbnail, inlineImageProblem } from './images';

const MB = 1024 * 1024;
type F = { name: string; size: number; type: string };
const png = (name: string, mb: number): F => ({ name, size: Math.round(mb * MB), type: 'image/png' });
const toImage = (file: F): FormImage<F> => ({ id: file.name, name: file.name, size: file.size, src: `blob:${file.name}`, file });
const withImages = (thumbMb: number | null, additionalMb: number[]): MarketplaceFormState<F> => ({
  ...emptyFormState<F>(),
  thumbnail: thumbMb === null ? null : toImage(png('thumb.png', thumbMb)),
  additional: additionalMb.map((mb, i) => toImage(png(`a${i}.png`, mb))),
});

describe('chooseThumbnail', () => {
  it('takes an image within the limits', () => {
    const r = chooseThumbnail(withImages(null, [2]), png('t.png', 1), toImage);
    expect(r.notice).toBeNull();
    expect(r.state.thumbnail?.name).toBe('t.png');
  });

  it.each([
    ['too large', withImages(null, []), png('t.png', 4), 'Thumbnail image is too large (4.00 MB). Maximum size per image is 3MB.'],
    ['over the total', withImages(null, [3, 3, 3, 3, 3, 3]), png('t.png', 3), /^Adding this thumbnail would exceed the 20MB total limit \(would be 21\.00 MB\)/],
    ['not an image', withImages(null, []), { name: 'notes.txt', size: 10, type: 'text/plain' }, MARKETPLACE_MESSAGES.notAnImage],
  ])('refuses one %s, keeping the form as it was', (_name, state, file, message) => {
    const r = chooseThumbnail(state, file, toImage);
    expect(r.state).toBe(state);
    expect(r.notice?.kind).toBe('error');
    expect(r.notice?.text).toMatch(message);
  });

  it.each([
    ['logo.svg', 'image/svg+xml', 'logo.svg is an SVG image, which cannot be used here. Please choose a PNG, JPEG, GIF or WebP image.'],
    ['photo.avif', 'image/avif', 'photo.avif is an AVIF image, which cannot be used here. Please choose a PNG, JPEG, GIF or WebP image.'],
    ['IMG_0042.HEIC', 'image/heic', 'IMG_0042.HEIC is a HEIC photo (the iPhone format), which cannot be used here. Please choose a PNG, JPEG, GIF or WebP image.'],
    // Some browsers give HEIC files no type at all.
    ['IMG_0043.heic', '', 'IMG_0043.heic is a HEIC photo (the iPhone format), which cannot be used here. Please choose a PNG, JPEG, GIF or WebP image.'],
  ])('refuses %s (%s) when it is chosen, naming its format and the ones allowed', (name, type, message) => {
    const state = withImages(null, []);
    const r = chooseThumbnail(state, { name, size: 1000, type }, toImage);
    expect(r.state).toBe(state);
    expect(r.notice).toEqual({ kind: 'error', text: message });
    const more = chooseAdditional(state, [{ name, size: 1000, type }, png('ok.png', 1)], toImage);
    expect(more.state.additional.map((i) => i.name)).toEqual(['ok.png']);
    expect(more.notices[0]).toEqual({ kind: 'error', text: message });
    expect(inlineImageProblem({ name, size: 1000, type }, 0)).toBe(message);
  });

  it('replacing the thumbnail does not count the old one', () => {
    expect(chooseThumbnail(withImages(3, [3, 3, 3, 3, 3]), png('t.png', 3), toImage).notice).toBeNull();
  });
});

describe('chooseAdditional', () => {
  it('adds what fits and says so', () => {
    const r = chooseAdditional(withImages(1, [1]), [png('b.png', 1), png('c.png', 1)], toImage);
    expect(r.state.additional.map((i) => i.name)).toEqual(['a0.png', 'b.png', 'c.png']);
    expect(r.notices).toEqual([{ kind: 'success', text: '2 image(s) added successfully. Total size: 4.00 MB / 20MB' }]);
  });

  it('reports each refused file on its own line, then the count, then the success', () => {
    const r = chooseAdditional(withImages(1, [1, 1, 1]), [png('big.png', 4), png('b.png', 1), png('c.png', 1), png('d.png', 1)], toImage);
    expect(r.state.additional).toHaveLength(5);
    expect(r.notices.map((n) => n.kind)).toEqual(['error', 'warning', 'success']);
    expect(r.notices[0]!.text.split('\n')).toEqual(['1 file(s) were not added:', '- big.png: exceeds 3MB limit', '', MARKETPLACE_MESSAGES.imageRequirements]);
    expect(r.notices[1]!.text).toBe('Only 2 of 3 images were added. Maximum limit is 5 images.');
  });

  it('refuses a sixth image', () => {
    const state = withImages(1, [1, 1, 1, 1, 1]);
    const r = chooseAdditional(state, [png('f.png', 1)], toImage);
    expect(r.state).toBe(state);
    expect(r.notices).toEqual([{ kind: 'error', text: MARKETPLACE_MESSAGES.fifthImage }]);
  });

  it('leaves out files that are not images', () => {
    const r = chooseAdditional(withImages(null, []), [{ name: 'x.pdf', size: 5, type: 'application/pdf' }, png('b.png', 1)], toImage);
    expect(r.state.additional.map((i) => i.name)).toEqual(['b.png']);
    expect(r.notices[0]).toEqual({ kind: 'error', text: MARKETPLACE_MESSAGES.notAnImage });
  });
});

describe('inlineImageProblem', () => {
  it.each([
    [png('a.png', 1), 0, null],
    [{ name: 'a.txt', size: 10, type: 'text/plain' }, 0, MARKETPLACE_MESSAGES.notAnImage],
    [png('a.png', 3.5), 0, 'This image is too large (3.50 MB). Maximum size per image is 3MB.'],
    [png('a.png', 2), MARKETPLACE_LIMITS.descriptionMaxChars - 1000, MARKETPLACE_MESSAGES.descriptionTooLong],
  ])('%j with %d characters already → %s', (file, chars, problem) => expect(inlineImageProblem(file, chars)).toBe(problem));
});
