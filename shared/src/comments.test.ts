import { visibleComments } from './comments';
import { aComment } from './testing';

describe('visibleComments', () => {
  it('shows the approved comments of the article only', () => {
    const approved = aComment({ article: 'Drone swarms', approve_comment: true });
    const waiting = aComment({ article: 'Drone swarms', approve_comment: false });
    const elsewhere = aComment({ article: 'Budget', approve_comment: true });
    expect(visibleComments([approved, waiting, elsewhere], 'Drone swarms')).toEqual([approved]);
  });
});
