import { planVote, voteCount, voteFailureAlert } from './votes';

const counts = { like: 4, dislike: 2 };

describe('planVote', () => {
  it('adds one like to a comment not voted on', () => {
    expect(planVote('none', 'like', counts)).toEqual({
      ok: true,
      next: 'liked',
      steps: [{ field: 'like', base: 4, value: 5 }],
    });
  });

  it('adds one dislike to a comment not voted on', () => {
    expect(planVote('none', 'dislike', counts)).toEqual({
      ok: true,
      next: 'disliked',
      steps: [{ field: 'dislike', base: 2, value: 3 }],
    });
  });

  it('takes the dislike back before liking a disliked comment', () => {
    expect(planVote('disliked', 'like', counts)).toEqual({
      ok: true,
      next: 'liked',
      steps: [
        { field: 'dislike', base: 2, value: 1 },
        { field: 'like', base: 4, value: 5 },
      ],
    });
  });

  it('takes the like back before disliking a liked comment', () => {
    expect(planVote('liked', 'dislike', counts)).toEqual({
      ok: true,
      next: 'disliked',
      steps: [
        { field: 'like', base: 4, value: 3 },
        { field: 'dislike', base: 2, value: 3 },
      ],
    });
  });

  it('never takes a count below zero', () => {
    expect(planVote('disliked', 'like', { like: 0, dislike: 0 })).toEqual({
      ok: true,
      next: 'liked',
      steps: [{ field: 'like', base: 0, value: 1 }],
    });
  });

  it('refuses a repeated vote with the Spanish alert', () => {
    expect(planVote('liked', 'like', counts)).toEqual({ ok: false, alert: 'Ya has dado like a este comentario.' });
    expect(planVote('disliked', 'dislike', counts)).toEqual({
      ok: false,
      alert: 'Ya has dado dislike a este comentario.',
    });
  });
});

describe('voteFailureAlert', () => {
  it('names the counter that failed', () => {
    expect(voteFailureAlert('like')).toBe('Failed to update like. Please try again.');
    expect(voteFailureAlert('dislike')).toBe('Failed to update dislike. Please try again.');
  });
});

describe('voteCount', () => {
  it('reads the stored text count', () => {
    expect(voteCount('12')).toBe(12);
    expect(voteCount(' 3 ')).toBe(3);
    expect(voteCount('0')).toBe(0);
  });

  it.each([null, '', 'abc', '-2', '2.5', '1e3'])('reads %p as no votes', (raw) => {
    expect(voteCount(raw)).toBe(0);
  });
});
