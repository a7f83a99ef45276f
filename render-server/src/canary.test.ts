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
    expect(canaryVisit(canaries, undefined, () => 0.49, false)).toEqual({
      overrides: { mf_pages: manifest },
      cookies: ['blog_canary_mf_pages=1.0.0-bbbbbbbbbbbb:in; Path=/; Max-Age=2592000; HttpOnly; SameSite=Lax'],
    });
    expect(canaryVisit(canaries, 'other=1', () => 0.5, true)).toEqual({
      overrides: undefined,
      cookies: ['blog_canary_mf_pages=1.0.0-bbbbbbbbbbbb:out; Path=/; Max-Age=2592000; HttpOnly; SameSite=Lax; Secure'],
    });
  });

  it('keeps a visitor on the side their cookie names, drawing nothing and setting no cookie', () => {
    expect(canaryVisit(canaries, 'a=1; blog_canary_mf_pages=1.0.0-bbbbbbbbbbbb:in', never, false)).toEqual({
      overrides: { mf_pages: manifest },
      cookies: [],
    });
    expect(canaryVisit(canaries, 'blog_canary_mf_pages=1.0.0-bbbbbbbbbbbb:out', never, false)).toEqual({
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
    expect(canaryVisit({}, 'blog_canary_mf_pages=1.0.0-bbbbbbbbbbbb:in', never, false)).toEqual({
      overrides: undefined,
      cookies: [],
    });
  });

  it('gives a visitor each section’s side of its own', () => {
    const both = { ...canaries, mf_contact: canary('1.0.0-cccccccccccc', 50) };
    const draws = [0.1, 0.9];
    const visit = canaryVisit(both, undefined, () => draws.shift() as number, false);
    expect(visit.overrides).toEqual({ mf_pages: manifest });
    expect(visit.cookies.map((cookie) => cookie.split(';')[0])).toEqual([
      'blog_canary_mf_pages=1.0.0-bbbbbbbbbbbb:in',
      'blog_canary_mf_contact=1.0.0-cccccccccccc:out',
    ]);
  });

  it('answers its pages as kept by no shared cache', () => {
    expect(canaryAnswerHeaders({ 'cache-control': 'public, max-age=60', 'x-cache': 'MISS' })).toEqual({
      'cache-control': 'private, no-store',
      'x-cache': 'MISS',
    });
  });
});
