/** @jest-environment node */
import { canaryAnswerHeaders, canaryVisit } from './canary';

const canary = (release: string, percent: number) => ({
  release,
  manifest: `http://localhost:3004/releases/${release}/mf-manifest.json`,
  percent,
});
const canaries = { mf_pages: canary('1.0.0-bbbbbbbbbbbb', 50) };
const manifest = canaries.mf_pages.manifest;
const never = () => {
  throw new Error('a visitor who has a side draws none');
};

describe('a canary', () => {
  it('puts a new visitor in or out by the draw, and gives them a cookie that keeps them there', () => {
    expect(canaryVisit(canaries, undefined, () => 0.49, false)).toMatchObject({
      overrides: { mf_pages: manifest },
      cookies: ['blog_canary_mf_pages=1.0.0-bbbbbbbbbbbb:in; Path=/; Max-Age=2592000; HttpOnly; SameSite=Lax'],
    });
    expect(canaryVisit(canaries, 'other=1', () => 0.5, true)).toMatchObject({
      overrides: undefined,
      cookies: ['blog_canary_mf_pages=1.0.0-bbbbbbbbbbbb:out; Path=/; Max-Age=2592000; HttpOnly; SameSite=Lax; Secure'],
    });
  });

  it('keeps a visitor on the side their cookie names, drawing nothing and setting no cookie', () => {
    expect(canaryVisit(canaries, 'a=1; blog_canary_mf_pages=1.0.0-bbbbbbbbbbbb:in', never, false)).toMatchObject({
      overrides: { mf_pages: manifest },
      cookies: [],
    });
    expect(canaryVisit(canaries, 'blog_canary_mf_pages=1.0.0-bbbbbbbbbbbb:out', never, false)).toMatchObject({
      overrides: undefined,
      cookies: [],
    });
  });

  it('treats a cookie of another canary (another release) as a new visitor’s', () => {
    const visit = canaryVisit(canaries, 'blog_canary_mf_pages=1.0.0-aaaaaaaaaaaa:in', () => 0.9, false);
    expect(visit.overrides).toBeUndefined();
    expect(visit.cookies).toHaveLength(1);
  });

  it('sends its share of new visitors to it, and no visitor anywhere when none runs', () => {
    const draws = Array.from({ length: 1000 }, (_, index) => index / 1000);
    const shares = [1, 30, 99].map(
      (percent) =>
        draws.filter(
          (draw) => canaryVisit({ mf_pages: canary('1.0.0-bbbbbbbbbbbb', percent) }, '', () => draw, false).overrides,
        ).length / 10,
    );
    expect(shares).toEqual([1, 30, 99]);
    expect(canaryVisit({}, 'blog_canary_mf_pages=1.0.0-bbbbbbbbbbbb:in', never, false)).toMatchObject({
      overrides: undefined,
      cookies: [],
    });
  });

  it('puts a visitor in one canary at most: one draw falls in one share, side by side, or in none', () => {
    const both = { ...canaries, mf_contact: canary('1.0.0-cccccccccccc', 20) };
    const sidesOf = (draw: number) => canaryVisit(both, undefined, () => draw, false);
    // mf_contact's share is [0, 20), mf_pages' [20, 70).
    expect(sidesOf(0.1)).toMatchObject({
      overrides: { mf_contact: both.mf_contact.manifest },
      side: 'mf_contact=1.0.0-cccccccccccc',
      sides: ['blog_canary_mf_contact=1.0.0-cccccccccccc:in', 'blog_canary_mf_pages=1.0.0-bbbbbbbbbbbb:out'],
    });
    expect(sidesOf(0.5)).toMatchObject({ overrides: { mf_pages: manifest }, side: 'mf_pages=1.0.0-bbbbbbbbbbbb' });
    expect(sidesOf(0.8)).toMatchObject({ overrides: undefined, side: 'live' });
    expect(sidesOf(0.1).cookies.map((cookie) => cookie.split(';')[0])).toEqual(sidesOf(0.1).sides);
  });

  it('keeps a visitor in a canary out of one that begins, and draws an outsider for it alone', () => {
    const both = { ...canaries, mf_contact: canary('1.0.0-cccccccccccc', 20) };
    const inside = canaryVisit(both, 'blog_canary_mf_pages=1.0.0-bbbbbbbbbbbb:in', never, false);
    expect(inside).toMatchObject({ overrides: { mf_pages: manifest }, side: 'mf_pages=1.0.0-bbbbbbbbbbbb' });
    expect(inside.cookies.map((cookie) => cookie.split(';')[0])).toEqual([
      'blog_canary_mf_contact=1.0.0-cccccccccccc:out',
    ]);
    const outside = canaryVisit(both, 'blog_canary_mf_pages=1.0.0-bbbbbbbbbbbb:out', () => 0.1, false);
    expect(outside).toMatchObject({ overrides: { mf_contact: both.mf_contact.manifest } });
    expect(outside.cookies.map((cookie) => cookie.split(';')[0])).toEqual([
      'blog_canary_mf_contact=1.0.0-cccccccccccc:in',
    ]);
  });

  it('names the side and the cookies a cache keys pages by: the live side when none runs', () => {
    expect(canaryVisit({}, 'blog_canary_mf_pages=1.0.0-bbbbbbbbbbbb:in', never, false)).toMatchObject({
      side: 'live',
      sides: [],
    });
    expect(canaryVisit(canaries, 'blog_canary_mf_pages=1.0.0-bbbbbbbbbbbb:out', never, false)).toMatchObject({
      side: 'live',
      sides: ['blog_canary_mf_pages=1.0.0-bbbbbbbbbbbb:out'],
    });
  });

  it('answers its pages as kept by no shared cache but one that keys pages by side', () => {
    expect(canaryAnswerHeaders({ 'cache-control': 'public, max-age=60', 'x-cache': 'MISS' })).toEqual({
      'cache-control': 'private, no-store',
      'canary-cache-control': 'public, max-age=60',
      'x-cache': 'MISS',
    });
  });
});
