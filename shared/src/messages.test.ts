import * as messages from './messages';

it('keeps the exact alert texts of the spec', () => {
  expect(messages).toEqual({
    FORM_SUBMITTED: 'Form submitted successfully!',
    FORM_SUBMIT_FAILED: 'Failed to submit form. Please try again.',
    LIKE_FAILED: 'Failed to update like. Please try again.',
    DISLIKE_FAILED: 'Failed to update dislike. Please try again.',
    ALREADY_LIKED: 'Ya has dado like a este comentario.',
    ALREADY_DISLIKED: 'Ya has dado dislike a este comentario.',
  });
});
